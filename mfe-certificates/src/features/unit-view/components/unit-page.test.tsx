import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  CERTIFICATE_DEFAULTS,
  DEFAULT_PLAN_STEPS,
  type PlanStep,
  type PrintData,
  type CertificateDocumentEntry,
  type TestAttempt,
  type UnitRelease,
  type UnitView,
} from 'contracts';
import { http, notify, setConfig, setLanguage } from 'shared-ui';
import UnitPage from './unit-page';
import { ISSUED_PRINT } from '../../../test-support/standing';

const getMock = jest.spyOn(http, 'get');
const postMock = jest.spyOn(http, 'post');
const answer = (data: unknown) => ({ data }) as never;

const SERIAL = '4852611002';
const guide = DEFAULT_PLAN_STEPS.find((step) => step.key === 'guide')!;
const insulation: PlanStep = {
  ...DEFAULT_PLAN_STEPS.find((step) => step.key === 'insulation_resistance')!,
  kind: 'numeric',
  unit: 'MΩ',
  lower: 1,
  decimals: 1,
  per_unit: true,
};
const steps = [guide, insulation];

const attempt = (n: number, value: string, passed: boolean): TestAttempt => ({
  attempt: n,
  values: { guide: 'pass', insulation_resistance: value },
  verdicts: { guide: 'pass', insulation_resistance: passed ? 'pass' : 'fail' },
  passed,
  tested_by_name: n === 1 ? 'Erika Mustermann' : 'Max Prüfer',
  tested_at: `2026-11-2${n}T10:00:00.000Z`,
});

function certificate(release: UnitRelease, attempts: TestAttempt[], status: 'issued' | 'voided' = 'issued') {
  return {
    id: 7,
    brand_id: 1,
    machine_id: 11,
    checked_by: 'Erika Mustermann',
    crowd: 3,
    ...CERTIFICATE_DEFAULTS,
    electronic_circuit_board: 1,
    machine_type: 'MAB 825',
    machine_image: '',
    serial_prefix: '485',
    brand_name: 'BDS',
    brand_image: '',
    brand_email: '',
    brand_website: '',
    ean_number: '',
    serialNoPart1: '4852611',
    recordsCount: 1,
    serial_no: '4852611001',
    endSerialNo: '4852611003',
    serials: ['4852611001', SERIAL, '4852611003'],
    created_at: '2026-11-21T10:00:00.000Z',
    ...ISSUED_PRINT,
    status,
    verdict: release === 'failed' ? 'failed' : 'released',
    failed_units: release === 'failed' ? 1 : 0,
    test_record: {
      plan_version: 2,
      steps,
      verdict: release === 'failed' ? 'failed' : 'released',
      tested_by_name: 'Erika Mustermann',
      units: [
        {
          serial: SERIAL,
          release,
          attempts,
          released_by_name: null,
          released_at: null,
          deviation_reason: null,
        },
      ],
    },
  } satisfies PrintData;
}

function unitAnswer(data: PrintData): UnitView {
  const release = data.test_record.units[0].release;
  return {
    unit: { serial: SERIAL, unit_index: 1, voided_at: null, void_reason: null, release },
    certificate: data,
    instruments: [],
    documents: [],
  };
}

/** A document of the certificate's archive as the API lists it. */
const sealed = (
  seq: number,
  event: CertificateDocumentEntry['event'],
  revision = 1,
): CertificateDocumentEntry => ({
  seq,
  event,
  scope: 'certificate',
  serial: '',
  revision,
  sha256: 'a'.repeat(64),
  size: 40_000,
  page_count: 3,
  created_at: `2026-11-2${seq}T10:00:00.000Z`,
});

let current: PrintData;
let roles = ['pruefer'];
/** What a test adds to the unit's answer: its instruments and documents. */
let trail: (view: UnitView) => UnitView;
let events: object[];

