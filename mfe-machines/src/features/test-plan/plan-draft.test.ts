import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PLAN_STEPS, PLAN_STEPS_MAX } from 'contracts';
import { draftOf, keyFromTitle, moveStep, newStep, stepOf, validatePlan, type DraftStep } from './plan-draft';

const numericStep = (changes: Partial<DraftStep> = {}): DraftStep => ({
  ...newStep(),
  key: 'insulation',
  title: { de: 'Isolationswiderstand', en: '', fr: '', es: '', it: '', pt: '' },
  kind: 'numeric',
  unit: 'MΩ',
  lower: '1',
  decimals: '1',
  ...changes,
});

describe('keyFromTitle', () => {
  it('makes a key of the German title, umlauts spelt out', () => {
    expect(keyFromTitle('Isolationswiderstand', [])).toBe('isolationswiderstand');
    expect(keyFromTitle('Schutzleiter-Prüfung', [])).toBe('schutzleiter_pruefung');
    expect(keyFromTitle('Größe / Maß', [])).toBe('groesse_mass');
    expect(keyFromTitle('Résistance à 500 V', [])).toBe('resistance_a_500_v');
  });

  it('starts with a letter, is at most 40 characters and never empty', () => {
    expect(keyFromTitle('  500 V Prüfung ', [])).toBe('v_pruefung');
    expect(keyFromTitle('<script>alert(1)</script>', [])).toBe('script_alert_1_script');
    expect(keyFromTitle('!!!', [])).toBe('pruefung');
    expect(keyFromTitle('', [])).toBe('pruefung');
    const long = keyFromTitle('Spannungsfestigkeit '.repeat(5), []);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toMatch(/^[a-z][a-z0-9_]{0,39}$/);
  });

  it('differs from the keys already taken', () => {
    expect(keyFromTitle('Zubehör', ['zubehoer'])).toBe('zubehoer_2');
    expect(keyFromTitle('Zubehör', ['zubehoer', 'zubehoer_2'])).toBe('zubehoer_3');
    const base = 'a'.repeat(40);
    expect(keyFromTitle(base, [base])).toBe(`${'a'.repeat(38)}_2`);
  });
});

