import {
  apiPaths,
  type CertificateExportQuery,
  type CertificateListQuery,
  type ExportFormat,
  type ExportRows,
} from 'contracts';
import { useEffect, useRef, useState } from 'react';
import { apiErrorMessage, http } from 'shared-ui';
import { rethrowWithJsonBody } from '../../../api/blob-answer';
import { listParamsToWire, type CertificateQuery } from '../../../api/wire';
import { listMessages } from '../list-messages';

const t = listMessages.export;

export interface ExportRequest {
  query: CertificateQuery;
  format: ExportFormat;
  rows: ExportRows;
  /** Bytes received so far, as they arrive. */
  onProgress: (bytes: number) => void;
  signal: AbortSignal;
}

/** Everything the list asks with, but the page: the export is the whole filtered list. */
const withoutPage = ({ page: _page, per_page: _perPage, ...filter }: CertificateListQuery) => filter;

/** The file name the server chose (Content-Disposition), or a plain one. */
function fileNameOf(disposition: unknown, format: ExportFormat) {
  const match = /filename="([^"]+)"/.exec(String(disposition ?? ''));
  return match ? match[1] : `pruefberichte.${format}`;
}

/**
 * Downloads what the list shows as a file (GET /certificates/export), reporting progress, cancelled by
 * `signal`. Through the one HTTP client, so the token travels in its header, never in a URL. A refusal
 * (a bad filter, nothing to export) is read back as JSON for apiErrorMessage (blob-answer.ts).
 */
export async function exportCertificates({ query, format, rows, onProgress, signal }: ExportRequest) {
  const params: CertificateExportQuery = { ...withoutPage(listParamsToWire(query)), format, rows };
  try {
    const response = await http.get<Blob>(apiPaths.certificatesExport(), {
      params,
      responseType: 'blob',
      signal,
      onDownloadProgress: (event) => onProgress(event.loaded),
    });
    return { blob: response.data, fileName: fileNameOf(response.headers['content-disposition'], format) };
  } catch (error) {
    return rethrowWithJsonBody(error);
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

/** How the last export ended, said beside the button (a toast would cover the toolbar's actions). */
export interface ExportOutcome {
  kind: 'done' | 'cancelled' | 'failed';
  message: string;
}

/**
 * One export at a time: `start` downloads the file, saves it and says so in `outcome`; `received` counts its
 * bytes while it runs (null when none runs); `cancel` ends it. Leaving the screen ends a running download.
 */
export function useExportCertificates() {
  const [received, setReceived] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<ExportOutcome | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = async (request: Omit<ExportRequest, 'onProgress' | 'signal'>) => {
    const controller = new AbortController();
    running.current = controller;
    setOutcome(null);
    setReceived(0);
    try {
      const file = await exportCertificates({
        ...request,
        signal: controller.signal,
        onProgress: setReceived,
      });
      saveFile(file.blob, file.fileName);
      setOutcome({ kind: 'done', message: t.done(file.fileName) });
    } catch (error) {
      if (controller.signal.aborted) setOutcome({ kind: 'cancelled', message: t.cancelled });
      else setOutcome({ kind: 'failed', message: apiErrorMessage(error) ?? t.failed });
    } finally {
      running.current = null;
      setReceived(null);
    }
  };

  return { received, outcome, start, cancel: () => running.current?.abort() };
}