beforeEach(() => {
  setConfig({
    apiBase: '/api',
    webBase: 'https://pruefbericht.example',
    remotes: { certificates: '', machines: '', landing: '' },
    labelPrintUrl: null,
    companyName: '',
    companyAddress: '',
  });
  current = certificate('failed', [attempt(1, '0,8', false)]);
  roles = ['pruefer'];
  trail = (view) => view;
  events = [];
  getMock.mockImplementation(async (url: string) => {
    if (url === `/units/${SERIAL}`) return answer(trail(unitAnswer(current)));
    if (url === `/units/${SERIAL}/events`) return answer({ data: events, next: null });
    if (url === '/failure-reasons')
      return answer([{ id: 1, code: 'ISO', name: 'Isolationsfehler', used: 0 }]);
    if (url === '/me')
      return answer({ id: 5, email: 'max@example.com', name: 'Max Prüfer', roles, two_factor: false });
    throw new Error(`unexpected GET ${url}`);
  });
});

afterEach(() => {
  getMock.mockReset();
  postMock.mockReset();
  jest.clearAllMocks();
});

async function renderPage(heading = `Einheit ${SERIAL}`) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[`/units/${SERIAL}`]}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Routes>
          <Route path="/units/:serial" element={<UnitPage />} />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { name: heading });
  return user;
}