describe('moveStep', () => {
  it('moves one step up or down and leaves the rest in order', () => {
    expect(moveStep(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveStep(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveStep(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });

  it('changes nothing past either end', () => {
    expect(moveStep(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveStep(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});

describe('draftOf and stepOf', () => {
  it('give back the default plan unchanged', () => {
    expect(DEFAULT_PLAN_STEPS.map((step) => stepOf(draftOf(step)))).toEqual(DEFAULT_PLAN_STEPS);
  });

  it('read limits with a German comma and drop what does not belong to the kind', () => {
    const step = stepOf(numericStep({ lower: '0,5', upper: '2', options: 'x', passing: ['x'] }));
    expect(step).toMatchObject({ lower: 0.5, upper: 2, decimals: 1, unit: 'MΩ', options: [], passing: [] });
    const text = stepOf(numericStep({ kind: 'text' }));
    expect(text).toMatchObject({ lower: null, upper: null, unit: '', decimals: 0 });
  });

  it('keep the instrument kind of a measured step only', () => {
    expect(stepOf(numericStep({ instrument_kind: 'insulation_tester' })).instrument_kind).toBe(
      'insulation_tester',
    );
    expect(
      stepOf(numericStep({ kind: 'pass_fail', instrument_kind: 'insulation_tester' })),
    ).not.toHaveProperty('instrument_kind');
  });

  it('keep only passing options that are still options', () => {
    const step = stepOf(
      numericStep({ kind: 'choice', options: ' gut \n\nschlecht\n', passing: ['gut', 'entfernt'] }),
    );
    expect(step).toMatchObject({ options: ['gut', 'schlecht'], passing: ['gut'] });
  });
});

describe('validatePlan', () => {
  it('accepts the default plan and a measured step', () => {
    expect(validatePlan(DEFAULT_PLAN_STEPS.map(draftOf))).toEqual({});
    expect(validatePlan([numericStep()])).toEqual({});
  });

  it('names the field of each mistake as the API does', () => {
    const steps = [
      numericStep(),
      numericStep({ title: { ...numericStep().title, de: '  ' } }),
      numericStep({ key: 'insulation' }),
      numericStep({ key: 'Bad Key' }),
      numericStep({ key: 'a', lower: '2', upper: '1,5' }),
      numericStep({ key: 'b', lower: 'NaN', upper: '1e309', decimals: '7' }),
      numericStep({ key: 'c', kind: 'choice', options: '' }),
      numericStep({ key: 'd', kind: 'choice', options: 'gut\ngut' }),
      numericStep({ key: 'e', kind: 'choice', options: 'gut\nschlecht', passing: [] }),
      numericStep({ key: 'f', kind: 'choice', options: `${'x'.repeat(61)}` }),
    ];
    expect(validatePlan(steps)).toEqual({
      'steps.1.title.de': 'Bitte den deutschen Titel angeben',
      'steps.1.key': 'Diesen Schlüssel hat schon ein anderer Schritt',
      'steps.2.key': 'Diesen Schlüssel hat schon ein anderer Schritt',
      'steps.3.key': expect.stringContaining('Kleinbuchstaben'),
      'steps.4.lower': 'Die untere Grenze liegt über der oberen',
      'steps.5.lower': 'Keine Zahl (z. B. 0,8)',
      'steps.5.upper': 'Keine Zahl (z. B. 0,8)',
      'steps.5.decimals': '0 bis 6',
      'steps.6.options': 'Bitte mindestens eine Möglichkeit angeben',
      'steps.7.options': 'Diese Möglichkeit steht schon in der Liste',
      'steps.8.passing': 'Bitte angeben, welche Möglichkeiten bestehen',
      'steps.9.options': expect.stringContaining('Höchstens 20'),
    });
  });

  it('needs the unit of a measured value', () => {
    expect(validatePlan([numericStep({ unit: ' ' })])).toEqual({
      'steps.0.unit': 'Bitte die Einheit angeben (z. B. MΩ)',
    });
  });

  it('refuses a limit outside the unit’s physical range, or with more digits than are stored', () => {
    expect(validatePlan([numericStep({ lower: '-1', upper: '1000000000,5' })])).toEqual({
      'steps.0.lower': 'Außerhalb des Messbereichs 0 … 1.000.000.000 MΩ',
      'steps.0.upper': 'Außerhalb des Messbereichs 0 … 1.000.000.000 MΩ',
    });
    expect(validatePlan([numericStep({ unit: 'Ω', lower: '', upper: '100000000000000,001' })])).toEqual({
      'steps.0.upper': 'Zu viele Stellen: ein Grenzwert hat höchstens 15 gültige Ziffern',
    });
    expect(validatePlan([numericStep({ unit: 'Ω', lower: '12345678901234,5' })])).toEqual({});
  });

  it('allows equal limits and one limit alone', () => {
    expect(validatePlan([numericStep({ lower: '1', upper: '1,0' })])).toEqual({});
    expect(validatePlan([numericStep({ lower: '', upper: '60' })])).toEqual({});
  });

  it('needs one step and allows at most the API maximum', () => {
    expect(validatePlan([])).toEqual({ steps: expect.any(String) });
    const many = Array.from({ length: PLAN_STEPS_MAX + 1 }, (_, index) => numericStep({ key: `s${index}` }));
    expect(validatePlan(many)).toEqual({ steps: expect.stringContaining(String(PLAN_STEPS_MAX)) });
  });
});

describe('plausibility bounds in the editor', () => {
  it('are sent as numbers only where set, and read back as typed', () => {
    expect(stepOf(numericStep())).not.toHaveProperty('plausible_min');
    const sent = stepOf(numericStep({ plausible_min: '0', plausible_max: '10000,5' }));
    expect([sent.plausible_min, sent.plausible_max]).toEqual([0, 10000.5]);
    expect(draftOf(sent)).toMatchObject({ plausible_min: '0', plausible_max: '10000,5' });
    // A pass/fail step has none.
    expect(stepOf(numericStep({ kind: 'pass_fail', plausible_min: '0' }))).not.toHaveProperty(
      'plausible_min',
    );
  });

  it('are refused in the wrong order, as no number, or beyond the unit’s range, at their field', () => {
    expect(validatePlan([numericStep({ plausible_min: '10', plausible_max: '5' })])).toEqual({
      'steps.0.plausible_min': 'Der kleinste plausible Wert liegt über dem größten',
    });
    expect(validatePlan([numericStep({ plausible_min: 'null' })])).toEqual({
      'steps.0.plausible_min': 'Keine Zahl (z. B. 0,8)',
    });
    expect(validatePlan([numericStep({ plausible_min: '-1' })])['steps.0.plausible_min']).toMatch(
      /Messbereich/,
    );
    expect(validatePlan([numericStep({ plausible_min: '0', plausible_max: '0' })])).toEqual({});
  });
});
