import { beforeEach, describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { DEFAULT_PLAN_STEPS, ORIGINS, type Certificate } from 'contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getConfig, setConfig } from 'shared-ui';
import { CertificateDocument } from './certificate-document';
import { inEveryLanguage, SPELLING_SEPARATOR, spellings } from './certificate-rows';
import { certificateDefaults } from '../api/wire';
import { ISSUED_PRINT } from '../test-support/standing';
import {
  attempt,
  DEFAULT_PASSING_VALUES,
  defaultRecord,
  INSULATION_STEP,
  unitOf,
} from '../test-support/test-record';

/** A value's spellings as the tests write them (" / ") as the print joins them (SPELLING_SEPARATOR). */
const slashed = (text: string) => text.replaceAll(' / ', SPELLING_SEPARATOR);

const printData: Certificate = {
  id: 7,
  brand_id: 1,
  machine_id: 12,
  checked_by: 'Erika',
  quantity: 3,
  ...certificateDefaults,
  electronic_circuit_board: 0,
  machine_name: 'AirMAB 5000',
  machine_image: 'uploads/mab.png',
  serial_prefix: '485',
  brand_name: 'BDS',
  brand_image: 'uploads/bds.png',
  brand_email: 'info@bds.example',
  brand_website: 'https://bds.example',
  ean_number: '',
  serial_base: '4852406',
  first_unit_number: 999,
  first_serial: '4852406999',
  last_serial: '48524061001',
  serials: ['4852406999', '48524061000', '48524061001'],
  created_at: '2024-06-11T22:30:00.000Z',
  ...ISSUED_PRINT,
  verdict: 'released',
  failed_units: 0,
  test_record: defaultRecord(['4852406999', '48524061000', '48524061001']),
};
printData.test_record.tested_by_name = '<img src=x onerror=alert(1)>';
for (const unit of printData.test_record.units)
  unit.attempts[0].tested_by_name = '<img src=x onerror=alert(1)>';

beforeEach(() => {
  setConfig({
    apiBase: '/api',
    webBase: 'https://pruefbericht.example/',
    remotes: { certificates: '', machines: '', landing: '' },
    labelPrintUrl: null,
    companyName: '',
    companyAddress: '',
  });
});

/** The fixture cut down to its first unit. */
const oneUnit = {
  quantity: 1,
  serials: ['4852406999'],
  test_record: { ...printData.test_record, units: printData.test_record.units.slice(0, 1) },
};

const pages = () => [...document.querySelectorAll<HTMLElement>('.cert-doc')];

describe('CertificateDocument', () => {
  it('prints 2 pages per unit, each unit with its own serial and QR code to its landing page', () => {
    render(<CertificateDocument data={printData} />);
    expect(pages().map((page) => [page.dataset.serial, page.dataset.copy])).toEqual([
      ['4852406999', '0'],
      ['4852406999', '1'],
      ['48524061000', '0'],
      ['48524061000', '1'],
      ['48524061001', '0'],
      ['48524061001', '1'],
    ]);
    expect(pages().map((page) => page.querySelector('svg')!.getAttribute('data-url'))).toEqual(
      ['4852406999', '4852406999', '48524061000', '48524061000', '48524061001', '48524061001'].map(
        (serial) => `https://pruefbericht.example/landing/12/${serial}`,
      ),
    );
    const svg = pages()[0].querySelector('svg')!;
    expect([svg.getAttribute('width'), svg.getAttribute('height')]).toEqual(['100', '100']);
    expect(within(pages()[1]).getByText('Werksexemplar / Factory copy')).toBeInTheDocument();
  });

  it('with QR_FORMAT=gs1 the QR code is a GS1 Digital Link of the EAN and the unit serial; without an EAN the current link', () => {
    setConfig({ ...getConfig(), qrFormat: 'gs1' });
    const { unmount } = render(<CertificateDocument data={{ ...printData, ean_number: '4006381333931' }} />);
    expect(pages().map((page) => page.querySelector('svg')!.getAttribute('data-url'))).toEqual(
      ['4852406999', '4852406999', '48524061000', '48524061000', '48524061001', '48524061001'].map(
        (serial) => `https://pruefbericht.example/01/04006381333931/21/${serial}`,
      ),
    );
    unmount();
    render(<CertificateDocument data={printData} />);
    expect(pages()[0].querySelector('svg')!.getAttribute('data-url')).toBe(
      'https://pruefbericht.example/landing/12/4852406999',
    );
  });

  it('shows every fact with its value, the board and origin in every language, a blank dispatch row and text as text', () => {
    render(<CertificateDocument data={{ ...printData, ...oneUnit }} />);
    const page = pages()[0];
    const cell = (field: string) => page.querySelector(`[data-field="${field}"]`)!.textContent;
    expect(within(page).getByRole('heading', { name: 'PRÜFBERICHT' })).toBeInTheDocument();
    expect(within(page).getByText(/परीक्षण प्रमाणपत्र/)).toBeInTheDocument();
    // The tester is the signed-in account's name, with the day and time of the test (Berlin).
    expect(cell('checked_by')).toBe('<img src=x onerror=alert(1)>, 21.11.2026 10:15');
    expect(page.querySelector('img[src="x"]')).toBeNull();
    expect(cell('released_by')).toBe('Erika Muster, 21.11.2026 10:15');
    // 22:30 UTC on 11 June is the 12th in Berlin.
    expect(cell('date')).toBe('12.06.2024');
    expect(cell('number')).toBe('7');
    expect(cell('plan_version')).toBe('0');
    expect(cell('machine_name')).toBe('AirMAB 5000');
    expect(cell('serial')).toBe('4852406999');
    expect(cell('perpendicularity')).toBe('OK');
    expect(cell('perpendicularity.verdict')).toBe('OK');
    expect(cell('resistance_to_voltage')).toBe('1500 V');
    expect(cell('resistance_to_voltage.limit')).toBe('1500 V');
    expect(cell('electronic_circuit_board')).toBe(slashed('NEIN / NO / NON / NÃO'));
    expect(cell('logistics_control')).toBe('');
    expect(cell('observation')).toBe('230 Volt, 50-60Hz');
    expect(cell('origin')).toBe(
      slashed('DEUTSCHLAND / GERMANY / ALLEMAGNE / ALEMANIA / GERMANIA / ALEMANHA'),
    );
    expect(within(page).getByRole('img', { name: 'BDS' })).toHaveAttribute('src', '/api/uploads/bds.png');
    expect(within(page).getByRole('link', { name: 'info@bds.example' })).toHaveAttribute(
      'href',
      'mailto:info@bds.example',
    );
    expect(within(page).getByRole('link', { name: 'https://bds.example' })).toHaveAttribute(
      'href',
      'https://bds.example',
    );
  });

  it('prints YES in every language for a machine with a circuit board and a non-web address as plain text', () => {
    render(
      <CertificateDocument
        data={{
          ...printData,
          ...oneUnit,
          electronic_circuit_board: 1,
          brand_website: 'javascript:alert(1)',
        }}
      />,
    );
    expect(pages()[0].querySelector('[data-field="electronic_circuit_board"]')!.textContent).toBe(
      slashed('JA / YES / OUI / SÍ / SÌ / SIM'),
    );
    expect(screen.queryByRole('link', { name: 'javascript:alert(1)' })).not.toBeInTheDocument();
    expect(screen.getAllByText('javascript:alert(1)')).toHaveLength(2);
  });
});

/** The glossary's tables: key → the term in DE EN FR ES IT PT (docs/terminology.md). */
function readGlossary(): Map<string, string[]> {
  const text = readFileSync(path.join(__dirname, '../../../docs/terminology.md'), 'utf8');
  const terms = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^\| `([^`]+)` \|(.*)\|$/.exec(line);
    if (!match) continue;
    const cells = match[2].split('|').map((cell) => cell.trim());
    expect(cells).toHaveLength(7);
    expect(terms.has(match[1])).toBe(false);
    terms.set(match[1], cells.slice(0, 6));
  }
  return terms;
}

const glossary = readGlossary();
const term = (key: string) => {
  const words = glossary.get(key);
  if (!words) throw new Error(`docs/terminology.md has no term ${key}`);
  return words;
};

const page = () => pages()[0];
/** A title as printed: its six languages, German first. */
const sixLanguages = (element: Element) => [...element.children].map((line) => line.textContent);
/** The facts' titles as printed, each with the field of its value. */
const printedFacts = () =>
  [...page().querySelectorAll('.cert-doc__label')].map(
    (label) => [label.nextElementSibling!.getAttribute('data-field')!, sixLanguages(label)] as const,
  );
const printedValue = (field: string) => page().querySelector(`[data-field="${field}"]`)!.textContent;
/** A value word as the glossary says it is printed: each different spelling once, in the six languages' order. */
const printedWord = (key: string) => spellings(term(key));

describe('CertificateDocument after issuing', () => {
  it('prints STORNIERT across both pages of a voided unit only', () => {
    render(<CertificateDocument data={{ ...printData, voided_units: 1, voided_serials: ['48524061000'] }} />);
    const stamped = [...document.querySelectorAll<HTMLElement>('.cert-doc')].map((page) => [
      page.dataset.serial,
      page.querySelector('[data-testid="print-stamp"]')?.textContent ?? null,
    ]);
    expect(stamped).toEqual([
      ['4852406999', null],
      ['4852406999', null],
      ['48524061000', 'STORNIERT / VOID'],
      ['48524061000', 'STORNIERT / VOID'],
      ['48524061001', null],
      ['48524061001', null],
    ]);
  });

  it('names the revision and the date of the issue it replaces; a replaced revision says so on every page', () => {
    const revised = {
      ...printData,
      ...oneUnit,
      revision: 2,
      revised_at: '2024-06-20T08:00:00.000Z',
      replaces_issued_at: printData.created_at,
    };
    const { unmount } = render(<CertificateDocument data={revised} />);
    for (const page of document.querySelectorAll('.cert-doc')) {
      expect(page).toHaveTextContent('Revision 2 vom 20.06.2024, ersetzt die Ausgabe vom 12.06.2024');
      expect(page).toHaveTextContent('Revision 2 of 20.06.2024, replaces the issue of 12.06.2024');
      expect(page.querySelector('[data-testid="print-stamp"]')).toBeNull();
    }
    unmount();
    render(
      <CertificateDocument data={{ ...printData, ...oneUnit, replaced_at: '2024-06-20T08:00:00.000Z' }} />,
    );
    for (const page of document.querySelectorAll('.cert-doc')) {
      expect(page.querySelector('[data-testid="print-stamp"]')).toHaveTextContent('ERSETZT / SUPERSEDED');
      expect(page).toHaveTextContent('Ersetzt am 20.06.2024 durch Revision 2');
    }
  });
});

describe('a value in six spellings', () => {
  it('keeps each slash with the word before it, so no printed line starts with "/"', () => {
    const value = inEveryLanguage('GERMANY');
    expect(value.split(SPELLING_SEPARATOR)).toHaveLength(6);
    expect(value).not.toMatch(/ \//);
  });
});

describe('the printed certificate against docs/terminology.md', () => {
  it('prints every fact title exactly as the glossary has it, in the order DE EN FR ES IT PT', () => {
    setConfig({
      ...getConfig(),
      companyName: 'Muster GmbH',
      companyAddress: 'Hauptstraße 1, 70565 Stuttgart',
    });
    render(<CertificateDocument data={{ ...printData, ...oneUnit }} />);
    const facts = printedFacts();
    expect(facts.map(([key]) => key)).toEqual([
      'number',
      'serial',
      'date',
      'plan_version',
      'machine_name',
      'origin',
      'electronic_circuit_board',
      'checked_by',
      'released_by',
      'observation',
      'logistics_control',
    ]);
    for (const [key, titles] of facts) expect([key, titles]).toEqual([key, term(key)]);
    expect(sixLanguages(page().querySelector('.cert-doc__scan')!)).toEqual(term('scan'));
    const maker = page().querySelector('[data-testid="print-manufacturer"]')!;
    expect(sixLanguages(maker).slice(0, 6)).toEqual(term('manufacturer'));
    expect(maker).toHaveTextContent(/: Muster GmbH, Hauptstraße 1, 70565 Stuttgart$/);
  });

  it("prints the default plan's steps with the glossary's titles, and the results' column heads", () => {
    render(<CertificateDocument data={{ ...printData, ...oneUnit }} />);
    const rows = [...page().querySelectorAll<HTMLElement>('tr[data-step]')];
    expect(rows.map((row) => row.dataset.step)).toEqual(DEFAULT_PLAN_STEPS.map((step) => step.key));
    for (const row of rows) expect(sixLanguages(row.querySelector('th')!)).toEqual(term(row.dataset.step!));
    const heads = [...page().querySelectorAll('.cert-doc__results thead th')].map(sixLanguages);
    expect(heads).toEqual(['step', 'standard', 'limit', 'value', 'verdict'].map(term));
  });

  it.each([
    ['released', 'PASSED'],
    ['failed', 'FAILED'],
    ['deviation', 'DEVIATION'],
    ['awaiting_release', 'AWAITING_RELEASE'],
  ] as const)('prints a unit %s as the glossary has %s, each spelling once', (release, key) => {
    const record = { ...oneUnit.test_record, units: [{ ...oneUnit.test_record.units[0], release }] };
    render(<CertificateDocument data={{ ...printData, ...oneUnit, test_record: record }} />);
    for (const sheet of pages())
      expect(sheet.querySelector('.cert-doc__release-words')!.textContent).toBe(printedWord(key));
  });

  it('numbers the sheets of each copy in the six languages, as the glossary has it', () => {
    render(<CertificateDocument data={{ ...printData, ...oneUnit }} />);
    const expected = term('page').map((words) => words.replace('{x}', '1').replace('{y}', '1'));
    expect(page().querySelector('[data-testid="print-page"]')!.textContent).toBe(expected.join(' · '));
  });

  it('prints the title in its six languages', () => {
    render(<CertificateDocument data={{ ...printData, ...oneUnit }} />);
    const [de, ...others] = term('title');
    expect(page().querySelector('h2')!.textContent).toBe(de);
    const subtitle = [...page().querySelectorAll('.cert-doc__subtitle')]
      .map((line) => line.textContent)
      .join(' | ');
    expect(subtitle.split(' | ').slice(0, 5)).toEqual(others);
  });

  it.each([
    [1, 'YES'],
    [0, 'NO'],
  ] as const)('prints the electronic control %s as %s in every language', (board, key) => {
    render(<CertificateDocument data={{ ...printData, ...oneUnit, electronic_circuit_board: board }} />);
    expect(printedValue('electronic_circuit_board')).toBe(printedWord(key));
  });

  it.each(ORIGINS)('prints the origin %s in every language', (origin) => {
    render(<CertificateDocument data={{ ...printData, ...oneUnit, origin }} />);
    expect(printedValue('origin')).toBe(printedWord(origin));
  });

  it('reads the glossary: a word in every language, the ones spelt alike once', () => {
    expect(printedWord('NO')).toBe(slashed('NEIN / NO / NON / NÃO'));
    expect(printedWord('GERMANY')).toBe(
      slashed('DEUTSCHLAND / GERMANY / ALLEMAGNE / ALEMANIA / GERMANIA / ALEMANHA'),
    );
  });
});

/** Three units against a plan with a measured insulation resistance: the second fails it at 0.8 MΩ. */
function failedSecond(): Certificate {
  const serials = printData.serials;
  const values = (insulation: string) => ({ ...DEFAULT_PASSING_VALUES, insulation_mohm: insulation });
  return {
    ...printData,
    verdict: 'failed',
    failed_units: 1,
    test_record: {
      plan_version: 3,
      steps: [...DEFAULT_PLAN_STEPS, INSULATION_STEP],
      verdict: 'failed',
      tested_by_name: 'Erika Muster',
      units: [
        unitOf(serials[0], 'released', [attempt(values('12.5'))], {
          by: 'Hans Freigabe',
          at: '2026-11-21T13:30:00.000Z',
        }),
        unitOf(serials[1], 'failed', [attempt(values('0,8'), ['insulation_mohm'])]),
        unitOf(serials[2], 'deviation', [attempt(values('0.9'), ['insulation_mohm'])], {
          by: 'Hans Freigabe',
          at: '2026-11-22T07:05:00.000Z',
          reason: 'Kunde akzeptiert 0,9 MΩ (Vereinbarung vom 20.11.2026)',
        }),
      ],
    },
  };
}

const sheetsOf = (serial: string) => pages().filter((sheet) => sheet.dataset.serial === serial);
const field = (sheet: Element, name: string) => sheet.querySelector(`[data-field="${name}"]`)?.textContent;

describe('the printed test record', () => {
  it("prints each unit's values with unit, limits and verdicts, and the plan version", () => {
    render(<CertificateDocument data={failedSecond()} />);
    const [first, second, third] = printData.serials.map((serial) => sheetsOf(serial).at(-1)!);
    for (const sheet of [first, second, third]) {
      expect(field(sheet, 'insulation_mohm.limit')).toBe('≥ 1 MΩ');
      expect(field(sheet, 'plan_version')).toBe('3');
    }
    expect(field(first, 'insulation_mohm')).toBe('12,5 MΩ');
    expect(field(first, 'insulation_mohm.verdict')).toBe('OK');
    expect(field(second, 'insulation_mohm')).toBe('0,8 MΩ');
    expect(field(second, 'insulation_mohm.verdict')).toBe('NOT OK');
    expect(field(third, 'insulation_mohm')).toBe('0,9 MΩ');
    const standard = second.querySelector('tr[data-step="insulation_mohm"] .cert-doc__standard')!;
    expect(standard).toHaveTextContent('IEC 60204-1, 18.3500 V DC, 60 s');
  });

  it('marks the failing value and verdict, and nothing that passed', () => {
    render(<CertificateDocument data={failedSecond()} />);
    const marked = pages().map((sheet) =>
      [...sheet.querySelectorAll('.cert-doc__fail, .cert-doc__verdict--fail')].map(
        (cell) => cell.textContent,
      ),
    );
    expect(new Set(marked.flat())).toEqual(new Set(['0,8 MΩ', '0,9 MΩ', 'NOT OK']));
    expect(sheetsOf(printData.serials[0]).every((sheet) => !sheet.querySelector('.cert-doc__fail'))).toBe(
      true,
    );
  });

  it("says NICHT BESTANDEN on every sheet of the failed unit only, its customer's copy too, never a pass", () => {
    render(<CertificateDocument data={failedSecond()} />);
    const failedWords = 'NICHT BESTANDEN / FAILED / NON CONFORME / NO CONFORME / NÃO CONFORME';
    for (const sheet of pages()) {
      const failed = sheet.dataset.serial === printData.serials[1];
      expect(sheet.textContent!.includes('NICHT BESTANDEN')).toBe(failed);
      if (failed) {
        expect(sheet.querySelector('[data-testid="print-release"]')).toHaveTextContent(failedWords);
        expect(sheet).not.toHaveTextContent('BESTANDEN / PASSED');
      }
    }
    expect(sheetsOf(printData.serials[1]).map((sheet) => sheet.dataset.copy)).toContain('0');
  });

  it('prints a deviation release as SONDERFREIGABE with its reason and who released it when', () => {
    render(<CertificateDocument data={failedSecond()} />);
    for (const sheet of sheetsOf(printData.serials[2])) {
      expect(sheet.querySelector('[data-testid="print-release"]')).toHaveTextContent(
        'SONDERFREIGABE / CONCESSION / DÉROGATION / CONCESIÓN / CONCESSIONE / CONCESSÃO' +
          'Grund / Reason / Motif / Motivo: Kunde akzeptiert 0,9 MΩ (Vereinbarung vom 20.11.2026)',
      );
    }
    expect(field(sheetsOf(printData.serials[2])[0], 'released_by')).toBe('Hans Freigabe, 22.11.2026 08:05');
    expect(field(sheetsOf(printData.serials[1])[0], 'released_by')).toBe('');
  });

  it('names the tester as releaser of a unit its passing test released (no second person required)', () => {
    const data = failedSecond();
    data.test_record.units[0] = { ...data.test_record.units[0], released_by_name: null, released_at: null };
    render(<CertificateDocument data={data} />);
    expect(field(sheetsOf(printData.serials[0])[0], 'released_by')).toBe('Erika Muster, 21.11.2026 10:15');
  });

  it('prints no customer copy of a unit awaiting release, and ZUR FREIGABE on its factory copy', () => {
    const data = failedSecond();
    data.test_record.units[0] = { ...data.test_record.units[0], release: 'awaiting_release' };
    data.test_record.units[0].released_by_name = null;
    render(<CertificateDocument data={data} />);
    const sheets = sheetsOf(printData.serials[0]);
    expect(sheets.map((sheet) => sheet.dataset.copy)).toEqual(sheets.map(() => '1'));
    for (const sheet of sheets) {
      expect(sheet.querySelector('[data-testid="print-release"]')).toHaveTextContent(
        /^ZUR FREIGABE \/ AWAITING/,
      );
      expect(sheet).toHaveTextContent('Werksexemplar / Factory copy');
      expect(sheet).not.toHaveTextContent('BESTANDEN / PASSED');
    }
  });

  it('keeps the default plan on one sheet per copy; a long plan continues, every sheet numbered in its copy', () => {
    const { unmount } = render(<CertificateDocument data={{ ...printData, ...oneUnit }} />);
    expect(pages().map((sheet) => sheet.querySelector('[data-testid="print-page"]')!.textContent)).toEqual([
      expect.stringMatching(/^Seite 1 von 1 · Page 1 of 1 ·/),
      expect.stringMatching(/^Seite 1 von 1 · Page 1 of 1 ·/),
    ]);
    unmount();
    const steps = Array.from({ length: 40 }, (_, i) => ({ ...INSULATION_STEP, key: `step_${i}` }));
    const values = Object.fromEntries(steps.map((step) => [step.key, '5']));
    const data: Certificate = {
      ...printData,
      ...oneUnit,
      test_record: {
        ...oneUnit.test_record,
        steps,
        units: [unitOf(oneUnit.serials[0], 'released', [attempt(values)])],
      },
    };
    render(<CertificateDocument data={data} />);
    const numbers = pages().map((sheet) => [
      sheet.dataset.copy,
      /^Seite (\d+) von (\d+)/
        .exec(sheet.querySelector('[data-testid="print-page"]')!.textContent!)!
        .slice(1)
        .join('/'),
    ]);
    const perCopy = numbers.length / 2;
    expect(perCopy).toBeGreaterThan(2);
    expect(numbers).toEqual(
      (['0', '1'] as const).flatMap((copy) =>
        Array.from({ length: perCopy }, (_, i) => [copy, `${i + 1}/${perCopy}`]),
      ),
    );
    // Every step prints once per copy, in the plan's order, and each sheet repeats the column heads.
    const printed = pages()
      .filter((sheet) => sheet.dataset.copy === '0')
      .flatMap((sheet) =>
        [...sheet.querySelectorAll<HTMLElement>('tr[data-step]')].map((row) => row.dataset.step),
      );
    expect(printed).toEqual(steps.map((step) => step.key));
    expect(pages().every((sheet) => sheet.querySelector('.cert-doc__results thead'))).toBe(true);
  });
});
