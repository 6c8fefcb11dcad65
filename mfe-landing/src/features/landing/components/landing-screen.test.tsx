import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANDING_TIMEOUT_MS, type MachineRef } from '../api/get-landing';
import type { LandingConfig } from '../config';
import { choiceFor } from '../texts';
import { LandingScreen } from './landing-screen';

const config: LandingConfig = {
  apiBase: '/api',
  companyName: 'BDS Maschinen GmbH',
  companyAddress: 'Martinstrasse 108, 41063 Mönchengladbach, Germany',
  companyEmail: 'service@bds.example',
  companyPhone: '+49 2161 123456',
  companyLogo: null,
};
const loadConfig = () => Promise.resolve(config);

const machine = {
  name: 'MAB 825',
  image: 'uploads/abc.png',
  link_en: 'https://www.bds-maschinen.de/en/products/mab-825',
  link_ger: 'https://www.bds-maschinen.de/de/produkte/mab-825',
  brand_name: 'BDS Maschinen',
};

/** Only the HTTP layer is faked: a fetch answer with the server's Date header. */
function answer(
  status: number,
  body: unknown,
  date: string | null = 'Sat, 02 Jan 2027 10:00:00 GMT',
): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => (name.toLowerCase() === 'date' ? date : null) },
    json: async () => body,
  } as unknown as Response;
}

const fetchMock = jest.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  jest.spyOn(console, 'error').mockImplementation(() => {});
  document.title = 'Before';
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
  localStorage.clear();
});

function renderScreen(serial?: string, machine: MachineRef = { id: '7' }) {
  return render(<LandingScreen machine={machine} serial={serial} loadConfig={loadConfig} />);
}

function requestedUrl(call = 0): string {
  return String(fetchMock.mock.calls[call][0]);
}

