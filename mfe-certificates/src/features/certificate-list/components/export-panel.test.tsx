import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CertificateExportStatus } from 'contracts';
import { http } from 'shared-ui';
import type { CertificateQuery } from '../../../api/wire';
import { ExportPanel } from './export-panel';

// The export as a file the server's worker writes (docs/decisions/0037-exports-as-files.md): EXPORTIEREN asks for
// it, the line says how far it got, ABBRECHEN cancels it, HERUNTERLADEN saves it. The screen asks again once a
// second: the fake clock moves those seconds on.
const postMock = jest.spyOn(http, 'post');
const getMock = jest.spyOn(http, 'get');
const deleteMock = jest.spyOn(http, 'delete');
/** The link saveFile clicks: the names of the files the browser was given. */
const clickMock = jest.spyOn(HTMLAnchorElement.prototype, 'click');

const status = (fields: Partial<CertificateExportStatus>): CertificateExportStatus => ({
  id: 7,
  state: 'queued',
  format: 'xlsx',
  rows: 'certificates',
  progress: 0,
  total: null,
  file_name: 'pruefberichte-2026-11-28.xlsx',
  size: null,
  created_at: '2026-11-28T10:00:00.000Z',
  expires_at: '2026-11-29T10:00:00.000Z',
  ...fields,
});

/** What the status answers, one after the other; the last one stays. */
let answers: CertificateExportStatus[] = [];
const saved: string[] = [];
beforeEach(() => {
  jest.useFakeTimers();
  answers = [];
  saved.length = 0;
  postMock.mockResolvedValue({ data: status({}) } as never);
  deleteMock.mockResolvedValue({ data: null } as never);
  getMock.mockImplementation(async (url: string) => {
    if (url === '/certificates/exports/7')
      return { data: answers.length > 1 ? answers.shift() : answers[0] } as never;
    if (url === '/certificates/exports/7/file') return { data: new Blob(['a;b\r\n']) } as never;
    throw new Error(`unexpected ${url}`);
  });
  URL.createObjectURL = () => 'blob:export';
  URL.revokeObjectURL = () => undefined;
  clickMock.mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  jest.useRealTimers();
  clickMock.mockReset();
  postMock.mockReset();
  getMock.mockReset();
  deleteMock.mockReset();
});

const query: CertificateQuery = { page: 3, per_page: 10, brand_id: 2, sort: 'quantity', order: 'desc' };

function renderPanel() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = render(<ExportPanel query={query} total={4} units={12} />);
  return { user, ...view };
}

describe('the export panel', () => {
  it('asks for the export, says how far the worker got, then HERUNTERLADEN saves the file', async () => {
    answers = [
      status({ state: 'running', progress: 2, total: 5 }),
      status({ state: 'done', progress: 5, total: 5, size: 2_400_000 }),
    ];
    const { user } = renderPanel();
    const line = screen.getByRole('status');
    expect(line).toHaveTextContent('4 Prüfberichte mit 12 Einheiten im Filter');
    const button = screen.getByRole('button', { name: 'EXPORTIEREN' });
    await user.selectOptions(screen.getByLabelText('EINE ZEILE JE'), 'units');
    await user.click(button);
    // The list's filter and order, in the API's names, without its page.
    expect(postMock).toHaveBeenCalledWith('/certificates/exports', undefined, {
      params: { brand_id: 2, sort: 'crowd', order: 'desc', format: 'xlsx', rows: 'units' },
    });
    expect(await screen.findByText('Export wird vorbereitet … 40 %')).toBe(line);
    // One button whose words change: the keyboard's focus stays where it was.
    expect(button).toHaveTextContent('ABBRECHEN');
    expect(button).toHaveFocus();
    expect(screen.getByLabelText('FORMAT')).toBeDisabled();
    expect(await screen.findByText('Export bereit: pruefberichte-2026-11-28.xlsx (2,4 MB)')).toBe(line);
    expect(button).toHaveTextContent('HERUNTERLADEN');
    expect(button).toHaveFocus();
    await user.click(button);
    expect(await screen.findByText('Export gespeichert: pruefberichte-2026-11-28.xlsx')).toBe(line);
    expect(saved).toEqual(['pruefberichte-2026-11-28.xlsx']);
    expect(getMock).toHaveBeenCalledWith('/certificates/exports/7/file', { responseType: 'blob' });
    expect(button).toHaveTextContent('EXPORTIEREN');
    expect(deleteMock).not.toHaveBeenCalled();
  });

  it('ABBRECHEN cancels the export on the server and says so', async () => {
    answers = [status({ state: 'queued' })];
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'EXPORTIEREN' }));
    expect(await screen.findByText('Export wird vorbereitet …')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ABBRECHEN' }));
    expect(deleteMock).toHaveBeenCalledWith('/certificates/exports/7');
    expect(screen.getByRole('status')).toHaveTextContent('Export abgebrochen.');
    const asked = getMock.mock.calls.length;
    await act(() => jest.advanceTimersByTimeAsync(5000));
    // Not asked about any more.
    expect(getMock.mock.calls.length).toBe(asked);
    expect(screen.getByRole('button', { name: 'EXPORTIEREN' })).toBeEnabled();
  });

  it('a refusal says the API’s German message; a failed export says it failed', async () => {
    postMock.mockRejectedValueOnce(
      Object.assign(new Error('429'), {
        isAxiosError: true,
        response: {
          status: 429,
          data: {
            error: {
              code: 'TOO_MANY_REQUESTS',
              message: 'Sie haben bereits 2 Exporte laufen. Bitte warten Sie, bis einer fertig ist.',
            },
          },
        },
      }),
    );
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'EXPORTIEREN' }));
    expect(
      await screen.findByText('Sie haben bereits 2 Exporte laufen. Bitte warten Sie, bis einer fertig ist.'),
    ).toHaveClass('cert-export-count--failed');
    answers = [status({ state: 'running', progress: 1, total: 4 }), status({ state: 'failed' })];
    await user.click(screen.getByRole('button', { name: 'EXPORTIEREN' }));
    expect(
      await screen.findByText('Der Export ist fehlgeschlagen. Bitte versuchen Sie es erneut.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EXPORTIEREN' })).toBeEnabled();
  });

  it('a ready file is dropped when another format is chosen, and an export is cancelled when the screen goes', async () => {
    answers = [status({ state: 'done', progress: 4, total: 4, size: 1000 })];
    const { user, unmount } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'EXPORTIEREN' }));
    await screen.findByRole('button', { name: 'HERUNTERLADEN' });
    await user.selectOptions(screen.getByLabelText('FORMAT'), 'csv');
    expect(deleteMock).toHaveBeenCalledWith('/certificates/exports/7');
    expect(screen.getByRole('button', { name: 'EXPORTIEREN' })).toBeEnabled();

    deleteMock.mockClear();
    answers = [status({ state: 'running', progress: 0, total: 4 })];
    await user.click(screen.getByRole('button', { name: 'EXPORTIEREN' }));
    await screen.findByText('Export wird vorbereitet … 0 %');
    unmount();
    expect(deleteMock).toHaveBeenCalledWith('/certificates/exports/7');
  });
});
