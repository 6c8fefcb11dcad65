import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { CERTIFICATE_DEFAULTS, type PrintData } from 'contracts';
import { http, notify, setConfig, type getMachinesByBrand } from 'shared-ui';
import CertificateCreatePage from './certificate-create-page';
import { PRINT_DELAY_MS } from '../../../components/print-root';
import { ISSUED_PRINT } from '../../../test-support/standing';

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

const printData: PrintData = {
  id: 7,
  brand_id: 1,
  machine_id: 11,
  checked_by: 'Erika',
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
    const brandId = /^\/machinesByBrand\/(\d+)$/.exec(url)?.[1];
    if (brandId) return answer({ data: machinesOf[Number(brandId)] });
    throw new Error(`unexpected GET ${url}`);
  });
  window.print = jest.fn();
});

afterEach(() => {
  getMock.mockReset();
  postMock.mockReset();
  jest.clearAllMocks();
  document.body.innerHTML = '';
});

async function renderPage() {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CertificateCreatePage />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  await screen.findByLabelText('MARKE');
  return user;
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByLabelText(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await choose(user, 'MARKE', 'BDS');
  await choose(user, 'ARTIKELNUMMER', 'MAB 825');
  await user.type(screen.getByLabelText('GEPRÜFT VON'), '  Erika ');
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
    await user.type(screen.getByLabelText('GEPRÜFT VON'), '   ');
    await user.click(screen.getByRole('button', { name: 'WEITER' }));
    expect(screen.getAllByText('Bitte wählen')).toHaveLength(2);
    expect(screen.getAllByText('Bitte EINGEBEN')).toHaveLength(2);
    expect(screen.getByLabelText('GEPRÜFT VON')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('GEPRÜFT VON')).toHaveAccessibleErrorMessage('Bitte EINGEBEN');
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

  it('binds every check item to its own field and records unticked as NOT OK', async () => {
    postMock.mockResolvedValue(answer([printData]));
    const user = await renderPage();
    await fillValidForm(user);
    await user.clear(screen.getByLabelText('MENGE'));
    await user.type(screen.getByLabelText('MENGE'), '100');
    await user.click(screen.getByRole('checkbox', { name: 'ZUBEHÖR' }));
    await user.click(screen.getByRole('checkbox', { name: 'SPANNUNGSFESTIGKEIT' }));
    await user.selectOptions(screen.getByLabelText('BEMERKUNGEN'), '110 Volt, 50-60Hz');
    await user.selectOptions(screen.getByLabelText('HERKUNFT'), 'POLAND');
    await user.click(screen.getByRole('button', { name: 'WEITER' }));
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(1));
    expect(sentBody()).toEqual({
      brand_id: 1,
      machine_id: 11,
      checked_by: 'Erika',
      crowd: 100,
      perpendicularity: 'OK',
      tolerance_of_spindle: 'OK',
      magnet_base_switch: 'OK',
      motor_switch: 'OK',
      guide: 'OK',
      isolation: 'OK',
      insulation_resistance: 'OK',
      resistance_to_voltage: 'NOT OK',
      accessories: 'NOT OK',
      technical_certification: 'OK',
      observation: '110 Volt, 50-60Hz',
      origin_germany: 'POLAND',
    });
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

    // When the dialog opens, measured from before the answer: never sooner than the pause after it, however
    // slow this machine renders the pages.
    let openedAt = 0;
    jest.mocked(window.print).mockImplementation(() => {
      openedAt = Date.now();
    });
    const answeredAt = Date.now();
    await act(async () => respond(answer([printData])));
    // The answer is in once the tab shows what was issued; WEITER is enabled again with it.
    await screen.findByRole('region', { name: 'Prüfbericht ausgestellt' });
    await waitFor(() => expect(weiter).toBeEnabled());
    await waitFor(() => expect(window.print).toHaveBeenCalledTimes(1), { timeout: 6000 });
    expect(openedAt - answeredAt).toBeGreaterThanOrEqual(PRINT_DELAY_MS);
    const pages = document.querySelectorAll('.cert-print-root .cert-doc');
    expect(pages).toHaveLength(4);
    expect([...pages].map((page) => (page as HTMLElement).dataset.serial)).toEqual([
      '4852611004',
      '4852611004',
      '4852611005',
      '4852611005',
    ]);
    expect(postMock).toHaveBeenCalledTimes(1);
  });

  it('after WEITER the tab shows what was issued until NEUER PRÜFBERICHT empties the form', async () => {
    postMock.mockResolvedValue(answer([printData]));
    const user = await renderPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'WEITER' }));
    const issued = await screen.findByRole('region', { name: 'Prüfbericht ausgestellt' });
    expect(within(issued).getByRole('heading', { name: 'Prüfbericht ausgestellt' })).toHaveFocus();
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
    ]);
    expect(within(issued).getByRole('link', { name: 'ETIKETTEN' })).toHaveAttribute(
      'href',
      '/labels?certificate=7',
    );
    await waitFor(() => expect(window.print).toHaveBeenCalledTimes(1), { timeout: 3000 });
    // The browser announces each print; the first is the print of the issue, DRUCKEN again a reprint.
    window.dispatchEvent(new Event('beforeprint'));
    await user.click(within(issued).getByRole('button', { name: 'DRUCKEN' }));
    await waitFor(() => expect(window.print).toHaveBeenCalledTimes(2), { timeout: 3000 });
    window.dispatchEvent(new Event('beforeprint'));
    expect(postMock.mock.calls.slice(1).map(([url, body]) => [url, body])).toEqual([
      ['/certificates/7/printed', { kind: 'print' }],
      ['/certificates/7/printed', { kind: 'reprint' }],
    ]);

    await user.click(within(issued).getByRole('button', { name: 'NEUER PRÜFBERICHT' }));
    expect(screen.queryByRole('region', { name: 'Prüfbericht ausgestellt' })).not.toBeInTheDocument();
    // Nothing of this certificate is on screen any more: a print now records nothing.
    window.dispatchEvent(new Event('beforeprint'));
    expect(postMock).toHaveBeenCalledTimes(3);
    expect(screen.getByLabelText('GEPRÜFT VON')).toHaveValue('');
    expect(screen.getByLabelText('MARKE')).toHaveFocus();
  });

  it('a failure enables WEITER again and says so in German', async () => {
    const error = Object.assign(new Error('Network Error'), { isAxiosError: true });
    postMock.mockRejectedValue(error);
    const toast = jest.spyOn(notify, 'error');
    const user = await renderPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'WEITER' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        'Der Prüfbericht konnte nicht erstellt werden. Der Server ist nicht erreichbar. Bitte versuchen Sie es erneut!',
      ),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'WEITER' })).toBeEnabled());
    expect(window.print).not.toHaveBeenCalled();
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
    await user.click(weiter);
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(3));
    expect(keySent(2)).not.toBe(keySent(0));
  });

  it('WEITER again for the same machine, checker and quantity asks first, naming what was just issued', async () => {
    postMock.mockResolvedValue(answer([printData]));
    const user = await renderPage();
    await fillValidForm(user);
    await user.clear(screen.getByLabelText('MENGE'));
    await user.type(screen.getByLabelText('MENGE'), '2');
    const weiter = screen.getByRole('button', { name: 'WEITER' });
    await user.click(weiter);
    await screen.findByRole('region', { name: 'Prüfbericht ausgestellt' });
    await waitFor(() => expect(weiter).toBeEnabled());

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
    await user.clear(screen.getByLabelText('MENGE'));
    await user.type(screen.getByLabelText('MENGE'), '5');
    await waitFor(() => expect(weiter).toBeEnabled());
    await user.click(weiter);
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(3));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows the API’s field errors under their fields', async () => {
    postMock.mockRejectedValue(
      Object.assign(new Error('400'), {
        isAxiosError: true,
        response: {
          status: 400,
          data: { error: { code: 'VALIDATION', message: 'Ungültig', fields: { crowd: 'Höchstens 100' } } },
        },
      }),
    );
    const user = await renderPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'WEITER' }));
    await waitFor(() => expect(screen.getByLabelText('MENGE')).toHaveAccessibleErrorMessage('Höchstens 100'));
  });
});
