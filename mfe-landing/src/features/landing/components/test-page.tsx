import { afterEach, beforeEach, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import type { Landing } from 'contracts';
import type { LandingConfig } from '../config';
import { LandingScreen } from './landing-screen';

/**
 * The customer page with a released unit and a stand-in fetch, for the tests of its forms (registration.test.tsx,
 * service-request.test.tsx): importing it sets the stand-in up before each test.
 */
export const config: LandingConfig = {
  apiBase: '/api',
  companyName: 'BDS Maschinen GmbH',
  companyAddress: 'Martinstrasse 108, 41063 Mönchengladbach, Germany',
  companyEmail: 'service@bds.example',
  companyPhone: null,
  companyLogo: null,
};
export const released: Landing = {
  name: 'MAB 825',
  image: '',
  link_en: 'https://www.bds-maschinen.de/en/mab-825',
  link_ger: 'https://www.bds-maschinen.de/de/mab-825',
  brand_name: 'BDS Maschinen',
  serial: {
    value: '4852406001',
    verified: true,
    tested_at: '2026-11-20',
    withdrawn: false,
    release: 'released',
  },
};

export const fetchMock = jest.fn<typeof fetch>();
export const answer = (status: number, body: unknown) =>
  ({
    ok: status < 300,
    status,
    headers: { get: () => null },
    json: async () => body,
  }) as unknown as Response;

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  window.history.replaceState(null, '', '/landing/7/4852406001');
});
afterEach(() => {
  jest.restoreAllMocks();
});

export async function show(landing: Landing) {
  fetchMock.mockResolvedValueOnce(answer(200, landing));
  render(
    <LandingScreen
      machine={{ id: '7' }}
      serial={landing.serial?.value}
      loadConfig={() => Promise.resolve(config)}
    />,
  );
  await screen.findByRole('heading', { level: 1, name: 'MAB 825' });
}
