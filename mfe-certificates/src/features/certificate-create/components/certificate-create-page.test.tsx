import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import {
  CERTIFICATE_DEFAULTS,
  DEFAULT_PLAN_STEPS,
  type PlanStep,
  type PrintData,
  type TestPlan,
} from 'contracts';
import { http, notify, setConfig, setLanguage, type getMachinesByBrand } from 'shared-ui';
import CertificateCreatePage from './certificate-create-page';
import { loadPdfFrame, PDF_BYTES, stubObjectUrls } from '../../../test-support/pdf-frame';
import { ISSUED_PRINT } from '../../../test-support/standing';
import { instrumentRegister, instrumentUnfit } from '../../../test-support/test-record';

// HTTP answers and the body sent are the API's wire names.
const getMock = jest.spyOn(http, 'get');
const postMock = jest.spyOn(http, 'post');
const answer = (data: unknown) => ({ data }) as never;
const sentBody = () => {
  expect(postMock.mock.calls[0][0]).toBe('/certificate');
  return postMock.mock.calls[0][1];
};

const brands = [
  {
    id: 1,
    name: 'BDS',
    logo: 'uploads/bds.png',
    email: 'info@bds.example',
    website_link: 'https://bds.example',
  },
  { id: 2, name: 'MABtec', logo: '', email: '', website_link: '' },
];
const machinesOf: Record<number, Awaited<ReturnType<typeof getMachinesByBrand>>> = {
  1: [
    { id: 11, name: 'MAB 825', image: 'uploads/mab.png', electronic_circuit_board: 1, serial_prefix: '485' },
  ],
  2: [{ id: 21, name: 'AirMAB 5000', image: '', electronic_circuit_board: 0, serial_prefix: '486' }],
};

const step = (key: string) => DEFAULT_PLAN_STEPS.find((candidate) => candidate.key === key)!;
const insulation: PlanStep = {
  ...step('insulation_resistance'),
  kind: 'numeric',
  unit: 'MΩ',
  lower: 1,
  decimals: 1,
  per_unit: true,
};
const functionTest: PlanStep = {
  ...step('guide'),
  key: 'function_test',
  title: { ...step('guide').title, de: 'Funktionsprüfung' },
  per_unit: true,
};
/** Machine 11's plan: two steps once per certificate (pass/fail, choice), two per unit (a number, pass/fail). */
const plan: TestPlan = {
  machine_id: 11,
  version: 3,
  steps: [step('guide'), step('resistance_to_voltage'), insulation, functionTest],
  created_at: '2026-11-20T08:00:00.000Z',
  created_by_name: 'Qualität',
  reason: 'Funktionsprüfung je Einheit',
};
const me = {
  id: 5,
  email: 'erika@example.com',
  name: 'Erika Mustermann',
  roles: ['pruefer'],
  must_change_password: false,
  two_factor: false,
  two_factor_required: false,
  language: 'de',
};
const attempt = (passed: boolean) => ({
  attempt: 1,
  values: { insulation_resistance: passed ? '2,5' : '0,8' },
  verdicts: { insulation_resistance: passed ? ('pass' as const) : ('fail' as const) },
  passed,
  tested_by_name: 'Erika Mustermann',
  tested_at: '2026-11-21T10:00:00.000Z',
});
const unitRecord = (serial: string, passed: boolean) => ({
  serial,
  release: passed ? ('released' as const) : ('failed' as const),
  attempts: [attempt(passed)],
  released_by_name: null,
  released_at: null,
  deviation_reason: null,
});

const printData: PrintData = {
  id: 7,
  brand_id: 1,
  machine_id: 11,
  checked_by: 'Erika Mustermann',
  crowd: 2,
  ...CERTIFICATE_DEFAULTS,
  electronic_circuit_board: 1,
  machine_type: 'MAB 825',
  machine_image: 'uploads/mab.png',
  serial_prefix: '485',
  brand_name: 'BDS',
  brand_image: '',
  brand_email: 'info@bds.example',
  brand_website: 'https://bds.example',
  ean_number: '',
  serialNoPart1: '4852611',
  recordsCount: 4,
  serial_no: '4852611004',
  endSerialNo: '4852611005',
  serials: ['4852611004', '4852611005'],
  created_at: '2026-11-21T10:00:00.000Z',
  ...ISSUED_PRINT,
  verdict: 'failed',
  failed_units: 1,
  test_record: {
    plan_version: 3,
    steps: plan.steps,
    verdict: 'failed',
    tested_by_name: 'Erika Mustermann',
    units: [unitRecord('4852611004', true), unitRecord('4852611005', false)],
  },
};

