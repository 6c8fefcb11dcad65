import { afterEach, describe, expect, it } from '@jest/globals';
import { DEFAULT_PLAN_STEPS, type PlanStep } from 'contracts';
import { setLanguage } from 'shared-ui';
import {
  allPassed,
  failingUnits,
  isMultiCellPaste,
  markOf,
  pastedCells,
  pastedValue,
  resultsToSend,
  passOpenSteps,
  retestErrors,
  retestSteps,
  retestToSend,
  stepLimit,
  stepTitle,
  valueErrors,
  withInstrumentNames,
  type TestValues,
} from './step-entry';
import { instrumentUnfit } from '../../test-support/test-record';

const insulation: PlanStep = {
  ...DEFAULT_PLAN_STEPS[0],
  key: 'insulation_resistance',
  title: { ...DEFAULT_PLAN_STEPS[0].title, de: 'Isolationswiderstand' },
  kind: 'numeric',
  unit: 'MΩ',
  lower: 1,
  upper: null,
  decimals: 1,
  per_unit: true,
};
const bonding: PlanStep = { ...insulation, key: 'bonding', unit: 'Ω', lower: null, upper: 0.3, decimals: 2 };
const guide = DEFAULT_PLAN_STEPS.find((step) => step.key === 'guide')!;
const voltage = DEFAULT_PLAN_STEPS.find((step) => step.key === 'resistance_to_voltage')!;
const note: PlanStep = { ...guide, key: 'note', kind: 'text', required: false };
const unitCheck: PlanStep = { ...guide, key: 'unit_check', per_unit: true };

describe('markOf: the mark beside a value, the API’s rule', () => {
  it('takes a German comma or a point, inclusive limits, and says why a number fails', () => {
    expect(markOf(insulation, '')).toEqual({ kind: 'empty' });
    expect(markOf(insulation, ' 1,0 ')).toEqual({ kind: 'ok' });
    expect(markOf(insulation, '1')).toEqual({ kind: 'ok' });
    expect(markOf(insulation, '250.5')).toEqual({ kind: 'ok' });
    expect(markOf(insulation, '0,8')).toEqual({ kind: 'fail', reason: 'Zu niedrig, Grenzwert ≥ 1 MΩ' });
    expect(markOf(bonding, '0,31')).toEqual({ kind: 'fail', reason: 'Zu hoch, Grenzwert ≤ 0,3 Ω' });
    expect(markOf({ ...bonding, unit: 'V' }, '-0,1')).toEqual({ kind: 'ok' });
  });

  it('compares near 1e14 as decimals, and marks a value outside its unit’s range as malformed', () => {
    const ohms = { ...bonding, unit: 'Ω', upper: 100000000000000, decimals: 3 };
    expect(markOf(ohms, '100000000000000')).toEqual({ kind: 'ok' });
    expect(markOf(ohms, '100000000000000,001')).toEqual({
      kind: 'fail',
      reason: 'Zu hoch, Grenzwert ≤ 100.000.000.000.000 Ω',
    });
    expect(markOf(bonding, '-0,1')).toEqual({
      kind: 'malformed',
      reason: 'Außerhalb des Messbereichs 0 … 1.000.000.000.000.000 Ω',
    });
    expect(markOf(insulation, '1000000000,1')).toEqual({
      kind: 'malformed',
      reason: 'Außerhalb des Messbereichs 0 … 1.000.000.000 MΩ',
    });
  });

  it('marks what is not a number or has too many decimals as malformed', () => {
    for (const typed of [
      'abc',
      'NaN',
      'Infinity',
      '1e309',
      '1,2,3',
      '1.000,5',
      '0x10',
      '<b>1</b>',
      '1 MΩ',
      ',',
    ])
      expect(markOf(insulation, typed)).toEqual({
        kind: 'malformed',
        reason: 'Keine gültige Zahl (z. B. 0,8)',
      });
    expect(markOf(insulation, '1,25')).toEqual({ kind: 'malformed', reason: 'Höchstens 1 Nachkommastelle' });
    expect(markOf({ ...insulation, decimals: 0 }, '1,0')).toEqual({
      kind: 'malformed',
      reason: 'Nur ganze Zahlen',
    });
    expect(markOf(note, 'x'.repeat(201))).toEqual({ kind: 'malformed', reason: 'Höchstens 200 Zeichen' });
  });

  it('judges pass/fail and choices, never text', () => {
    expect(markOf(guide, 'pass')).toEqual({ kind: 'ok' });
    expect(markOf(guide, 'fail')).toEqual({ kind: 'fail', reason: 'Nicht bestanden' });
    expect(markOf(voltage, '1500 V')).toEqual({ kind: 'ok' });
    expect(markOf(voltage, 'NOT OK')).toEqual({ kind: 'fail', reason: 'Nicht bestanden' });
    expect(markOf(note, '<script>alert(1)</script>')).toEqual({ kind: 'ok' });
  });
});

