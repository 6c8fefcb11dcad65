import { describe, expect, it } from '@jest/globals';
import { idErrors } from './ids-draft';

describe('idErrors', () => {
  it('takes ids MID/RID of digits, each once, each with a step', () => {
    expect(idErrors([{ column_key: ' 68/135 ', step_key: 'isolation' }])).toEqual({});
    expect(
      idErrors([
        { column_key: '68/135', step_key: 'isolation' },
        { column_key: '68/135', step_key: 'insulation_resistance' },
        { column_key: '68-135', step_key: '' },
        { column_key: '1234567/1', step_key: 'isolation' },
      ]),
    ).toEqual({
      '1.column_key': 'twice',
      '2.column_key': 'pattern',
      '2.step_key': 'step',
      '3.column_key': 'pattern',
    });
  });
});