describe('UnitPage: the test record and the retest of a failed unit', () => {
  it('shows the release and each step of the attempt with its limit and verdict in words', async () => {
    await renderPage();
    expect(screen.getByText('Nicht bestanden', { selector: '.test-release' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Prüfergebnisse' });
    const row = within(table).getByRole('row', { name: /Isolationswiderstand/ });
    expect(row).toHaveTextContent('≥ 1 MΩ');
    expect(row).toHaveTextContent('0,8 MΩ ✕ Nicht bestanden');
    expect(within(table).getByRole('row', { name: /Führung/ })).toHaveTextContent('Bestanden ✓');
  });

  it("names the tester file an attempt's values came from, with the start of its hash", async () => {
    const source = {
      id: 5,
      name: 'messung.csv',
      sha256: 'ab12cd34ef56'.padEnd(64, '0'),
      size: 120,
      format: 'csv',
      tester_model: 'ST 725',
      tester_serial: '',
    };
    current = certificate('released', [attempt(1, '0,8', false), { ...attempt(2, '2,4', true), source }]);
    await renderPage();
    const table = screen.getByRole('table', { name: 'Prüfergebnisse' });
    const [shown] = within(table).getAllByTestId('attempt-source');
    expect(shown).toHaveTextContent('aus Datei messung.csv, ab12cd34ef56');
    expect(within(table).getAllByTestId('attempt-source')).toHaveLength(1);
  });

  it('a retest asks for the failed step, empty, carries the passed one over, holds up missing and malformed values and a missing reason, and sends a new attempt', async () => {
    const user = await renderPage();
    const form = await screen.findByRole('form', { name: 'Nachprüfung erfassen' });
    expect(within(form).getByText(/Version 2/)).toBeInTheDocument();
    expect(within(form).getByRole('list', { name: 'Übernommen aus Versuch 1' })).toHaveTextContent(
      'Führung/Funktion',
    );
    expect(within(form).queryByRole('group', { name: 'Führung/Funktion' })).not.toBeInTheDocument();
    const value = within(form).getByLabelText('Isolationswiderstand');
    expect(value).toHaveValue('');

    await user.type(value, 'viel{Enter}');
    expect(postMock).not.toHaveBeenCalled();
    await user.click(within(form).getByRole('button', { name: 'NACHPRÜFUNG SPEICHERN' }));
    expect(postMock).not.toHaveBeenCalled();
    expect(value).toHaveAccessibleDescription('Grenzwert ≥ 1 MΩ Keine gültige Zahl (z. B. 0,8)');
    expect(within(form).getByRole('alert')).toHaveTextContent('Bitte den Fehlergrund wählen');

    // After the repair: 2,4 MΩ passes, the unit is released; the earlier attempt stays readable.
    current = certificate('released', [attempt(1, '0,8', false), attempt(2, '2,4', true)]);
    postMock.mockResolvedValue(answer(current));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Fehlergrund' }), 'ISO');
    await user.clear(value);
    await user.type(value, ' 2,4 ');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(1));
    expect(postMock).toHaveBeenCalledWith(`/units/${SERIAL}/attempts`, {
      values: { insulation_resistance: '2,4' },
      failure_reason: 'ISO',
      finding: '',
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Nachprüfung bestanden: die Einheit ist freigegeben.',
    );
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Nachprüfung erfassen' })).not.toBeInTheDocument(),
    );
    const table = screen.getByRole('table', { name: 'Prüfergebnisse' });
    expect(within(table).getByRole('columnheader', { name: 'Versuch 1' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Versuch 2 (zählt)' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Isolationswiderstand/ })).toHaveTextContent(
      '0,8 MΩ ✕ Nicht bestanden2,4 MΩ ✓',
    );
    expect(screen.getByText('Freigegeben', { selector: '.test-release' })).toBeInTheDocument();
  });

  it('a failing retest says the unit stays blocked; the API’s refusal is said in German', async () => {
    const user = await renderPage();
    const form = await screen.findByRole('form', { name: 'Nachprüfung erfassen' });
    await user.selectOptions(await within(form).findByRole('combobox', { name: 'Fehlergrund' }), 'ISO');
    await user.type(within(form).getByLabelText('Isolationswiderstand'), '0,9');
    postMock.mockResolvedValueOnce(
      answer(certificate('failed', [attempt(1, '0,8', false), attempt(2, '0,9', false)])),
    );
    await user.click(within(form).getByRole('button', { name: 'NACHPRÜFUNG SPEICHERN' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Nachprüfung nicht bestanden: die Einheit bleibt gesperrt.',
    );

    const toast = jest.spyOn(notify, 'error');
    postMock.mockRejectedValueOnce(
      Object.assign(new Error('409'), {
        isAxiosError: true,
        response: {
          status: 409,
          data: { error: { code: 'NOT_RETESTABLE', message: 'Die Einheit ist nicht gesperrt.' } },
        },
      }),
    );
    await user.click(within(form).getByRole('button', { name: 'NACHPRÜFUNG SPEICHERN' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        'Die Nachprüfung wurde nicht gespeichert. Die Einheit ist nicht gesperrt.',
      ),
    );
    // No answer at all: said on the form, the values stay.
    postMock.mockRejectedValueOnce(Object.assign(new Error('Network Error'), { isAxiosError: true }));
    await user.click(within(form).getByRole('button', { name: 'NACHPRÜFUNG SPEICHERN' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Der Server ist nicht erreichbar.');
    expect(within(form).getByLabelText('Isolationswiderstand')).toHaveValue('0,9');
  });

  it('offers no retest for a unit that passed, a voided certificate, or an account without the right', async () => {
    current = certificate('released', [attempt(1, '2,0', true)]);
    await renderPage();
    expect(screen.queryByRole('form', { name: 'Nachprüfung erfassen' })).not.toBeInTheDocument();
    cleanup();

    current = certificate('failed', [attempt(1, '0,8', false)], 'voided');
    await renderPage();
    expect(screen.queryByRole('form', { name: 'Nachprüfung erfassen' })).not.toBeInTheDocument();
    cleanup();

    current = certificate('failed', [attempt(1, '0,8', false)]);
    roles = ['lesen'];
    await renderPage();
    await waitFor(() => expect(getMock).toHaveBeenCalledWith('/me'));
    expect(screen.queryByRole('form', { name: 'Nachprüfung erfassen' })).not.toBeInTheDocument();
  });
});

describe('UnitPage: the trail an auditor follows', () => {
  it('names the instrument of each value with its calibration due, links the plan version, lists the sealed documents and names people', async () => {
    current = certificate('released', [attempt(1, '0,8', false), attempt(2, '2,4', true)]);
    trail = (view) => ({
      ...view,
      instruments: [1, 2].map((n) => ({
        attempt: n,
        step_key: 'insulation_resistance',
        instrument_id: 3,
        inventory_number: 'PM-10',
        name: 'Isolationsmessgerät 1000 V',
        due: n === 1 ? '2027-03-31' : '2027-09-30',
      })),
      documents: [sealed(1, 'issued'), sealed(2, 'retested'), sealed(3, 'released'), sealed(4, 'revised', 2)],
    });
    events = [
      {
        id: 9,
        at: '2026-11-25T10:00:00.000Z',
        account_id: 4,
        account_email: 'qs@example.com',
        account_name: 'Quentin Sicher',
        action: 'instrument.calibrated',
        subject_type: 'instrument',
        subject_id: '3',
        subject_name: 'PM-10 Isolationsmessgerät 1000 V',
        details: { calibrated_on: '2026-11-25', result: 'out_of_tolerance', suspect_since: '2026-11-01' },
      },
    ];
    const user = await renderPage();
    const row = within(screen.getByRole('table', { name: 'Prüfergebnisse' })).getByRole('row', {
      name: /Isolationswiderstand/,
    });
    expect(row).toHaveTextContent(
      'Prüfmittel PM-10 Isolationsmessgerät 1000 V, Kalibrierung fällig am 31.03.2027',
    );
    expect(row).toHaveTextContent('Kalibrierung fällig am 30.09.2027');
    expect(screen.getByRole('link', { name: 'Version 2' })).toHaveAttribute(
      'href',
      '/machines/11/test-plan?version=2',
    );

    const documents = screen.getByRole('region', { name: 'Gesiegelte Dokumente' });
    expect(
      within(documents)
        .getAllByRole('row')
        .slice(1)
        .map((line) => within(line).getAllByRole('cell')[0].textContent),
    ).toEqual(['Ausgestellt', 'Nachgeprüft', 'Freigegeben', 'Korrigiert']);
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    getMock.mockResolvedValueOnce(answer(pdf));
    const created = jest.fn((_file: Blob) => 'blob:pdf');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(
      within(documents).getByRole('button', { name: 'Herunterladen: Dokument 4, Korrigiert, Revision 2' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(getMock).toHaveBeenCalledWith('/certificates/7/documents/4', expect.anything());
    expect(created).toHaveBeenCalledWith(pdf);

    const history = await screen.findByRole('region', { name: 'Verlauf' });
    const event = await within(history).findByText('Quentin Sicher');
    expect(event.closest('li')).toHaveTextContent('Prüfmittel PM-10 Isolationsmessgerät 1000 V');
    expect(event.closest('li')).toHaveTextContent('außer Toleranz');
    expect(history).not.toHaveTextContent('qs@example.com');
    click.mockRestore();
  });
});

describe('UnitPage in each staff language', () => {
  afterEach(() => act(() => setLanguage('de')));

  it.each([
    {
      language: 'de' as const,
      heading: `Einheit ${SERIAL}`,
      release: 'Nicht bestanden',
      table: 'Prüfergebnisse',
      row: ['Isolationswiderstand', '0,8 MΩ ✕ Nicht bestanden'],
      footer: 'Geprüft von Erika Mustermann, 21.11.2026 11:00',
      retest: 'Nachprüfung erfassen',
      version: /\(Version 2\)/,
      save: 'NACHPRÜFUNG SPEICHERN',
    },
    {
      language: 'en' as const,
      heading: `Unit ${SERIAL}`,
      release: 'Failed',
      table: 'Test results',
      row: ['Insulation resistance', '0,8 MΩ ✕ Failed'],
      footer: 'Checked by Erika Mustermann, 21/11/2026 11:00',
      retest: 'Record a retest',
      version: /\(version 2\)/,
      save: 'SAVE RETEST',
    },
    {
      language: 'pl' as const,
      heading: `Egzemplarz ${SERIAL}`,
      release: 'Negatywny',
      table: 'Wyniki badań',
      row: ['Rezystancja izolacji', '0,8 MΩ ✕ Negatywny'],
      footer: 'Sprawdził: Erika Mustermann, 21.11.2026 11:00',
      retest: 'Badanie powtórne',
      version: /\(wersja 2\)/,
      save: 'ZAPISZ BADANIE POWTÓRNE',
    },
  ])('shows the unit, its test record and its retest in $language', async (texts) => {
    await act(() => setLanguage(texts.language));
    await renderPage(texts.heading);
    expect(screen.getByText(texts.release, { selector: '.test-release' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: texts.table });
    const [title, value] = texts.row;
    expect(within(table).getByRole('row', { name: new RegExp(title) })).toHaveTextContent(value);
    expect(table).toHaveTextContent(texts.footer);
    const retest = await screen.findByRole('form', { name: texts.retest });
    expect(within(retest).getByText(texts.version)).toBeInTheDocument();
    expect(within(retest).getByRole('button', { name: texts.save })).toBeInTheDocument();
  });
});
