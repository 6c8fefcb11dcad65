import { beforeEach, describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { ORIGINS, type Certificate } from 'contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getConfig, setConfig } from 'shared-ui';
import { CertificateDocument } from './certificate-document';
import { certificateDefaults } from '../api/wire';
import { ISSUED_PRINT } from '../test-support/standing';

const printData: Certificate = {
  id: 7,
  brand_id: 1,
  machine_id: 12,
  checked_by: '<img src=x onerror=alert(1)>',
  quantity: 3,
  ...certificateDefaults,
  accessories: 'NOT OK',
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
};

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
const oneUnit = { quantity: 1, serials: ['4852406999'] };

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

  it('shows every row with its value, the board and origin in every language, a blank dispatch row and text as text', () => {
    render(<CertificateDocument data={{ ...printData, ...oneUnit }} />);
    const page = pages()[0];
    const cell = (field: string) => page.querySelector(`[data-field="${field}"]`)!.textContent;
    expect(within(page).getByRole('heading', { name: 'PRÜFBERICHT' })).toBeInTheDocument();
    expect(within(page).getByText(/परीक्षण प्रमाणपत्र/)).toBeInTheDocument();
    expect(cell('checked_by')).toBe('<img src=x onerror=alert(1)>');
    expect(page.querySelector('img[src="x"]')).toBeNull();
    // 22:30 UTC on 11 June is the 12th in Berlin.
    expect(cell('date')).toBe('12.06.2024');
    expect(cell('machine_name')).toBe('AirMAB 5000');
    expect(cell('serial')).toBe('4852406999');
    expect(cell('accessories')).toBe('NOT OK');
    expect(cell('perpendicularity')).toBe('OK');
    expect(cell('resistance_to_voltage')).toBe('1500 V');
    expect(cell('electronic_circuit_board')).toBe('NEIN / NO / NON / NÃO');
    expect(cell('logistics_control')).toBe('');
    expect(cell('observation')).toBe('230 Volt, 50-60Hz');
    expect(cell('origin')).toBe('DEUTSCHLAND / GERMANY / ALLEMAGNE / ALEMANIA / GERMANIA / ALEMANHA');
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
      'JA / YES / OUI / SÍ / SÌ / SIM',
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
/** Each row title as printed: its six lines, German first. */
const printedTitles = () =>
  [...page().querySelectorAll('th')].map((th) => [...th.children].map((line) => line.textContent));
const printedValue = (field: string) => page().querySelector(`[data-field="${field}"]`)!.textContent;
/** A value word as the glossary says it is printed: each different spelling once, in the six languages' order. */
const printedWord = (key: string) => [...new Set(term(key))].join(' / ');

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

describe('the printed certificate against docs/terminology.md', () => {
  it('prints every row title exactly as the glossary has it, in the order DE EN FR ES IT PT', () => {
    render(<CertificateDocument data={{ ...printData, ...oneUnit }} />);
    const titles = printedTitles();
    const keys = [...page().querySelectorAll<HTMLElement>('[data-field]')].map((cell) => cell.dataset.field!);
    // The value cells follow their titles, left then right pair of each row; the QR row comes last.
    expect(titles).toHaveLength(keys.length + 1);
    keys.forEach((key, i) => expect([key, titles[i]]).toEqual([key, term(key)]));
    expect(titles.at(-1)).toEqual(term('scan'));
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
    expect(printedWord('NO')).toBe('NEIN / NO / NON / NÃO');
    expect(printedWord('GERMANY')).toBe('DEUTSCHLAND / GERMANY / ALLEMAGNE / ALEMANIA / GERMANIA / ALEMANHA');
  });
});