describe('paste from a spreadsheet', () => {
  it('splits lines down and tabs across, without the trailing line break', () => {
    expect(pastedCells('1,2\r\n0,8\r\n3\r\n')).toEqual([['1,2'], ['0,8'], ['3']]);
    expect(pastedCells('1\tOK\n2\tn.i.O.')).toEqual([
      ['1', 'OK'],
      ['2', 'n.i.O.'],
    ]);
    expect(isMultiCellPaste('0,8')).toBe(false);
    expect(isMultiCellPaste('0,8\n')).toBe(false);
    expect(isMultiCellPaste('0,8\n1,2')).toBe(true);
    expect(isMultiCellPaste('0,8\t1,2')).toBe(true);
  });

  it('reads a spreadsheet’s pass/fail words and choices; anything else stays open', () => {
    expect(['OK', 'i.O.', 'bestanden', 'ja', 'x'].map((cell) => pastedValue(guide, cell))).toEqual(
      Array(5).fill('pass'),
    );
    expect(['NOT OK', 'n.i.O.', 'Nicht bestanden', '0'].map((cell) => pastedValue(guide, cell))).toEqual(
      Array(4).fill('fail'),
    );
    expect(pastedValue(guide, 'vielleicht')).toBe('');
    expect(pastedValue(voltage, '1500 v')).toBe('1500 V');
    expect(pastedValue(voltage, '1400 V')).toBe('');
    expect(pastedValue(insulation, ' 0,8 ')).toBe('0,8');
  });
});

describe('what is sent', () => {
  const steps = [guide, note, insulation, unitCheck];

  it('holds up empty required steps and malformed values, keyed like the API’s 400', () => {
    const values = {
      certificate: { note: '' },
      units: [{ insulation_resistance: '1,2' }, { insulation_resistance: 'x' }],
    };
    expect(valueErrors(steps, values, 3)).toEqual({
      'results.certificate.guide': 'Bitte eintragen',
      'results.units.0.unit_check': 'Bitte eintragen',
      'results.units.1.insulation_resistance': 'Keine gültige Zahl (z. B. 0,8)',
      'results.units.1.unit_check': 'Bitte eintragen',
      'results.units.2.insulation_resistance': 'Bitte eintragen',
      'results.units.2.unit_check': 'Bitte eintragen',
    });
  });

  it('sends the typed values trimmed, one object per unit, rows beyond the quantity left out', () => {
    const values: TestValues = {
      certificate: { guide: 'pass', note: ' ', stray: 'x' },
      units: [{ insulation_resistance: ' 0,8 ' }, {}, { insulation_resistance: '5' }],
    };
    expect(resultsToSend(steps, values, 2)).toEqual({
      certificate: { guide: 'pass' },
      units: [{ insulation_resistance: '0,8' }, {}],
    });
  });

  it('"Alle bestanden" sets only the open pass/fail steps, of the units there are', () => {
    const values: TestValues = { certificate: {}, units: [{ unit_check: 'fail' }, {}, {}] };
    const { values: next, count } = allPassed(steps, values, 2);
    expect(count).toBe(2);
    expect(next).toEqual({
      certificate: { guide: 'pass' },
      units: [{ unit_check: 'fail' }, { unit_check: 'pass' }, {}],
    });
  });

  it('"Alle bestanden" picks the one passing option of a choice, never one of several', () => {
    const voltage = {
      ...guide,
      key: 'voltage',
      kind: 'choice' as const,
      options: ['1500 V', 'NOT OK'],
      passing: ['1500 V'],
    };
    const either = { ...voltage, key: 'either', options: ['A', 'B', 'C'], passing: ['A', 'B'] };
    const { values: next, count } = allPassed([voltage, either], { certificate: {}, units: [] }, 0);
    expect(count).toBe(1);
    expect(next.certificate).toEqual({ voltage: '1500 V' });
  });

  it('a retest takes every step for the one unit, keyed like its 400 (`values.<key>`)', () => {
    const values = { insulation_resistance: '0,85', note: ' gereinigt ' };
    expect(retestErrors(steps, values)).toEqual({
      'values.guide': 'Bitte eintragen',
      'values.insulation_resistance': 'Höchstens 1 Nachkommastelle',
      'values.unit_check': 'Bitte eintragen',
    });
    const passed = passOpenSteps(steps, { ...values, unit_check: 'fail' });
    expect(passed).toEqual({ ...values, unit_check: 'fail', guide: 'pass' });
    expect(retestToSend(steps, { ...passed, stray: 'x' })).toEqual({
      guide: 'pass',
      note: 'gereinigt',
      insulation_resistance: '0,85',
      unit_check: 'fail',
    });
  });

  describe('the instrument of a measured step (docs/decisions/0018-instruments.md)', () => {
    const measured: PlanStep = { ...insulation, instrument_kind: 'insulation_tester' };
    const earth: PlanStep = { ...bonding, per_unit: false, instrument_kind: 'earth_bond_tester' };
    const plan = [guide, measured, earth];

    it('holds up a step without its instrument, first, keyed like the API’s answer', () => {
      const values: TestValues = {
        certificate: { guide: 'pass', bonding: '0,1' },
        units: [{ insulation_resistance: '2' }],
        instruments: { bonding: 7 },
      };
      expect(Object.entries(valueErrors(plan, values, 1))).toEqual([
        ['results.instruments.insulation_resistance', 'Bitte das Prüfmittel wählen'],
      ]);
      expect(
        valueErrors(plan, { ...values, instruments: { bonding: 7, insulation_resistance: 3 } }, 1),
      ).toEqual({});
      expect(retestErrors(plan, { guide: 'pass', bonding: '0,1', insulation_resistance: '2' })).toEqual({
        'instruments.insulation_resistance': 'Bitte das Prüfmittel wählen',
        'instruments.bonding': 'Bitte das Prüfmittel wählen',
      });
    });

    it('sends the instrument of each step that needs one, nothing of a step that does not, none for a plan without', () => {
      const values: TestValues = {
        certificate: { guide: 'pass', bonding: '0,1' },
        units: [{ insulation_resistance: '2' }],
        instruments: { insulation_resistance: 3, bonding: 7, guide: 9 },
      };
      expect(resultsToSend(plan, values, 1).instruments).toEqual({ insulation_resistance: 3, bonding: 7 });
      expect(resultsToSend([guide, insulation], values, 1)).not.toHaveProperty('instruments');
      // "Alle bestanden" leaves the chosen instruments as they are.
      expect(allPassed(plan, values, 1).values.instruments).toBe(values.instruments);
    });

    it('shows a 409 INSTRUMENT_UNFIT at the choice with the instrument’s name; other refusals as they came', () => {
      const field = 'results.instruments.insulation_resistance';
      const unfit = instrumentUnfit(field, 'PM-0102', 'Kalibrierung fällig seit 2026-11-01');
      expect(withInstrumentNames(unfit, { [field]: 'Kalibrierung fällig seit 2026-11-01' })).toEqual({
        [field]: 'Prüfmittel PM-0102: Kalibrierung fällig seit 2026-11-01',
      });
      const fields = { [field]: 'Isolationswiderstand: Dieses Prüfmittel gibt es nicht' };
      expect(withInstrumentNames(new Error('400'), fields)).toBe(fields);
    });
  });
});