describe('LandingScreen', () => {
  it("shows 'Data loading ...' and no footer while the machine is fetched", async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    renderScreen('4852406001');
    expect(screen.getByRole('status')).toHaveTextContent('Data loading ...');
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    // No empty header band above the loading text either.
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(requestedUrl()).toBe('/api/brandMachineById/7?serial=4852406001');
  });

  it('shows the machine in the browser’s English: photo, boxes, title, greeting, product link and footer', async () => {
    fetchMock.mockResolvedValue(answer(200, machine));
    renderScreen();

    expect(await screen.findByRole('heading', { level: 1, name: 'MAB 825' })).toBeInTheDocument();
    expect(requestedUrl()).toBe('/api/brandMachineById/7');
    const photo = screen.getByRole('img', { name: 'MAB 825' });
    expect(photo).toHaveAttribute('src', '/api/uploads/abc.png');
    expect(photo).toHaveAttribute('width', '600');
    expect(photo).toHaveAttribute('height', '600');

    expect(screen.getByText('MODEL').nextSibling).toHaveTextContent('MAB 825');
    // The route without a serial has no serial box.
    expect(screen.queryByText('SERIAL NUMBER')).not.toBeInTheDocument();
    expect(screen.getByText(/Congratulations on your recent purchase of/)).toHaveTextContent(
      'Congratulations on your recent purchase of MAB 825 from BDS Maschinen GmbH.',
    );
    expect(screen.getByText(/Contact Us for support/)).toHaveTextContent(
      'Please click on the button below for Product Specifications, Video, Spare Parts List,',
    );
    // One language at a time: no German beside the English.
    expect(screen.queryByText('Sehr geehrte Kundin, sehr geehrter Kunde,')).not.toBeInTheDocument();

    // "reach out to us" leads to the company's contact; the contact is on the page.
    expect(screen.getByRole('link', { name: 'reach out to us' })).toHaveAttribute(
      'href',
      'mailto:service@bds.example',
    );
    const contact = screen.getByRole('contentinfo');
    expect(within(contact).getByRole('link', { name: 'service@bds.example' })).toHaveAttribute(
      'href',
      'mailto:service@bds.example',
    );
    expect(within(contact).getByRole('link', { name: '+49 2161 123456' })).toHaveAttribute(
      'href',
      'tel:+492161123456',
    );

    const english = screen.getByRole('link', { name: 'PRODUCT PAGE' });
    expect(english).toHaveAttribute('href', machine.link_en);
    expect(english).toHaveAttribute('target', '_blank');
    expect(english).toHaveAttribute('rel', 'noopener noreferrer');

    // The year comes from the server's clock, not the phone's.
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      'Copyright © 2027 BDS Maschinen GmbH, Martinstrasse 108, 41063 Mönchengladbach, Germany',
    );
    expect(document.title).toBe('MAB 825 – BDS Maschinen GmbH');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      expect.stringContaining('MAB 825 from BDS Maschinen GmbH'),
    );
  });

  it('marks an issued serial as verified, with the test date', async () => {
    fetchMock.mockResolvedValue(
      answer(200, {
        ...machine,
        serial: { value: '4852406001', verified: true, tested_at: '2026-03-31T22:30:00.000Z' },
      }),
    );
    renderScreen('4852406001');

    const mark = await screen.findByTestId('serial-verified');
    // 22:30 UTC on 31 March is 1 April in Germany.
    expect(mark).toHaveTextContent('Genuine serial number, tested on 01.04.2026');
    expect(screen.getByText('SERIAL NUMBER').nextSibling).toHaveTextContent('4852406001');
    expect(screen.queryByTestId('serial-unknown')).not.toBeInTheDocument();
  });

  it('shows the model page with a neutral note for a serial that was never issued', async () => {
    fetchMock.mockResolvedValue(
      answer(200, { ...machine, serial: { value: '999', verified: false, tested_at: null } }),
    );
    renderScreen('999');

    const note = await screen.findByTestId('serial-unknown');
    // Never the genuine look: the serial's box and the note wear the warning, in words too.
    const box = screen.getByText('SERIAL NUMBER').closest('.land-box')!;
    expect(box).toHaveClass('land-box--unconfirmed');
    expect(box).toHaveTextContent('NOT CONFIRMED');
    expect(note).toHaveClass('land-check--warning');
    expect(note).toHaveTextContent('We cannot confirm this serial number for this model.');
    // A note, not an alarm: the model page is all there.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'MAB 825' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'PRODUCT PAGE' })).toBeInTheDocument();
    expect(screen.queryByTestId('serial-verified')).not.toBeInTheDocument();
  });

  it('says that the manufacturer withdrew a voided serial, never that it is confirmed', async () => {
    fetchMock.mockResolvedValue(
      answer(200, {
        ...machine,
        serial: { value: '4852406002', verified: false, tested_at: null, withdrawn: true },
      }),
    );
    renderScreen('4852406002');

    const note = await screen.findByTestId('serial-withdrawn');
    expect(note).toHaveClass('land-check--withdrawn');
    expect(note).toHaveTextContent('The manufacturer has withdrawn this serial number.');
    const box = screen.getByText('SERIAL NUMBER').closest('.land-box')!;
    expect(box).toHaveClass('land-box--unconfirmed');
    expect(box).toHaveTextContent('WITHDRAWN');
    expect(screen.queryByTestId('serial-verified')).not.toBeInTheDocument();
    expect(screen.queryByTestId('serial-unknown')).not.toBeInTheDocument();
  });

  it('says that an unknown machine was not found, with the contact and no retry', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(404, { error: { code: 'NOT_FOUND', message: 'Maschine nicht gefunden.' } }),
    );
    renderScreen('4852406001');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Machine not found');
    expect(alert).toHaveTextContent('This QR code does not lead to a machine we know.');
    expect(screen.queryByText('Data loading ...')).not.toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Copyright © 2027 BDS Maschinen GmbH');
    // Asking again finds the same nothing: the way on is the manufacturer's contact.
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'service@bds.example' })).toHaveAttribute(
      'href',
      'mailto:service@bds.example',
    );
    expect(within(alert).getByRole('link', { name: '+49 2161 123456' })).toBeInTheDocument();
    // The serial from the QR code is shown as not confirmed, in the warning look, never as genuine.
    const box = screen.getByTestId('serial-unconfirmed');
    expect(box).toHaveTextContent('SERIAL NUMBER4852406001NOT CONFIRMED');
    expect(box).toHaveClass('land-box--unconfirmed');
    expect(screen.queryByTestId('serial-verified')).not.toBeInTheDocument();
  });

  it('opens a GS1 Digital Link by its GTIN: the same page for the machine with that EAN', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(200, { ...machine, serial: { value: '4852406001', verified: true, tested_at: '2026-06-15' } }),
    );
    renderScreen('4852406001', { gtin: '04006381333931' });
    expect(await screen.findByRole('heading', { level: 1, name: 'MAB 825' })).toBeInTheDocument();
    expect(requestedUrl()).toBe('/api/brandMachineByGtin/04006381333931?serial=4852406001');
    expect(screen.getByTestId('serial-verified')).toBeInTheDocument();
  });

  it('a GS1 link whose GTIN names no machine says so, and its serial is not confirmed', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(404, { error: { code: 'NOT_FOUND', message: 'Maschine nicht gefunden.' } }),
    );
    renderScreen('4852406001', { gtin: '04006381333932' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Machine not found');
    expect(requestedUrl()).toBe('/api/brandMachineByGtin/04006381333932?serial=4852406001');
    expect(screen.getByTestId('serial-unconfirmed')).toHaveTextContent('4852406001');
  });

  it('a GTIN that is no 14 digits is not found without asking the API, its serial not confirmed', async () => {
    renderScreen('<b>1</b>', { gtin: '4006381333931' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Machine not found');
    expect(screen.getByTestId('serial-unconfirmed')).toHaveTextContent('<b>1</b>');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('treats an id that cannot name a machine as not found, without asking the API', async () => {
    renderScreen(undefined, { id: 'abc' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Machine not found');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ends a network failure in a message with a retry', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderScreen('4852406001');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The page could not be loaded');
    expect(alert).toHaveTextContent('Please check your internet connection');

    fetchMock.mockResolvedValueOnce(answer(200, machine));
    await userEvent.click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'MAB 825' })).toBeInTheDocument();
  });

  it('shows the date-only test day the API sends as the same day', async () => {
    fetchMock.mockResolvedValue(
      answer(200, { ...machine, serial: { value: '4852406001', verified: true, tested_at: '2026-04-01' } }),
    );
    renderScreen('4852406001');
    const mark = await screen.findByTestId('serial-verified');
    expect(mark).toHaveTextContent('Genuine serial number, tested on 01.04.2026');
    expect(mark.querySelector('time')).toHaveAttribute('datetime', '2026-04-01');
  });

  it('says that there were too many look-ups (429), with a retry', async () => {
    fetchMock.mockResolvedValueOnce(answer(429, { error: { code: 'TOO_MANY_REQUESTS', message: '…' } }));
    renderScreen('4852406001');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many requests');
    expect(alert).toHaveTextContent('Please wait a minute and try again.');
    fetchMock.mockResolvedValueOnce(answer(200, machine));
    await userEvent.click(within(alert).getByRole('button', { name: 'TRY AGAIN' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'MAB 825' })).toBeInTheDocument();
  });

  it('ends a server error (503) in the same message', async () => {
    fetchMock.mockResolvedValue(answer(503, { error: { code: 'UNAVAILABLE', message: '…' } }));
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('The page could not be loaded');
  });

  it("takes the footer year from the phone's clock when the server's Date header is not readable", async () => {
    // A cross-origin API does not expose Date to the page.
    fetchMock.mockResolvedValue(answer(200, machine, null));
    renderScreen();
    expect(await screen.findByRole('contentinfo')).toHaveTextContent(
      `Copyright © ${new Date().getFullYear()} BDS Maschinen GmbH`,
    );
  });

  it('gives up on a request that never answers instead of loading for ever', async () => {
    jest.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    renderScreen('4852406001');
    await act(() => Promise.resolve());
    expect(screen.getByText('Data loading ...')).toBeInTheDocument();

    await act(async () => jest.advanceTimersByTime(LANDING_TIMEOUT_MS));
    // The abort settles through a few promises: wait for the message rather than read it at once.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The page could not be loaded'));
  });

  it('sends no token, even when a staff member is signed in on this browser', async () => {
    localStorage.setItem('token', 'staff-token');
    fetchMock.mockResolvedValue(answer(200, machine));
    renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'MAB 825' });

    const init = fetchMock.mock.calls[0][1]!;
    expect(init.credentials).toBe('omit');
    expect(JSON.stringify(init.headers)).not.toMatch(/authorization|staff-token/i);
  });

  it('hides a button whose link is empty, never renders a javascript: link, and then asks no click', async () => {
    fetchMock.mockResolvedValue(answer(200, { ...machine, link_en: '', link_ger: 'javascript:alert(1)' }));
    render(
      <LandingScreen
        machine={{ id: '7' }}
        loadConfig={() => Promise.resolve({ ...config, companyEmail: null, companyPhone: null })}
      />,
    );
    await screen.findByRole('heading', { level: 1, name: 'MAB 825' });
    // No product link; the verification page is the only link left.
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/landing/verify']);
    // No sentence sends the customer to a button that is not there.
    expect(screen.queryByText(/click/i)).not.toBeInTheDocument();
    expect(screen.getByText(/reach out to us/)).toBeInTheDocument();
  });

  it('shows the company logo in the header when one is configured', async () => {
    fetchMock.mockResolvedValue(answer(200, machine));
    render(
      <LandingScreen
        machine={{ id: '7' }}
        loadConfig={() => Promise.resolve({ ...config, companyLogo: 'https://cdn.example/logo.png' })}
      />,
    );
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('img', { name: 'BDS Maschinen GmbH' })).toHaveAttribute(
      'src',
      'https://cdn.example/logo.png',
    );
  });

  it('renders a hostile machine name as text', async () => {
    const name = '<img src=x onerror=alert(1)>';
    fetchMock.mockResolvedValue(answer(200, { ...machine, name }));
    const { container } = renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });
});