beforeEach(() => {
  setConfig({
    apiBase: '/api',
    webBase: 'https://pruefbericht.example',
    remotes: { certificates: '', machines: '', landing: '' },
    labelPrintUrl: null,
    companyName: '',
    companyAddress: '',
  });
  getMock.mockImplementation(async (url: string) => {
    if (url === '/brands') return answer({ data: brands });
    if (url === '/me') return answer(me);
    if (url === '/machine/11/test-plan') return answer(plan);
    if (url === '/certificates/7/document') return answer(PDF_BYTES);
    if (url === '/machine/21/test-plan')
      return answer({ ...plan, machine_id: 21, version: 0, steps: DEFAULT_PLAN_STEPS });
    const brandId = /^\/machinesByBrand\/(\d+)$/.exec(url)?.[1];
    if (brandId) return answer({ data: machinesOf[Number(brandId)] });
    throw new Error(`unexpected GET ${url}`);
  });
  window.print = jest.fn();
  stubObjectUrls();
  sessionStorage.clear();
});

afterEach(() => {
  getMock.mockReset();
  postMock.mockReset();
  jest.clearAllMocks();
  document.body.innerHTML = '';
});

async function renderPage(brandLabel = 'MARKE') {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CertificateCreatePage />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  await screen.findByLabelText(brandLabel);
  return user;
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByLabelText(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The grid's field of one unit's step: its row header and column title name it. */
const cell = (unit: number, title: string) =>
  screen.getByRole('textbox', { name: `Einheit ${unit} ${title}` });

/** Brand, machine, the quantity, and every value of the plan passing (insulation 2,5 MΩ for each unit). */
async function fillValidForm(user: ReturnType<typeof userEvent.setup>, quantity = 1) {
  await choose(user, 'MARKE', 'BDS');
  await choose(user, 'ARTIKELNUMMER', 'MAB 825');
  if (quantity !== 1) {
    await user.clear(screen.getByLabelText('MENGE'));
    await user.type(screen.getByLabelText('MENGE'), String(quantity));
  }
  await user.click(await screen.findByRole('button', { name: 'Alle bestanden' }));
  await user.selectOptions(screen.getByLabelText('Spannungsfestigkeit'), '1500 V');
  await user.click(cell(1, 'Isolationswiderstand'));
  await user.paste(Array(quantity).fill('2,5').join('\n'));
}

describe('CertificateCreatePage', () => {
  it('shows a spinner while the brands load, then the form with placeholders', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CertificateCreatePage />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByLabelText('MARKE')).toBeInTheDocument();
    expect(screen.getAllByText('wählen...')).toHaveLength(2);
    expect(screen.getByLabelText('MENGE')).toHaveValue(1);
    expect(screen.getByText('Ausgewählte Maschine')).toBeInTheDocument();
    expect(screen.getByText('Ausgewählte Marke')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('keeps the machine select disabled until a brand is chosen, then shows the choices', async () => {
    const user = await renderPage();
    expect(screen.getByLabelText('ARTIKELNUMMER')).toBeDisabled();
    await choose(user, 'MARKE', 'BDS');
    await waitFor(() => expect(getMock).toHaveBeenCalledWith('/machinesByBrand/1'));
    expect(screen.getByLabelText('ARTIKELNUMMER')).toBeEnabled();
    await choose(user, 'ARTIKELNUMMER', 'MAB 825');
    expect(screen.getByRole('img', { name: 'MAB 825' })).toHaveAttribute('src', '/api/uploads/mab.png');
    expect(screen.getByRole('img', { name: 'BDS' })).toHaveAttribute('src', '/api/uploads/bds.png');
    const board = screen.getByRole('group', { name: 'ELEKTRISCHE REGELUNG' });
    expect(within(board).getByRole('checkbox', { name: 'Ja' })).toBeChecked();
    expect(within(board).getByRole('checkbox', { name: 'NEIN' })).not.toBeChecked();
    expect(within(board).getByRole('checkbox', { name: 'Ja' })).toBeDisabled();
  });

  it('clearing the brand clears the machine and disables its select; another brand clears it too', async () => {
    const user = await renderPage();
    await choose(user, 'MARKE', 'BDS');
    await choose(user, 'ARTIKELNUMMER', 'MAB 825');
    expect(screen.getByText('MAB 825')).toBeInTheDocument();

    await choose(user, 'MARKE', 'MABtec');
    expect(screen.queryByText('MAB 825')).not.toBeInTheDocument();
    await choose(user, 'ARTIKELNUMMER', 'AirMAB 5000');
    expect(
      within(screen.getByRole('group', { name: 'ELEKTRISCHE REGELUNG' })).getByRole('checkbox', {
        name: 'NEIN',
      }),
    ).toBeChecked();

    // Backspace in a clearable single select clears it: react-select passes null (the earlier app crashed, docs/earlier-app.md).
    await user.click(screen.getByLabelText('MARKE'));
    await user.keyboard('{Backspace}{Escape}');
    expect(screen.queryByText('MABtec')).not.toBeInTheDocument();
    expect(screen.queryByText('AirMAB 5000')).not.toBeInTheDocument();
    expect(screen.getByLabelText('ARTIKELNUMMER')).toBeDisabled();
    expect(screen.getAllByText('wählen...')).toHaveLength(2);
  });

  it('validates before sending, shows the messages under the fields, focuses the first and sends nothing', async () => {
    const user = await renderPage();
    await user.clear(screen.getByLabelText('MENGE'));
    await user.click(screen.getByRole('button', { name: 'WEITER' }));
    expect(screen.getAllByText('Bitte wählen')).toHaveLength(2);
    expect(screen.getByLabelText('MENGE')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('MENGE')).toHaveAccessibleErrorMessage('Bitte EINGEBEN');
    // The keyboard is on the first field with a message.
    expect(screen.getByLabelText('MARKE')).toHaveFocus();

    await fillValidForm(user);
    for (const quantity of ['0', '101', '1.5', '-2', '1e2']) {
      fireEvent.change(screen.getByLabelText('MENGE'), { target: { value: quantity } });
      await user.click(screen.getByRole('button', { name: 'WEITER' }));
      expect(screen.getByLabelText('MENGE')).toHaveAccessibleErrorMessage(
        'Bitte eine ganze Zahl von 1 bis 100',
      );
    }
    expect(screen.queryByText('Bitte wählen')).not.toBeInTheDocument();
    expect(postMock).not.toHaveBeenCalled();
  });

  it('names the signed-in account as tester, read only: nothing to type', async () => {
    await renderPage();
    expect(await screen.findByText('Erika Mustermann')).toBeInTheDocument();
    expect(screen.getByText('Erika Mustermann').closest('p')).toHaveTextContent(
      'Geprüft von: Erika Mustermann',
    );
    expect(screen.queryByRole('textbox', { name: /GEPRÜFT VON/i })).not.toBeInTheDocument();
  });

  it('shows the machine’s plan with nothing pre-ticked, and holds up the open and malformed values', async () => {
    const user = await renderPage();
    await choose(user, 'MARKE', 'BDS');
    await choose(user, 'ARTIKELNUMMER', 'MAB 825');
    expect(await screen.findByRole('heading', { name: 'Prüfung' })).toBeInTheDocument();
    expect(screen.getByText('Prüfplan Version 3')).toBeInTheDocument();
    const guide = screen.getByRole('group', { name: 'Führung/Funktion' });
    for (const radio of within(guide).getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(screen.getByLabelText('Spannungsfestigkeit')).toHaveValue('');
    // One row per unit as the serials will be numbered; the column header names the limit with its unit.
    expect(screen.getByRole('columnheader', { name: /Isolationswiderstand/ })).toHaveTextContent(
      'Grenzwert ≥ 1 MΩ',
    );
    expect(screen.getByRole('rowheader', { name: 'Einheit 1' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Einheit 1 Funktionsprüfung' })).toHaveValue('');

    await user.type(cell(1, 'Isolationswiderstand'), '1,25');
    await user.click(screen.getByRole('button', { name: 'WEITER' }));
    expect(postMock).not.toHaveBeenCalled();
    expect(within(guide).getByRole('radio', { name: 'Bestanden' })).toHaveFocus();
    expect(screen.getByLabelText('Spannungsfestigkeit')).toHaveAccessibleDescription('Bitte eintragen');
    expect(cell(1, 'Isolationswiderstand')).toHaveAttribute('aria-invalid', 'true');
    expect(cell(1, 'Isolationswiderstand')).toHaveAccessibleDescription(
      'Grenzwert ≥ 1 MΩ Höchstens 1 Nachkommastelle',
    );
    // Typing again clears the message of that value only.
    await user.selectOptions(screen.getByLabelText('Spannungsfestigkeit'), '1500 V');
    expect(screen.getByLabelText('Spannungsfestigkeit')).not.toHaveAccessibleDescription(/Bitte eintragen/);
    expect(screen.getByRole('combobox', { name: 'Einheit 1 Funktionsprüfung' })).toHaveAccessibleDescription(
      'Bitte eintragen',
    );
  });

  it('marks a value out of its limit at once, with words and aria-invalid', async () => {
    const user = await renderPage();
    await fillValidForm(user, 3);
    const second = cell(2, 'Isolationswiderstand');
    await user.clear(second);
    await user.type(second, '0,8');
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(second).toHaveAccessibleDescription('Grenzwert ≥ 1 MΩ Zu niedrig, Grenzwert ≥ 1 MΩ');
    expect(cell(1, 'Isolationswiderstand')).not.toHaveAttribute('aria-invalid');
    for (const typed of ['abc', 'NaN', '1e309', '<img src=x onerror=alert(1)>', '9'.repeat(16)]) {
      await user.clear(second);
      await user.type(second, typed);
      expect(second).toHaveAccessibleDescription('Grenzwert ≥ 1 MΩ Keine gültige Zahl (z. B. 0,8)');
    }
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('sends the values as typed in `results`, none of the earlier check fields, and the account as tester', async () => {
    postMock.mockResolvedValue(answer([printData]));
    const user = await renderPage();
    await fillValidForm(user, 3);
    await user.clear(cell(2, 'Isolationswiderstand'));
    await user.type(cell(2, 'Isolationswiderstand'), '0,8');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Einheit 3 Funktionsprüfung' }), 'fail');
    await user.selectOptions(screen.getByLabelText('BEMERKUNGEN'), '110 Volt, 50-60Hz');
    await user.selectOptions(screen.getByLabelText('HERKUNFT'), 'POLAND');
    await user.click(screen.getByRole('button', { name: 'WEITER' }));
    // Two units fail: asked once, in the plural.
    const dialog = await screen.findByRole('alertdialog', {
      name: '2 Einheiten nicht bestanden – trotzdem ausstellen?',
    });
    expect(postMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'TROTZDEM AUSSTELLEN' }));
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(1));
    expect(sentBody()).toEqual({
      brand_id: 1,
      machine_id: 11,
      checked_by: 'Erika Mustermann',
      crowd: 3,
      observation: '110 Volt, 50-60Hz',
      origin_germany: 'POLAND',
      results: {
        certificate: { guide: 'pass', resistance_to_voltage: '1500 V' },
        units: [
          { insulation_resistance: '2,5', function_test: 'pass' },
          { insulation_resistance: '0,8', function_test: 'pass' },
          { insulation_resistance: '2,5', function_test: 'fail' },
        ],
      },
    });
  });

  it('"Alle bestanden" sets only the open steps that can simply pass; a lowered quantity sends fewer units', async () => {
    postMock.mockResolvedValue(answer([printData]));
    const user = await renderPage();
    await choose(user, 'MARKE', 'BDS');
    await choose(user, 'ARTIKELNUMMER', 'MAB 825');
    await user.clear(screen.getByLabelText('MENGE'));
    await user.type(screen.getByLabelText('MENGE'), '3');
    const guide = await screen.findByRole('group', { name: 'Führung/Funktion' });
    await user.click(within(guide).getByRole('radio', { name: 'Nicht bestanden' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Einheit 2 Funktionsprüfung' }), 'fail');
    await user.click(screen.getByRole('button', { name: 'Alle bestanden' }));
    expect(screen.getByRole('status')).toHaveTextContent('3 offene Schritte auf „Bestanden“ gesetzt.');
    expect(within(guide).getByRole('radio', { name: 'Nicht bestanden' })).toBeChecked();
    expect(
      [1, 2, 3].map(
        (unit) =>
          (screen.getByRole('combobox', { name: `Einheit ${unit} Funktionsprüfung` }) as HTMLSelectElement)
            .value,
      ),
    ).toEqual(['pass', 'fail', 'pass']);
    // A choice with one passing option gets it, as the voltage test of the default plan.
    expect(screen.getByLabelText('Spannungsfestigkeit')).toHaveValue('1500 V');

    await user.click(cell(1, 'Isolationswiderstand'));
    await user.paste('5\n6\n7');
    await user.clear(screen.getByLabelText('MENGE'));
    await user.type(screen.getByLabelText('MENGE'), '2');
    expect(screen.queryByRole('rowheader', { name: 'Einheit 3' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'WEITER' }));
    await user.click(await screen.findByRole('button', { name: 'TROTZDEM AUSSTELLEN' }));
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(1));
    expect((sentBody() as { results: unknown }).results).toEqual({
      certificate: { guide: 'fail', resistance_to_voltage: '1500 V' },
      units: [
        { insulation_resistance: '5', function_test: 'pass' },
        { insulation_resistance: '6', function_test: 'fail' },
      ],
    });
  });

  it('the grid is for the keyboard: Enter and the arrows move down a column, Enter never issues', async () => {
    postMock.mockResolvedValue(answer([printData]));
    const user = await renderPage();
    await fillValidForm(user, 3);
    await user.click(cell(1, 'Isolationswiderstand'));
    await user.keyboard('{Enter}');
    expect(cell(2, 'Isolationswiderstand')).toHaveFocus();
    await user.keyboard('3,3{Enter}');
    expect(cell(3, 'Isolationswiderstand')).toHaveFocus();
    expect(cell(2, 'Isolationswiderstand')).toHaveValue('3,3');
    await user.keyboard('{ArrowUp}');
    expect(cell(2, 'Isolationswiderstand')).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    // After the last unit Enter goes on to the next column's first unit.
    expect(screen.getByRole('combobox', { name: 'Einheit 1 Funktionsprüfung' })).toHaveFocus();
    // The arrows move in a select too, they do not change its value.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('combobox', { name: 'Einheit 2 Funktionsprüfung' })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Einheit 1 Funktionsprüfung' })).toHaveValue('pass');

    // Enter in any other field does not issue either.
    for (const field of [screen.getByLabelText('MENGE'), screen.getByLabelText('Spannungsfestigkeit')]) {
      field.focus();
      await user.keyboard('{Enter}');
    }
    await user.click(screen.getByRole('radio', { name: 'Bestanden' }));
    await user.keyboard('{Enter}');
    expect(postMock).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'WEITER' })).toHaveAccessibleDescription(
      'Ausstellen mit WEITER oder Strg + Enter; Enter in einem Feld stellt nichts aus.',
    );
    // The documented shortcut does.
    cell(2, 'Isolationswiderstand').focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(1));
  });

  it('a column pasted from a spreadsheet fills down, with tabs across; what has no cell is said', async () => {
    const user = await renderPage();
    await fillValidForm(user, 3);
    await user.click(cell(2, 'Isolationswiderstand'));
    await user.paste('0,9\tn.i.O.\r\n1,5\tOK\r\n7\tOK\r\n');
    expect([1, 2, 3].map((unit) => (cell(unit, 'Isolationswiderstand') as HTMLInputElement).value)).toEqual([
      '2,5',
      '0,9',
      '1,5',
    ]);
    expect(screen.getByRole('combobox', { name: 'Einheit 2 Funktionsprüfung' })).toHaveValue('fail');
    expect(screen.getByRole('combobox', { name: 'Einheit 3 Funktionsprüfung' })).toHaveValue('pass');
    expect(screen.getByRole('status')).toHaveTextContent(
      '4 Werte eingefügt, 2 ohne passende Einheit oder Spalte nicht übernommen.',
    );
    expect(cell(2, 'Isolationswiderstand')).toHaveAccessibleDescription(/Zu niedrig/);
    // One value pastes into the one field as usual.
    await user.clear(cell(3, 'Isolationswiderstand'));
    await user.paste('4,2');
    expect(cell(3, 'Isolationswiderstand')).toHaveValue('4,2');
  });

  it('one press creates one certificate, WEITER is enabled again, then the print dialog opens', async () => {
    let respond!: (value: never) => void;
    postMock.mockImplementation(() => new Promise((resolve) => (respond = resolve)));
    const user = await renderPage();
    await fillValidForm(user);
    const weiter = screen.getByRole('button', { name: 'WEITER' });
    fireEvent.click(weiter);
    fireEvent.click(weiter);
    fireEvent.submit(weiter.closest('form')!);
    // The one request is under way: WEITER waits for its answer, and the burst sent nothing more.
    await waitFor(() => expect(weiter).toBeDisabled());
    expect(postMock).toHaveBeenCalledTimes(1);

    await act(async () => respond(answer([printData])));
    // The answer is in once the tab shows what was issued; WEITER is enabled again with it.
    await screen.findByRole('region', { name: 'Prüfbericht ausgestellt' });
    await waitFor(() => expect(weiter).toBeEnabled());
    // The archived PDF of what was issued is shown, and printed by itself once it is in its frame.
    expect(screen.getByRole('heading', { level: 2, name: 'Prüfbericht Nr. 7 als PDF' })).toBeVisible();
    const { print } = await loadPdfFrame(/^PDF des Prüfberichts Nr\. 7$/);
    expect(getMock).toHaveBeenCalledWith(
      '/certificates/7/document',
      expect.objectContaining({ responseType: 'blob' }),
    );
    expect(print).toHaveBeenCalledTimes(1);
    expect(window.print).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'PDF HERUNTERLADEN' })).toHaveAttribute(
      'download',
      'Pruefbericht-7-4852611004-4852611005.pdf',
    );
    expect(postMock.mock.calls.map(([url]) => url)).toEqual(['/certificate', '/certificates/7/printed']);
  });

  it('after WEITER the tab shows what was issued above an emptied form, until NEUER PRÜFBERICHT', async () => {
    postMock.mockResolvedValue(answer([printData]));
    const user = await renderPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'WEITER' }));
    const issued = await screen.findByRole('region', { name: 'Prüfbericht ausgestellt' });
    expect(within(issued).getByRole('heading', { name: 'Prüfbericht ausgestellt' })).toHaveFocus();
    // The form is empty for the next certificate at once: no brand, machine or values of this one.
    expect(screen.queryByRole('heading', { name: 'Prüfung' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('ARTIKELNUMMER')).toBeDisabled();
    expect(screen.getByLabelText('MENGE')).toHaveValue(1);
    const facts = [...issued.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextSibling?.textContent,
    ]);
    expect(facts).toEqual([
      ['Prüfbericht Nr.', '7'],
      ['Maschine', 'MAB 825 · BDS'],
      ['Seriennummern', '4852611004 – 4852611005'],
      ['Menge', '2'],
      ['Ausgestellt', '21.11.2026 11:00'],
      // The API's verdict: how many units passed and which failed.
      ['Ergebnis', '✕ 1 Einheit bestanden, 1 nicht bestanden'],
      ['Nicht bestanden', '4852611005'],
    ]);
    // The failed unit links to its page, where its retest is recorded.
    expect(within(issued).getByRole('link', { name: '4852611005' })).toHaveAttribute(
      'href',
      '/units/4852611005',
    );
    expect(within(issued).getByRole('link', { name: 'ETIKETTEN' })).toHaveAttribute(
      'href',
      '/labels?certificate=7',
    );
    const { print } = await loadPdfFrame();
    expect(print).toHaveBeenCalledTimes(1);
    // The first print is the print of the issue, DRUCKEN again a reprint of the same PDF (no second download).
    await user.click(within(issued).getByRole('button', { name: 'DRUCKEN' }));
    expect(print).toHaveBeenCalledTimes(2);
    expect(getMock.mock.calls.filter(([url]) => url === '/certificates/7/document')).toHaveLength(1);
    expect(postMock.mock.calls.slice(1).map(([url, body]) => [url, body])).toEqual([
      ['/certificates/7/printed', { kind: 'print' }],
      ['/certificates/7/printed', { kind: 'reprint' }],
    ]);
    // Ctrl+P prints this screen, not the certificate: nothing is recorded.
    window.dispatchEvent(new Event('beforeprint'));
    expect(postMock).toHaveBeenCalledTimes(3);

    await user.click(within(issued).getByRole('button', { name: 'NEUER PRÜFBERICHT' }));
    expect(screen.queryByRole('region', { name: 'Prüfbericht ausgestellt' })).not.toBeInTheDocument();
    // Nothing of this certificate is on screen any more: a print now records nothing.
    window.dispatchEvent(new Event('beforeprint'));
    expect(postMock).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('heading', { name: 'Prüfung' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('MENGE')).toHaveValue(1);
    expect(screen.getByLabelText('MARKE')).toHaveFocus();
    expect(sessionStorage.length).toBe(0);
  });

  it('a server error enables WEITER again and says so in German', async () => {
    postMock.mockRejectedValue(
      Object.assign(new Error('500'), { isAxiosError: true, response: { status: 500, data: {} } }),
    );
    const toast = jest.spyOn(notify, 'error');
    const user = await renderPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'WEITER' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        'Der Prüfbericht konnte nicht erstellt werden. Bitte versuchen Sie es erneut!',
      ),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'WEITER' })).toBeEnabled());
    expect(window.print).not.toHaveBeenCalled();
  });

  it('with the network down it says so, keeps the draft and its key through a reload, and retries', async () => {
    const lost = Object.assign(new Error('Network Error'), { isAxiosError: true });
    postMock
      .mockRejectedValueOnce(lost)
      .mockRejectedValueOnce(lost)
      .mockResolvedValue(answer([printData]));
    const toast = jest.spyOn(notify, 'error');
    const user = await renderPage();
    await fillValidForm(user, 3);
    await user.clear(cell(2, 'Isolationswiderstand'));
    await user.type(cell(2, 'Isolationswiderstand'), '0,8');
    const keySent = (call: number) =>
      (postMock.mock.calls[call][2] as { headers: Record<string, string> }).headers['Idempotency-Key'];
    await user.click(screen.getByRole('button', { name: 'WEITER' }));
    await user.click(
      within(
        await screen.findByRole('alertdialog', { name: '1 Einheit nicht bestanden – trotzdem ausstellen?' }),
      ).getByRole('button', { name: 'TROTZDEM AUSSTELLEN' }),
    );
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(
      'Der Server ist nicht erreichbar. Der Entwurf mit allen Werten bleibt erhalten, auch beim Neuladen der Seite.',
    );
    expect(toast).not.toHaveBeenCalled();
    expect(window.print).not.toHaveBeenCalled();

    // A reload: the page comes back with every value and sends the same key.
    cleanup();
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'Prüfung' })).toBeInTheDocument();
    expect(screen.getByLabelText('MENGE')).toHaveValue(3);
    expect(cell(2, 'Isolationswiderstand')).toHaveValue('0,8');
    expect(screen.getByLabelText('Spannungsfestigkeit')).toHaveValue('1500 V');
    // After a reload the question comes once more; the retry beside WEITER does not ask again.
    await user.click(screen.getByRole('button', { name: 'WEITER' }));
    await user.click(await screen.findByRole('button', { name: 'TROTZDEM AUSSTELLEN' }));
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'ERNEUT SENDEN' }));
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(3));
    expect(keySent(0)).toMatch(/^[0-9a-f]{32}$/);
    expect([keySent(1), keySent(2)]).toEqual([keySent(0), keySent(0)]);
    expect(postMock.mock.calls[2][1]).toEqual(postMock.mock.calls[0][1]);
    await screen.findByRole('region', { name: 'Prüfbericht ausgestellt' });
    expect(screen.queryByText(/Server ist nicht erreichbar/)).not.toBeInTheDocument();
    // Issued: no draft is kept any more.
    expect(sessionStorage.length).toBe(0);
  });

  it('a retry after a lost answer sends the same Idempotency-Key; the next certificate a new one', async () => {
    const lost = Object.assign(new Error('Network Error'), { isAxiosError: true });
    postMock.mockRejectedValueOnce(lost).mockResolvedValue(answer([printData]));
    const user = await renderPage();
    await fillValidForm(user);
    const weiter = screen.getByRole('button', { name: 'WEITER' });
    const keySent = (call: number) =>
      (postMock.mock.calls[call][2] as { headers: Record<string, string> }).headers['Idempotency-Key'];
    await user.click(weiter);
    await waitFor(() => expect(weiter).toBeEnabled());
    await user.click(weiter);
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(2));
    expect(keySent(0)).toMatch(/^[0-9a-f]{32}$/);
    expect(keySent(1)).toBe(keySent(0));
    await waitFor(() => expect(weiter).toBeEnabled());
    // Issued: the form is empty for the next one.
    expect(screen.getByLabelText('ARTIKELNUMMER')).toBeDisabled();
    await fillValidForm(user);
    await user.click(weiter);
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(3));
    expect(keySent(2)).not.toBe(keySent(0));
  });

  it('WEITER again for the same machine, checker and quantity asks first, naming what was just issued', async () => {
    postMock.mockResolvedValue(answer([printData]));
    const user = await renderPage();
    await fillValidForm(user, 2);
    const weiter = screen.getByRole('button', { name: 'WEITER' });
    await user.click(weiter);
    await screen.findByRole('region', { name: 'Prüfbericht ausgestellt' });
    await waitFor(() => expect(weiter).toBeEnabled());

    await fillValidForm(user, 2);
    await user.click(weiter);
    const dialog = await screen.findByRole('alertdialog', { name: 'Noch einen Prüfbericht ausstellen?' });
    expect(dialog).toHaveTextContent('Prüfbericht Nr. 7 mit den Seriennummern 4852611004 – 4852611005');
    expect(within(dialog).getByRole('button', { name: 'ABBRECHEN' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'ABBRECHEN' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(postMock).toHaveBeenCalledTimes(1);
    await user.click(weiter);
    await user.click(await screen.findByRole('button', { name: 'JA, NOCH EINEN' }));
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(2));

    // Another quantity is another certificate on purpose: no question.
    await waitFor(() => expect(weiter).toBeEnabled());
    await fillValidForm(user, 5);
    await user.click(weiter);
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(3));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows the API’s field errors under their fields, a value’s on its cell', async () => {
    postMock.mockRejectedValue(
      Object.assign(new Error('400'), {
        isAxiosError: true,
        response: {
          status: 400,
          data: {
            error: {
              code: 'VALIDATION',
              message: 'Ungültig',
              fields: {
                crowd: 'Höchstens 100',
                'results.units.1.insulation_resistance':
                  'Isolationswiderstand, Einheit 2: höchstens 1 Nachkommastelle',
                'results.certificate.guide': 'Führung/Funktion fehlt',
              },
            },
          },
        },
      }),
    );
    const user = await renderPage();
    await fillValidForm(user, 2);
    await user.click(screen.getByRole('button', { name: 'WEITER' }));
    await waitFor(() => expect(screen.getByLabelText('MENGE')).toHaveAccessibleErrorMessage('Höchstens 100'));
    expect(cell(2, 'Isolationswiderstand')).toHaveAttribute('aria-invalid', 'true');
    expect(cell(2, 'Isolationswiderstand')).toHaveAccessibleDescription(
      'Grenzwert ≥ 1 MΩ Isolationswiderstand, Einheit 2: höchstens 1 Nachkommastelle',
    );
    expect(cell(1, 'Isolationswiderstand')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('group', { name: 'Führung/Funktion' })).toHaveAccessibleDescription(
      'Führung/Funktion fehlt',
    );
  });

  it('sends the chosen instrument; a 409 INSTRUMENT_UNFIT shows at the choice and every value stays', async () => {
    localStorage.clear();
    const measuredPlan: TestPlan = {
      ...plan,
      steps: plan.steps.map((planStep) =>
        planStep.key === 'insulation_resistance'
          ? { ...planStep, instrument_kind: 'insulation_tester' }
          : planStep,
      ),
    };
    const answers = getMock.getMockImplementation()!;
    getMock.mockImplementation(async (url: string) =>
      url === '/machine/11/test-plan'
        ? answer(measuredPlan)
        : url === '/instruments'
          ? answer({ data: instrumentRegister() })
          : answers(url),
    );
    const toast = jest.spyOn(notify, 'error');
    const user = await renderPage();
    await fillValidForm(user, 2);
    const weiter = screen.getByRole('button', { name: 'WEITER' });
    const choice = await screen.findByRole('combobox', { name: 'Prüfmittel: Isolationswiderstand' });

    // None chosen: held up at the choice, nothing sent.
    await user.click(weiter);
    expect(postMock).not.toHaveBeenCalled();
    await waitFor(() => expect(choice).toHaveFocus());
    expect(choice).toHaveAccessibleDescription('Isolationsmessgerät Bitte das Prüfmittel wählen');

    postMock.mockRejectedValueOnce(
      instrumentUnfit('results.instruments.insulation_resistance', 'PM-0102', 'gesperrt'),
    );
    await user.selectOptions(choice, '102');
    expect(choice).not.toHaveAttribute('aria-invalid');
    await user.click(weiter);
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(1));
    expect((sentBody() as { results: unknown }).results).toMatchObject({
      instruments: { insulation_resistance: 102 },
    });
    await waitFor(() =>
      expect(choice).toHaveAccessibleDescription('Isolationsmessgerät Prüfmittel PM-0102: gesperrt'),
    );
    expect(choice).toHaveAttribute('aria-invalid', 'true');
    expect(choice).toHaveFocus();
    expect(toast).toHaveBeenCalledWith(expect.stringContaining('Prüfmittel PM-0102: gesperrt'));
    // Nothing entered is lost.
    expect(choice).toHaveValue('102');
    expect(cell(1, 'Isolationswiderstand')).toHaveValue('2,5');
    expect(cell(2, 'Isolationswiderstand')).toHaveValue('2,5');
    expect(screen.getByLabelText('Spannungsfestigkeit')).toHaveValue('1500 V');
    expect(screen.getByLabelText('MENGE')).toHaveValue(2);
    expect(screen.getByText('MAB 825')).toBeInTheDocument();

    // Another instrument clears the message and issues.
    postMock.mockResolvedValueOnce(answer([printData]));
    await user.selectOptions(choice, '101');
    expect(choice).not.toHaveAttribute('aria-invalid');
    await user.click(weiter);
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(2));
    expect(postMock.mock.calls[1][1]).toMatchObject({
      results: { instruments: { insulation_resistance: 101 } },
    });
    expect(await screen.findByRole('region', { name: 'Prüfbericht ausgestellt' })).toBeInTheDocument();
  });
});