describe('a step’s title, limit and marks in each staff language', () => {
  afterEach(() => setLanguage('de'));
  const isolation = DEFAULT_PLAN_STEPS.find((step) => step.key === 'isolation')!;
  const ownStep: PlanStep = {
    ...guide,
    key: 'brake',
    title: { ...guide.title, de: 'Bremse', en: 'Brake', fr: '' },
  };
  const renamedCheck: PlanStep = { ...guide, title: { ...guide.title, de: 'Führung', en: 'Guide' } };
  const megaohms: PlanStep = { ...insulation, lower: 1000.5 };

  it('reads the plan’s titles in German and English, the catalog’s Polish for a default check', async () => {
    expect([isolation, ownStep, renamedCheck].map(stepTitle)).toEqual(['Schutzleiter', 'Bremse', 'Führung']);
    await setLanguage('en');
    expect([isolation, ownStep, renamedCheck].map(stepTitle)).toEqual([
      'Protective conductor',
      'Brake',
      'Guide',
    ]);
    await setLanguage('pl');
    // A step of the plan's own has no Polish title: its English one.
    expect([isolation, ownStep, renamedCheck].map(stepTitle)).toEqual(['Przewód ochronny', 'Brake', 'Guide']);
  });

  it('writes limits in the language’s numbers and says why a value fails in it', async () => {
    expect(stepLimit(megaohms)).toBe('≥ 1.000,5 MΩ');
    expect(markOf(megaohms, '2,55')).toEqual({ kind: 'malformed', reason: 'Höchstens 1 Nachkommastelle' });
    await setLanguage('en');
    expect(stepLimit(megaohms)).toBe('≥ 1,000.5 MΩ');
    expect(markOf(megaohms, '2.5')).toEqual({ kind: 'fail', reason: 'Too low, limit ≥ 1,000.5 MΩ' });
    await setLanguage('pl');
    expect(markOf(megaohms, '2,55')).toEqual({
      kind: 'malformed',
      reason: 'Najwyżej 1 miejsce po przecinku',
    });
    expect(markOf({ ...megaohms, decimals: 3 }, '2,5555')).toEqual({
      kind: 'malformed',
      reason: 'Najwyżej 3 miejsca po przecinku',
    });
    expect(markOf(megaohms, 'x')).toEqual({ kind: 'malformed', reason: 'Nieprawidłowa liczba (np. 0,8)' });
  });
});

