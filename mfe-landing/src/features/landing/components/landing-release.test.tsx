import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Landing } from 'contracts';
import type { LandingConfig } from '../config';
import { LandingScreen } from './landing-screen';

/**
 * The customer page for each state a unit can be in (docs/decisions/0010-test-record.md): the greeting fits it,
 * a failed unit or one awaiting release is never called genuine, a correction is dated, and the contact falls
 * back to the brand's when the company has none configured.
 */
const withContact: LandingConfig = {
  apiBase: '/api',
  companyName: 'BDS Maschinen GmbH',
  companyAddress: 'Martinstrasse 108, 41063 Mönchengladbach, Germany',
  companyEmail: 'service@bds.example',
  companyPhone: null,
  companyLogo: null,
};
const withoutContact: LandingConfig = { ...withContact, companyEmail: null, companyPhone: null };

const machine: Landing = {
  name: 'MAB 825',
  image: '',
  link_en: 'https://www.bds-maschinen.de/en/mab-825',
  link_ger: 'https://www.bds-maschinen.de/de/mab-825',
  brand_name: 'BDS Maschinen',
};
const serial = (over: Partial<NonNullable<Landing['serial']>>): Landing['serial'] => ({
  value: '4852406001',
  verified: true,
  tested_at: '2026-11-20',
  withdrawn: false,
  release: 'released',
  ...over,
});

const fetchMock = jest.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  jest.restoreAllMocks();
});

async function show(landing: Landing, config = withContact) {
  fetchMock.mockResolvedValue({
    ok: true,
    status: 200,
    headers: { get: () => null },
    json: async () => landing,
  } as unknown as Response);
  render(
    <LandingScreen
      machine={{ id: '7' }}
      serial={landing.serial?.value}
      loadConfig={() => Promise.resolve(config)}
    />,
  );
  await screen.findByRole('heading', { level: 1, name: 'MAB 825' });
}

