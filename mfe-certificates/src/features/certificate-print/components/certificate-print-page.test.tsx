import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CERTIFICATE_DEFAULTS, type PrintData } from 'contracts';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { http, setConfig, setLanguage } from 'shared-ui';
import CertificatePrintPage from './certificate-print-page';
import { ISSUED_PRINT } from '../../../test-support/standing';
import { loadPdfFrame, PDF_BYTES, stubObjectUrls } from '../../../test-support/pdf-frame';
import { attempt, DEFAULT_PASSING_VALUES, defaultRecord, unitOf } from '../../../test-support/test-record';

const getMock = jest.spyOn(http, 'get');
const postMock = jest.spyOn(http, 'post');

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
  stubObjectUrls();
  postMock.mockResolvedValue({ data: null } as never);
});

afterEach(() => {
  getMock.mockReset();
  postMock.mockReset();
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

/** The API: the certificate (`data`), its newest PDF or `pdf`'s failure, and its archive. */
function answers({ data = stored, pdf }: { data?: PrintData; pdf?: unknown } = {}) {
  getMock.mockImplementation(async (url: string) => {
    if (url === '/certificates/7' || url === '/certificates/7/revisions/1') return { data } as never;
    if (url === '/certificates/7/document') {
      if (pdf) throw pdf;
      return { data: PDF_BYTES } as never;
    }
    if (url === '/certificates/7/documents')
      return {
        data: {
          documents: [1, 1, 2].map((revision, i) => ({
            seq: i + 1,
            revision,
            scope: 'certificate',
            serial: '',
            event: i ? 'released' : 'issued',
            sha256: String(i).repeat(64),
            size: 1000,
            page_count: 4,
            created_at: '2026-11-21T10:00:00.000Z',
          })),
        },
      } as never;
    if (url === '/certificates/7/documents/2') return { data: PDF_BYTES } as never;
    throw new Error(`unexpected GET ${url}`);
  });
}

const refusal = (status: number, message: string) =>
  Object.assign(new Error(String(status)), {
    isAxiosError: true,
    response: { status, headers: { 'retry-after': '5' }, data: { error: { code: 'X', message } } },
  });

const printsRecorded = () => postMock.mock.calls.map(([url, body]) => [url, body]);

describe('CertificatePrintPage', () => {
  it('shows the archived PDF from a blob: URL, prints it by itself once, DRUCKEN prints it again', async () => {
    answers();
    renderAt('/pdf/7');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: /4852611001 – 4852611002/ })).toBeVisible();
    const { print } = await loadPdfFrame(/^PDF des Prüfberichts Nr\. 7$/);
    // The PDF through the one HTTP client (its token a header), as bytes.
    expect(getMock).toHaveBeenCalledWith('/certificates/7/document', {
      responseType: 'blob',
      headers: { Accept: 'application/pdf, application/json' },
    });
    expect(URL.createObjectURL).toHaveBeenCalledWith(PDF_BYTES);
    expect(print).toHaveBeenCalledTimes(1);
    // The screen itself never prints: only the PDF in its frame.
    expect(window.print).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'DRUCKEN' }));
    expect(print).toHaveBeenCalledTimes(2);
    await waitFor(() =>
      expect(printsRecorded()).toEqual([
        ['/certificates/7/printed', { kind: 'reprint' }],
        ['/certificates/7/printed', { kind: 'reprint' }],
      ]),
    );
    const download = screen.getByRole('link', { name: 'PDF HERUNTERLADEN' });
    expect(download).toHaveAttribute('download', 'Pruefbericht-7-4852611001-4852611002.pdf');
    expect(download.getAttribute('href')).toMatch(/^blob:/);
    expect(screen.getByRole('link', { name: /Zurück/ })).toHaveAttribute('href', '/?tab=certificate_list');
  });

  it('an earlier revision prints the last PDF archived for it, marked as replaced on the screen', async () => {
    answers({ data: { ...stored, replaced_at: '2026-11-22T10:00:00.000Z' } });
    renderAt('/pdf/7?revision=1');
    expect(await screen.findByText(/^Diese Revision ist ersetzt/)).toBeVisible();
    const { print } = await loadPdfFrame();
    expect(getMock).toHaveBeenCalledWith('/certificates/7/revisions/1');
    expect(getMock).toHaveBeenCalledWith('/certificates/7/documents/2', expect.anything());
    expect(getMock).not.toHaveBeenCalledWith('/certificates/7/document', expect.anything());
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'PDF HERUNTERLADEN' })).toHaveAttribute(
      'download',
      'Pruefbericht-7-4852611001-4852611002-Revision-1.pdf',
    );
  });

  it('a revision whose PDF was never archived says so and prints nothing', async () => {
    answers({ data: { ...stored, revision: 3, replaced_at: '2026-11-22T10:00:00.000Z' } });
    renderAt('/pdf/7?revision=1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Für diese Revision ist kein archiviertes PDF vorhanden.',
    );
    expect(screen.queryByTitle(/^PDF des Prüfberichts/)).not.toBeInTheDocument();
    expect(postMock).not.toHaveBeenCalled();
  });

  it('while the PDF is still being sealed (503) it says it is being prepared, then shows and prints it by itself', async () => {
    answers({ pdf: refusal(503, 'Das PDF des Prüfberichts wird noch erstellt.') });
    renderAt('/pdf/7');
    expect(await screen.findByText('Der Prüfbericht wird vorbereitet …', { selector: 'p' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    answers();
    // Asked again after the Retry-After of 2 s (api/get-certificate-pdf.ts), without a click.
    await screen.findByTitle(/^PDF des Prüfberichts/, undefined, { timeout: 5000 });
    const { print } = await loadPdfFrame();
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('another refusal of the PDF shows the API’s German message', async () => {
    answers({ pdf: refusal(429, 'Zu viele Anfragen.') });
    renderAt('/pdf/7');
    expect(await screen.findByRole('alert')).toHaveTextContent('Zu viele Anfragen.');
  });

  it('names the failed units and those awaiting release', async () => {
    const failing = attempt({ ...DEFAULT_PASSING_VALUES, isolation: 'fail' }, ['isolation']);
    answers({
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
    });
    renderAt('/pdf/7');
    expect(await screen.findByText(/^Nicht bestanden: 4852611002\./)).toBeInTheDocument();
    expect(screen.getByText(/^Zur Freigabe: 4852611001\./)).toBeInTheDocument();
  });

  it('says so in German when the certificate does not exist, and asks for no PDF', async () => {
    getMock.mockRejectedValue(refusal(404, 'Prüfbericht nicht gefunden.'));
    renderAt('/pdf/999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Prüfbericht nicht gefunden.');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
    expect(getMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByTitle(/^PDF des Prüfberichts/)).not.toBeInTheDocument();
  });

  it('does not ask the server for an id that cannot exist', () => {
    renderAt('/pdf/abc');
    expect(screen.getByRole('alert')).toHaveTextContent('Prüfbericht nicht gefunden.');
    expect(getMock).not.toHaveBeenCalled();
  });
});

describe('CertificatePrintPage in each staff language', () => {
  afterEach(() => act(() => setLanguage('de')));

  it.each([
    {
      language: 'de' as const,
      heading: 'Prüfbericht MAB 825 · 4852611001 – 4852611002',
      texts: ['← Zurück', 'PDF HERUNTERLADEN', 'Zur Freigabe: 4852611001, 4852611002.'],
      frame: 'PDF des Prüfberichts Nr. 7',
    },
    {
      language: 'en' as const,
      heading: 'Certificate MAB 825 · 4852611001 – 4852611002',
      texts: ['← Back', 'DOWNLOAD PDF', 'Awaiting release: 4852611001, 4852611002.'],
      frame: 'PDF of certificate No. 7',
    },
    {
      language: 'pl' as const,
      heading: 'Protokół badania MAB 825 · 4852611001 – 4852611002',
      texts: ['← Powrót', 'POBIERZ PDF', 'Do zwolnienia: 4852611001, 4852611002.'],
      frame: 'PDF protokołu badania nr 7',
    },
  ])('shows the reprint in $language', async ({ language, heading, texts, frame }) => {
    await act(() => setLanguage(language));
    const waiting = (units: PrintData['test_record']['units']) =>
      units.map((unit) => ({ ...unit, release: 'awaiting_release' as const }));
    answers({
      data: { ...stored, test_record: { ...stored.test_record, units: waiting(stored.test_record.units) } },
    });
    renderAt('/pdf/7');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(heading);
    const [back, download, note] = texts;
    expect(await screen.findByTitle(frame)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: back })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: download })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`^${note}`))).toBeInTheDocument();
  });
});
