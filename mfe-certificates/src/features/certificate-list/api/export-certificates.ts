import {
  apiPaths,
  type CertificateExportQuery,
  type CertificateExportStatus,
  type CertificateListQuery,
  type ExportFormat,
  type ExportRows,
} from 'contracts';
import { useEffect, useRef, useState } from 'react';
import { apiErrorMessage, http } from 'shared-ui';
import { rethrowWithJsonBody } from '../../../api/blob-answer';
import { saveFile } from '../../../api/save-file';
import { listParamsToWire, type CertificateQuery } from '../../../api/wire';

export interface ExportRequest {
  query: CertificateQuery;
  format: ExportFormat;
  rows: ExportRows;
}

/** How often the screen asks how far an export got while the worker writes it. */
const STATUS_EVERY_MS = 1000;

/** Everything the list asks with, but the page: the export is the whole filtered list. */
export const withoutPage = <Q extends Pick<CertificateListQuery, 'page' | 'per_page'>>({
  page: _page,
  per_page: _perPage,
  ...filter
}: Q) => filter;

/**
 * Asks for the file of what the list shows (POST /certificates/exports): the worker writes it, the answer (202)
 * says where it stands (docs/decisions/0037-exports-as-files.md).
 */
export async function askExport({ query, format, rows }: ExportRequest) {
  const params: CertificateExportQuery = { ...withoutPage(listParamsToWire(query)), format, rows };
  const { data } = await http.post<CertificateExportStatus>(apiPaths.certificatesExports(), undefined, {
    params,
  });
  return data;
}

/** Where the export stands now. */
export async function exportStatus(id: number) {
  const { data } = await http.get<CertificateExportStatus>(apiPaths.certificatesExport(id));
  return data;
}

/** Cancels the export, or removes its file from the server. */
export async function cancelExport(id: number) {
  await http.delete(apiPaths.certificatesExport(id));
}

/**
 * The export's file, through the one HTTP client, so the token travels in its header, never in a URL. A refusal
 * is read back as JSON for apiErrorMessage (blob-answer.ts).
 */
export async function exportFile(id: number): Promise<Blob> {
  try {
    const { data } = await http.get<Blob>(apiPaths.certificatesExportFile(id), { responseType: 'blob' });
    return data;
  } catch (error) {
    return rethrowWithJsonBody(error);
  }
}

/**
 * How the last export ended, said beside the button (a toast would cover the toolbar's actions) in the language
 * shown then: the file saved, cancelled, or failed with the server's message when it sent one.
 */
export type ExportOutcome =
  { kind: 'done'; fileName: string } | { kind: 'cancelled' } | { kind: 'failed'; message: string | null };

/**
 * Where the export of the screen stands: none, being prepared by the worker (`percent` of its rows, null until
 * it counted them), its file ready on the server, or being downloaded.
 */
export type ExportPhase =
  | { kind: 'idle' }
  | { kind: 'preparing'; percent: number | null }
  | { kind: 'ready' | 'downloading'; id: number; fileName: string; size: number };

const percentOf = ({ progress, total }: CertificateExportStatus) =>
  total ? Math.min(100, Math.floor((progress / total) * 100)) : null;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Not wanted any more: cancelled, or the screen was left. */
class Stopped extends Error {}

/**
 * One export at a time: `start` asks for it and follows it until its file is ready; `download` saves the file;
 * `cancel` (ABBRECHEN) cancels it on the server; `discard` drops a ready file that is no longer what the list
 * and the choices show. How it ended stays in `outcome`. Leaving the screen cancels an export still prepared.
 */
export function useExportCertificates() {
  const [phase, setPhase] = useState<ExportPhase>({ kind: 'idle' });
  const [outcome, setOutcome] = useState<ExportOutcome | null>(null);
  /** The export being prepared: its id once the server answered, and whether it is still wanted. */
  const running = useRef<{ id: number | null; wanted: boolean } | null>(null);

  /** Stops following the export being prepared and cancels it on the server (quietly: it expires anyway). */
  const stop = () => {
    const run = running.current;
    running.current = null;
    if (!run) return;
    run.wanted = false;
    if (run.id !== null) cancelExport(run.id).catch(() => undefined);
  };
  useEffect(() => stop, []);

  const start = async (request: ExportRequest) => {
    const run = { id: null as number | null, wanted: true };
    running.current = run;
    setOutcome(null);
    setPhase({ kind: 'preparing', percent: null });
    const follow = async (status: CertificateExportStatus): Promise<CertificateExportStatus> => {
      if (!run.wanted) throw new Stopped();
      if (status.state !== 'queued' && status.state !== 'running') return status;
      setPhase({ kind: 'preparing', percent: percentOf(status) });
      return status;
    };
    try {
      const asked = await askExport(request);
      run.id = asked.id;
      // Cancelled while it was being asked for: the export the server made is cancelled too.
      if (!run.wanted) {
        cancelExport(asked.id).catch(() => undefined);
        return;
      }
      // Asked once at once (a small export is ready by then), then once a second.
      let status = await follow(await exportStatus(asked.id));
      while (status.state === 'queued' || status.state === 'running') {
        await pause(STATUS_EVERY_MS);
        if (!run.wanted) return;
        status = await follow(await exportStatus(asked.id));
      }
      running.current = null;
      if (status.state === 'failed') {
        setPhase({ kind: 'idle' });
        setOutcome({ kind: 'failed', message: null });
        return;
      }
      setPhase({ kind: 'ready', id: status.id, fileName: status.file_name, size: status.size ?? 0 });
    } catch (error) {
      if (!run.wanted || error instanceof Stopped) return;
      running.current = null;
      setPhase({ kind: 'idle' });
      setOutcome({ kind: 'failed', message: apiErrorMessage(error) });
    }
  };

  const cancel = () => {
    stop();
    setPhase({ kind: 'idle' });
    setOutcome({ kind: 'cancelled' });
  };

  const download = async () => {
    if (phase.kind !== 'ready') return;
    setPhase({ ...phase, kind: 'downloading' });
    try {
      saveFile(await exportFile(phase.id), phase.fileName);
      setPhase({ kind: 'idle' });
      setOutcome({ kind: 'done', fileName: phase.fileName });
    } catch (error) {
      // Gone from the server (kept a day) or not reached: the message says so, and EXPORTIEREN starts anew.
      setPhase({ kind: 'idle' });
      setOutcome({ kind: 'failed', message: apiErrorMessage(error) });
    }
  };

  /** A ready file that the list or the choices no longer match: removed on the server, EXPORTIEREN again. */
  const discard = () => {
    if (phase.kind !== 'ready') return;
    cancelExport(phase.id).catch(() => undefined);
    setPhase({ kind: 'idle' });
  };

  return { phase, outcome, start, cancel, download, discard };
}