describe('the customer page by the unit’s state', () => {
  it('a released unit: genuine, tested on its day, congratulated', async () => {
    await show({ ...machine, serial: serial({}) });
    expect(screen.getByTestId('serial-verified')).toHaveTextContent(
      'Genuine serial number, tested on 20.11.2026',
    );
    expect(screen.getAllByTestId('congratulation')).toHaveLength(1);
    expect(screen.getByTestId('unit-status')).toHaveTextContent('RELEASED');
    expect(screen.queryByTestId('serial-deviation')).not.toBeInTheDocument();
    // No certificate offered unless the API says one exists.
    expect(screen.queryByTestId('certificate-pdf')).not.toBeInTheDocument();
  });

  it('a unit with a sealed certificate offers its PDF, in the page’s languages', async () => {
    await show({ ...machine, serial: serial({ certificate_pdf: '/public/units/4852406001/certificate' }) });
    const link = screen.getByTestId('certificate-pdf');
    expect(link).toHaveAttribute('href', '/api/public/units/4852406001/certificate?download=1');
    expect(link).toHaveTextContent('Test certificate (PDF)');
  });

  it('a certificate still being sealed: the link says so and asks again as the API’s Retry-After says', async () => {
    await show({ ...machine, serial: serial({ certificate_pdf: '/public/units/4852406001/certificate' }) });
    const pending = {
      status: 503,
      headers: { get: (name: string) => (name === 'Retry-After' ? '1' : null) },
    };
    fetchMock.mockResolvedValue(pending as unknown as Response);
    await userEvent.click(screen.getByTestId('certificate-pdf'));
    expect(await screen.findByRole('status')).toHaveTextContent('The test certificate is being prepared …');
    expect(fetchMock).toHaveBeenLastCalledWith('/api/public/units/4852406001/certificate?download=1', {
      method: 'HEAD',
    });
    // Asked again after the second the API named, not at once.
    await waitFor(
      () => expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'HEAD')).toHaveLength(2),
      {
        timeout: 3000,
      },
    );
  });

  it('a deviation release: genuine, with the plain note', async () => {
    await show({ ...machine, serial: serial({ release: 'deviation' }) });
    const check = screen.getByTestId('serial-verified');
    expect(check).toHaveTextContent('Genuine serial number, tested on 20.11.2026');
    const notes = screen.getAllByTestId('serial-deviation');
    expect(notes.map((note) => note.textContent)).toEqual([
      'Released by the manufacturer with a documented deviation from the test plan (special release).',
    ]);
  });

  it.each([
    ['failed', 'serial-failed', 'This unit did not pass its final inspection.', 'FAILED', 0],
    ['awaiting_release', 'serial-awaiting', 'has not been released yet', 'NOT YET RELEASED', 1],
  ] as const)(
    '%s: never genuine, confirmed or tested; says what to do, with the contact naming the unit',
    async (release, id, text, status, letters) => {
      await show({ ...machine, serial: serial({ verified: false, tested_at: null, release }) });
      const warning = screen.getByTestId(id);
      expect(warning).toHaveTextContent(text);
      expect(screen.getByTestId('unit-status')).toHaveTextContent(status);
      // The contact follows the warning at once, its e-mail naming model and serial.
      const contact = screen.getByTestId('unit-contact');
      expect(warning.nextElementSibling).toBe(contact);
      expect(within(contact).getByRole('link', { name: 'Write to us' })).toHaveAttribute(
        'href',
        'mailto:service@bds.example?subject=MAB%20825%2C%20serial%20number%204852406001' +
          '&body=Model%3A%20MAB%20825%0ASerial%20number%3A%204852406001%0A%0AMy%20question%3A%0A',
      );
      // A failed unit gets no greeting letter at all; one awaiting release gets it, without congratulations.
      expect(screen.queryAllByTestId('letters')).toHaveLength(letters);
      const page = document.body.textContent ?? '';
      for (const word of [
        /genuine/i,
        /confirmed(?! )/i,
        /tested on/i,
        /echte/i,
        /geprüft am/i,
        /Congratulations/,
      ])
        expect(page).not.toMatch(word);
      expect(screen.queryByTestId('serial-verified')).not.toBeInTheDocument();
      expect(screen.queryByTestId('congratulation')).not.toBeInTheDocument();
    },
  );

  it('a withdrawn unit gets no greeting letter under its warning', async () => {
    await show({
      ...machine,
      serial: serial({ verified: false, tested_at: null, withdrawn: true, release: undefined }),
    });
    expect(screen.getByTestId('serial-withdrawn')).toBeInTheDocument();
    expect(screen.getByTestId('unit-status')).toHaveTextContent('WITHDRAWN');
    expect(screen.queryByTestId('letters')).not.toBeInTheDocument();
    expect(screen.queryByText(/Dear Customer|Congratulations/)).not.toBeInTheDocument();
  });

  it('a corrected certificate says so with its day, in each shown language', async () => {
    await show({ ...machine, serial: serial({ corrected_on: '2026-12-03' }) });
    expect(screen.getAllByTestId('serial-corrected').map((line) => line.textContent)).toEqual([
      'Certificate corrected on 03.12.2026',
    ]);
  });

  it('without a company contact: the brand’s e-mail and website, in the greeting and the footer', async () => {
    await show(
      {
        ...machine,
        brand_email: 'info@brand.example',
        brand_website: 'https://www.brand.example/',
        serial: serial({}),
      },
      withoutContact,
    );
    expect(screen.getAllByRole('link', { name: 'reach out to us' })[0]).toHaveAttribute(
      'href',
      'mailto:info@brand.example',
    );
    const contact = within(screen.getByRole('contentinfo')).getByTestId('contact');
    expect(within(contact).getByRole('link', { name: 'info@brand.example' })).toHaveAttribute(
      'href',
      'mailto:info@brand.example',
    );
    expect(within(contact).getByRole('link', { name: 'www.brand.example' })).toHaveAttribute(
      'href',
      'https://www.brand.example/',
    );
  });

  it('the company’s contact wins over the brand’s', async () => {
    await show({ ...machine, brand_email: 'info@brand.example', serial: serial({}) });
    expect(screen.queryByText('info@brand.example')).not.toBeInTheDocument();
  });
});
