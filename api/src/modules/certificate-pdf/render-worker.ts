import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { renderDocument } from './pdf-document';
import type { RenderJob } from './render-pdf';
import { sealPdf } from './seal';

/**
 * The renderer's thread (render-pdf.ts): pdfkit lays out and compresses synchronously, which for 200 pages
 * would hold the API's event loop for seconds (docs/decisions/0011-bounded-heavy-work.md). The seal is added
 * here too: reading the PDF's trailer, hashing and counting pages are milliseconds each on a 1.5 MB document,
 * which the other requests would wait for on the event loop (api/bench/sealed-pdf-bench.ts).
 */
// A render may take its time; a request may not. On Linux a nice value belongs to a thread, so this lowers only
// the renderer's thread: the event loop keeps its core when both want one (elsewhere it would be the process).
if (process.platform === 'linux') os.setPriority(10);

/** Pages of a rendered PDF, counted by their page objects (before a seal's update repeats the first). */
const pageCount = (pdf: Uint8Array) =>
  Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)
    .toString('latin1')
    .match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;

parentPort!.on('message', async ({ input, sealing }: RenderJob) => {
  try {
    const rendered = await renderDocument(input);
    const pages = pageCount(rendered);
    // A Buffer arrives here as a plain Uint8Array: the seal's certificates are Buffers again.
    const bytes = sealing
      ? await sealPdf(
          rendered,
          { ...sealing.seal, certificates: sealing.seal.certificates.map((der) => Buffer.from(der)) },
          { at: sealing.at, tsaUrl: sealing.tsaUrl },
        )
      : rendered;
    parentPort!.postMessage({ bytes, pages }, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort!.postMessage({
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
