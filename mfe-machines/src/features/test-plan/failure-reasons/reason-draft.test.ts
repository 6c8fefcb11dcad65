import { describe, expect, it } from '@jest/globals';
import { codeOf, reasonErrors } from './reason-draft';

describe('a new failure reason before it is sent', () => {
  it('takes a code in capitals (typed in any case) and a name', () => {
    expect(codeOf('  iso-2 ')).toBe('ISO-2');
    expect(reasonErrors('iso-2', 'Isolationsfehler', ['ISO'])).toEqual({});
  });

  it('refuses a hostile, long, taken or empty code and an empty or long name, in German', () => {
    for (const code of ['<script>', '', 'A'.repeat(21), 'Ä', '-X'])
      expect(reasonErrors(code, 'x', [])).toEqual({
        code: 'Großbuchstaben, Ziffern, „-“ und „_“, höchstens 20 Zeichen (z. B. ISO)',
      });
    expect(reasonErrors('iso', 'x', ['ISO'])).toEqual({
      code: 'Diesen Code hat schon ein anderer Fehlergrund',
    });
    expect(reasonErrors('NEU', '   ', [])).toEqual({ name: 'Bitte die Bezeichnung angeben' });
    expect(reasonErrors('NEU', 'x'.repeat(121), [])).toEqual({ name: 'Höchstens 120 Zeichen' });
  });
});