describe('CertificateCreatePage in each staff language', () => {
  afterEach(() => act(() => setLanguage('de')));

  it.each([
    {
      language: 'de' as const,
      texts: ['MARKE', 'ARTIKELNUMMER', 'WEITER', 'Bitte wählen', 'Prüfung', 'Führung/Funktion'],
      cell: 'Einheit 1 Isolationswiderstand',
      typed: '0,8',
      tooLow: 'Grenzwert ≥ 1 MΩ Zu niedrig, Grenzwert ≥ 1 MΩ',
    },
    {
      language: 'en' as const,
      texts: ['BRAND', 'ARTICLE NUMBER', 'CONTINUE', 'Please choose', 'Test', 'Slide guide / function'],
      cell: 'Unit 1 Insulation resistance',
      typed: '0.8',
      tooLow: 'Limit ≥ 1 MΩ Too low, limit ≥ 1 MΩ',
    },
    {
      language: 'pl' as const,
      texts: ['MARKA', 'NUMER KATALOGOWY', 'DALEJ', 'Wybierz', 'Badanie', 'Prowadnica / działanie'],
      cell: 'Egzemplarz 1 Rezystancja izolacji',
      // Either decimal separator, as in German.
      typed: '0.8',
      tooLow: 'Wartość graniczna ≥ 1 MΩ Wartość za niska; wartość graniczna ≥ 1 MΩ',
    },
  ])('offers the form and its test plan in $language', async ({ language, texts, cell, typed, tooLow }) => {
    const [brand, machine, submit, chooseOne, heading, guide] = texts;
    await act(() => setLanguage(language));
    const user = await renderPage(brand);
    await user.click(screen.getByRole('button', { name: submit }));
    expect(screen.getAllByText(chooseOne)).toHaveLength(2);
    await choose(user, brand, 'BDS');
    await choose(user, machine, 'MAB 825');
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: guide })).toBeInTheDocument();
    const insulation = screen.getByRole('textbox', { name: cell });
    await user.type(insulation, typed);
    expect(insulation).toHaveAccessibleDescription(tooLow);
    expect(postMock).not.toHaveBeenCalled();
  });
});