describe('LandingScreen languages', () => {
  it('shows Spanish alone for a Spanish browser, and German alone on request', async () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-ES', 'en']);
    fetchMock.mockResolvedValue(
      answer(200, { ...machine, serial: { value: '999', verified: false, tested_at: null } }),
    );
    renderScreen('999');

    expect(await screen.findByText('Estimada clienta, estimado cliente:')).toBeInTheDocument();
    expect(screen.getByText('MODELO')).toBeInTheDocument();
    expect(screen.getByText('NO CONFIRMADO')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'PÁGINA DEL PRODUCTO' })).toHaveAttribute(
      'href',
      machine.link_en,
    );
    expect(screen.queryByText('Dear Customer,')).not.toBeInTheDocument();
    const languages = screen.getByRole('navigation', { name: 'Language / Sprache' });
    expect(within(languages).getByRole('button', { name: 'ES' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(languages).getByRole('button', { name: 'DE' }));
    expect(screen.getByText('Sehr geehrte Kundin, sehr geehrter Kunde,')).toBeInTheDocument();
    expect(screen.getByText('MODELL')).toBeInTheDocument();
    expect(screen.queryByText('Dear Customer,')).not.toBeInTheDocument();
    expect(screen.queryByText('Estimada clienta, estimado cliente:')).not.toBeInTheDocument();
  });

  it('reads German alone on a German phone: status, contact naming the unit, the letter last', async () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en']);
    fetchMock.mockResolvedValue(
      answer(200, { ...machine, serial: { value: '4852406001', verified: true, tested_at: '2026-04-01' } }),
    );
    renderScreen('4852406001');
    expect(await screen.findByText('Sehr geehrte Kundin, sehr geehrter Kunde,')).toBeInTheDocument();
    expect(screen.getByTestId('unit-status')).toHaveTextContent('FREIGEGEBEN');
    expect(screen.getByTestId('serial-verified')).toHaveTextContent(
      'Echte Seriennummer, geprüft am 01.04.2026',
    );
    expect(screen.queryByText(/Genuine|Dear Customer/)).not.toBeInTheDocument();
    const languages = screen.getByRole('navigation', { name: 'Language / Sprache' });
    expect(within(languages).getByRole('button', { name: 'DE' })).toHaveAttribute('aria-pressed', 'true');

    const contact = screen.getByTestId('unit-contact');
    expect(within(contact).getByRole('link', { name: 'Anrufen: +49 2161 123456' })).toHaveAttribute(
      'href',
      'tel:+492161123456',
    );
    const mail = new URL(
      within(contact).getByRole('link', { name: 'Schreiben Sie uns' }).getAttribute('href')!,
    );
    expect(mail.protocol + mail.pathname).toBe('mailto:service@bds.example');
    expect(mail.searchParams.get('subject')).toBe('MAB 825, Seriennummer 4852406001');
    expect(mail.searchParams.get('body')).toContain('Modell: MAB 825\nSeriennummer: 4852406001\n');
    expect(within(contact).getByRole('link', { name: 'Echtheit eines Prüfberichts prüfen' })).toHaveAttribute(
      'href',
      '/landing/verify',
    );
    // The letter comes after the status and the contact.
    const follows = (first: Element, second: Element) =>
      Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(screen.getByTestId('serial-verified'), contact)).toBe(true);
    expect(follows(contact, screen.getByTestId('letters'))).toBe(true);

    await userEvent.click(within(languages).getByRole('button', { name: 'EN' }));
    expect(screen.getByText('Dear Customer,')).toBeInTheDocument();
    expect(screen.queryByText('Sehr geehrte Kundin, sehr geehrter Kunde,')).not.toBeInTheDocument();
    expect(screen.getByTestId('unit-status')).toHaveTextContent('RELEASED');
  });

  it.each([
    ['fr', 'Chère cliente, cher client,', 'PAGE DU PRODUIT'],
    ['it', 'Gentile cliente,', 'PAGINA DEL PRODOTTO'],
    ['pt', 'Estimada cliente, estimado cliente,', 'PÁGINA DO PRODUTO'],
  ])('offers %s', async (language, salutation, button) => {
    fetchMock.mockResolvedValue(answer(200, machine));
    renderScreen();
    const languages = await screen.findByRole('navigation', { name: 'Language / Sprache' });
    await userEvent.click(within(languages).getByRole('button', { name: language.toUpperCase() }));
    // The certificate's other languages come as a chunk of their own: shown once it has arrived.
    expect((await screen.findByText(salutation)).closest('section')).toHaveAttribute('lang', language);
    expect(screen.getByRole('link', { name: button })).toBeInTheDocument();
  });

  it('an unknown machine in French says so in French', async () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CH']);
    fetchMock.mockResolvedValue(answer(404, { error: { code: 'NOT_FOUND', message: '…' } }));
    renderScreen('1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Machine introuvable');
  });
});

describe('choiceFor', () => {
  it("takes the first of the browser's languages that the page has", () => {
    expect(choiceFor(['fr-FR', 'en'])).toBe('fr');
    expect(choiceFor(['de-DE', 'fr'])).toBe('de');
    expect(choiceFor(['ja', 'it-IT'])).toBe('it');
    expect(choiceFor(['pt-BR'])).toBe('pt');
    expect(choiceFor(['ES'])).toBe('es');
    expect(choiceFor(['en-GB', 'es'])).toBe('en');
    expect(choiceFor(['ja'])).toBe('en');
    expect(choiceFor([])).toBe('en');
  });
});
