import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { renderDocument } from './pdf-document';
import type { PdfInput } from './pdf-input';

/**
 * The renderer's thread (render-pdf.ts): pdfkit lays out and compresses synchronously, which for 200 pages
 * would hold the API's event loop for seconds (docs/decisions/0011-bounded-heavy-work.md).
 */
// A render may take its time; a request may not. On Linux a nice value belongs to a thread, so this lowers only
// the renderer's thread: the event loop keeps its core when both want one (elsewhere it would be the process).
if (process.platform === 'linux') os.setPriority(10);

parentPort!.on('message', async (input: PdfInput) => {
  try {
    const bytes = await renderDocument(input);
    parentPort!.postMessage({ bytes }, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort!.postMessage({
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
