import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import type { DocumentVerification } from 'contracts';
import type { LandingConfig } from '../config';
import VerifyScreen from './verify-screen';

const config: LandingConfig = {
  apiBase: '/api',
  companyName: 'BDS Maschinen GmbH',
  companyAddress: 'Martinstrasse 108, 41063 Mönchengladbach, Germany',
  companyEmail: null,
  companyPhone: null,
  companyLogo: null,
};
const HASH = 'ab'.repeat(32);
const found: DocumentVerification = {
  sha256: HASH,
  certificate_number: 42,
  scope: 'customer-copy',
  serials: ['4852406001'],
  event: 'released',
  sealed_at: '2026-11-20T09:00:00.000Z',
  current: true,
};

const fetchMock = jest.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});
afterEach(() => {
  jest.restoreAllMocks();
});

const answer = (status: number, body: unknown = {}) =>
  fetchMock.mockResolvedValue({ ok: status === 200, status, json: async () => body } as unknown as Response);

async function typeHash(hash: string) {
  render(<VerifyScreen loadConfig={() => Promise.resolve(config)} />);
  await screen.findByText('BDS Maschinen GmbH');
  fireEvent.change(screen.getByLabelText('SHA-256 checksum / SHA-256-Prüfsumme'), {
    target: { value: hash },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Verify / Prüfen' }));
}

describe('the verification page', () => {
  it('a current document: issued by us, its number, serial and event, in English and German', async () => {
    answer(200, found);
    await typeHash(` ${HASH.toUpperCase()} `);
    const result = await screen.findByTestId('verify-current');
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/public/verify/${HASH}`,
      expect.objectContaining({ credentials: 'omit' }),
    );
    expect(result).toHaveTextContent('Issued by us, and current');
    expect(result).toHaveTextContent('Von uns ausgestellt und aktuell');
    expect(screen.getByTestId('verify-number')).toHaveTextContent('42 (customer copy / Kundenexemplar)');
    expect(screen.getByTestId('verify-serials')).toHaveTextContent('4852406001');
    expect(result).toHaveTextContent('Sealed when released, on 20.11.2026');
  });

  it('a voided or corrected one is issued by us but not current; a whole certificate lists its serials as a range', async () => {
    answer(200, {
      ...found,
      current: false,
      scope: 'certificate',
      serials: ['4852406001', '4852406002', '4852406003', '4852406004', '4852406005'],
    });
    await typeHash(HASH);
    const result = await screen.findByTestId('verify-not-current');
    expect(result).toHaveTextContent('no longer current');
    expect(result).toHaveTextContent('nicht mehr aktuell');
    expect(screen.getByTestId('verify-serials')).toHaveTextContent('4852406001 … 4852406005 (5)');
  });

  it('an unknown checksum is not ours; a malformed one is said so without asking the server', async () => {
    answer(404, { error: { code: 'NOT_FOUND', message: '' } });
    await typeHash(HASH);
    expect(await screen.findByTestId('verify-unknown')).toHaveTextContent('Not issued by us');
    fetchMock.mockClear();
    fireEvent.change(screen.getByLabelText('SHA-256 checksum / SHA-256-Prüfsumme'), {
      target: { value: '<script>alert(1)</script>' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify / Prüfen' }));
    expect(await screen.findByTestId('verify-malformed')).toHaveTextContent('64 Zeichen');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('too many checks and a failed call each say what to do', async () => {
    answer(429);
    await typeHash(HASH);
    expect(await screen.findByTestId('verify-throttled')).toHaveTextContent('wait a minute');
    fetchMock.mockRejectedValue(new Error('offline'));
    fireEvent.click(screen.getByRole('button', { name: 'Verify / Prüfen' }));
    expect(await screen.findByTestId('verify-failed')).toHaveTextContent('erneut versuchen');
  });
});