describe('plausibility bounds: a value outside the plan’s bounds of physical sense is refused', () => {
  const touch: PlanStep = {
    ...insulation,
    key: 'touch',
    unit: 'V',
    lower: null,
    upper: 50,
    plausible_min: 0,
    plausible_max: 1000,
  };
  afterEach(() => setLanguage('de'));

  it('refuses just outside, in German with the bounds, and takes the bounds themselves', () => {
    for (const typed of ['-0,1', '1000,1', '-5'])
      expect(markOf(touch, typed)).toEqual({
        kind: 'malformed',
        reason: 'Unplausibler Wert – möglich: 0 … 1.000 V',
      });
    expect(markOf(touch, '0')).toEqual({ kind: 'ok' });
    expect(markOf(touch, '0,0')).toEqual({ kind: 'ok' });
    // Plausible but over the limit: recorded as failed, not refused.
    expect(markOf(touch, '1000').kind).toBe('fail');
    expect(markOf({ ...touch, plausible_max: null }, '5000').kind).toBe('fail');
    // Nothing is sent while one is there.
    expect(retestErrors([touch], { touch: '-1' })).toEqual({
      'values.touch': 'Unplausibler Wert – möglich: 0 … 1.000 V',
    });
  });

  it('says it in English and Polish', async () => {
    await setLanguage('en');
    expect(markOf(touch, '-1')).toEqual({
      kind: 'malformed',
      reason: 'Implausible value – possible: 0 … 1,000 V',
    });
    await setLanguage('pl');
    expect(markOf({ ...touch, plausible_max: null }, '-1')).toEqual({
      kind: 'malformed',
      reason: 'Wartość nieprawdopodobna – możliwe: ≥ 0 V',
    });
  });
});

describe('failingUnits: how many units fail by the values typed, for the question before issuing', () => {
  const steps = [guide, insulation, unitCheck];
  const values = (certificate: Record<string, string>, ...units: Record<string, string>[]): TestValues => ({
    certificate,
    units,
  });
  it('counts each unit with a failed step of its own; a failed step of the certificate fails every unit', () => {
    const passing = { insulation_resistance: '2', unit_check: 'pass' };
    expect(failingUnits(steps, values({ guide: 'pass' }, passing, passing), 2)).toBe(0);
    expect(
      failingUnits(
        steps,
        values({ guide: 'pass' }, passing, { ...passing, insulation_resistance: '0,5' }, passing),
        3,
      ),
    ).toBe(1);
    expect(
      failingUnits(
        steps,
        values({ guide: 'pass' }, { ...passing, unit_check: 'fail' }, { insulation_resistance: '0,2' }),
        2,
      ),
    ).toBe(2);
    expect(failingUnits(steps, values({ guide: 'fail' }, passing, passing, passing), 3)).toBe(3);
    // An optional step does not fail the unit; units beyond the quantity do not count.
    expect(failingUnits([{ ...unitCheck, required: false }], values({}, { unit_check: 'fail' }), 1)).toBe(0);
    expect(failingUnits(steps, values({ guide: 'pass' }, passing, { insulation_resistance: '0' }), 1)).toBe(
      0,
    );
  });
});

describe('retestSteps: what a retest asks for', () => {
  const last = {
    values: { guide: 'pass', insulation_resistance: '0,5', unit_check: 'pass' },
    verdicts: { guide: 'pass' as const, insulation_resistance: 'fail' as const, unit_check: 'pass' as const },
  };
  const keys = (steps: readonly PlanStep[]) => steps.map((step) => step.key);
  it('asks only for the failed steps and any without a value; carries over the rest', () => {
    const { asked, carried } = retestSteps([guide, insulation, unitCheck, note], last, false);
    expect(keys(asked)).toEqual(['insulation_resistance', 'note']);
    expect(keys(carried)).toEqual(['guide', 'unit_check']);
  });
  it('asks for every step where the plan says so, or when there is no attempt', () => {
    expect(keys(retestSteps([guide, insulation], last, true).asked)).toEqual([
      'guide',
      'insulation_resistance',
    ]);
    expect(retestSteps([guide, insulation], undefined, false).carried).toEqual([]);
  });
});
