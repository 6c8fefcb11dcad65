import { wireName, type CertificateExportQuery, type ExportFormat, type ExportRows } from 'contracts';
import { http } from 'shared-ui';
import type { CertificateQuery } from './get-certificates';

export interface ExportRequest {
  query: CertificateQuery;
  format: ExportFormat;
  rows: ExportRows;
  /** Bytes received so far, as they arrive. */
  onProgress: (bytes: number) => void;
  signal: AbortSignal;
}

/** The file name the server chose (Content-Disposition), or a plain one. */
function fileNameOf(disposition: unknown, format: ExportFormat) {
  const match = /filename="([^"]+)"/.exec(String(disposition ?? ''));
  return match ? match[1] : `pruefberichte.${format}`;
}

/**
 * Downloads what the list shows as a file (GET /certificates/export), reporting progress, cancelled by
 * `signal`. Through the one HTTP client, so the token travels in its header, never in a URL. A refusal
 * (a bad filter, nothing to export) arrives as a Blob; it is read back as JSON for apiErrorMessage.
 */
export async function exportCertificates({ query, format, rows, onProgress, signal }: ExportRequest) {
  // Everything the list asks with, but the page: the export is the whole filtered list.
  const { sort, ...rest } = query;
  const filter = Object.fromEntries(
    Object.entries(rest).filter(([name]) => name !== 'page' && name !== 'per_page'),
  );
  const params: CertificateExportQuery = { ...filter, ...(sort && { sort: wireName(sort) }), format, rows };
  try {
    const response = await http.get<Blob>('/certificates/export', {
      params,
      responseType: 'blob',
      signal,
      onDownloadProgress: (event) => onProgress(event.loaded),
    });
    return { blob: response.data, fileName: fileNameOf(response.headers['content-disposition'], format) };
  } catch (error) {
    const response = (error as { response?: { data?: unknown } }).response;
    if (response?.data instanceof Blob)
      response.data = await response.data.text().then(
        (text) => JSON.parse(text) as unknown,
        () => null,
      );
    throw error;
  }
}

/** Offers `blob` to the browser as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click returned; the next turn releases the memory.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
