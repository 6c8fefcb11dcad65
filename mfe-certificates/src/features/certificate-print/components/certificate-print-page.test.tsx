import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CERTIFICATE_DEFAULTS, type PrintData } from 'contracts';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { http, setConfig } from 'shared-ui';
import CertificatePrintPage from './certificate-print-page';
import { ISSUED_PRINT } from '../../../test-support/standing';
import { attempt, DEFAULT_PASSING_VALUES, defaultRecord, unitOf } from '../../../test-support/test-record';

const getMock = jest.spyOn(http, 'get');

/** The API's answer, in its wire names. */
const stored: PrintData = {
  id: 7,
  brand_id: 1,
  machine_id: 12,
  checked_by: 'Erika',
  crowd: 2,
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
  endSerialNo: '4852611002',
  serials: ['4852611001', '4852611002'],
  created_at: '2026-11-21T10:00:00.000Z',
  ...ISSUED_PRINT,
  test_record: defaultRecord(['4852611001', '4852611002']),
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
  window.print = jest.fn();
});

afterEach(() => {
  getMock.mockReset();
  jest.clearAllMocks();
  document.body.innerHTML = '';
});

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/pdf/:id" element={<CertificatePrintPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('CertificatePrintPage', () => {
  it('loads the stored certificate, shows its first page and prints all pages once', async () => {
    getMock.mockResolvedValue({ data: stored } as never);
    renderAt('/pdf/7');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /4852611001 – 4852611002/ })).toBeInTheDocument();
    expect(getMock).toHaveBeenCalledWith('/certificates/7');
    expect(document.querySelectorAll('.cert-preview .cert-doc')).toHaveLength(1);
    expect(document.querySelectorAll('.cert-print-root .cert-doc')).toHaveLength(4);
    await waitFor(() => expect(window.print).toHaveBeenCalledTimes(1), { timeout: 3000 });
    await userEvent.click(screen.getByRole('button', { name: 'DRUCKEN' }));
    expect(window.print).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('link', { name: /Zurück/ })).toHaveAttribute('href', '/?tab=certificate_list');
  });

  it('names the failed units and those awaiting release, and prints no customer copy of the latter', async () => {
    const failing = attempt({ ...DEFAULT_PASSING_VALUES, isolation: 'fail' }, ['isolation']);
    getMock.mockResolvedValue({
      data: {
        ...stored,
        verdict: 'failed',
        failed_units: 1,
        test_record: {
          ...stored.test_record,
          verdict: 'failed',
          units: [
            unitOf('4852611001', 'awaiting_release', [attempt(DEFAULT_PASSING_VALUES)]),
            unitOf('4852611002', 'failed', [failing]),
          ],
        },
      },
    } as never);
    renderAt('/pdf/7');
    expect(await screen.findByText(/^Nicht bestanden: 4852611002\./)).toBeInTheDocument();
    expect(screen.getByText(/^Zur Freigabe: 4852611001\./)).toBeInTheDocument();
    const printed = [...document.querySelectorAll<HTMLElement>('.cert-print-root .cert-doc')];
    expect(printed.map((sheet) => [sheet.dataset.serial, sheet.dataset.copy])).toEqual([
      ['4852611001', '1'],
      ['4852611002', '0'],
      ['4852611002', '1'],
    ]);
    // The preview is the first sheet that prints: the factory copy of the unit awaiting release.
    expect(document.querySelector<HTMLElement>('.cert-preview .cert-doc')!.dataset.copy).toBe('1');
  });

  it('says so in German when the certificate does not exist, and prints nothing', async () => {
    getMock.mockRejectedValue(
      Object.assign(new Error('404'), {
        isAxiosError: true,
        response: {
          status: 404,
          data: { error: { code: 'NOT_FOUND', message: 'Prüfbericht nicht gefunden.' } },
        },
      }),
    );
    renderAt('/pdf/999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Prüfbericht nicht gefunden.');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
    expect(document.querySelector('.cert-print-root')).toBeNull();
  });

  it('does not ask the server for an id that cannot exist', () => {
    renderAt('/pdf/abc');
    expect(screen.getByRole('alert')).toHaveTextContent('Prüfbericht nicht gefunden.');
    expect(getMock).not.toHaveBeenCalled();
  });
});
