import { renderDocument } from './pdf-document';
import type { PdfInput } from './pdf-input';
import { messages } from '../../messages';
import { sealPdf } from './seal';
import type { Seal } from './seal-keys';

/** How a document is sealed (seal.ts): the key, the time of sealing and the timestamp authority. */
export interface Sealing {
  seal: Seal;
  at: Date;
  tsaUrl: string | null;
}

/** A rendered document: its bytes (sealed when asked) and its number of pages. */
export interface Rendered {
  bytes: Uint8Array;
  pages: number;
}

/** Pages of a rendered PDF, counted by their page objects (before a seal's update repeats the first). */
const pageCount = (pdf: Uint8Array) =>
  Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)
    .toString('latin1')
    .match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;

/**
 * The document rendered (pdf-document.ts), and sealed when `sealing` is given (seal.ts). It runs in the job
 * worker's process (api/src/worker.ts), never in the API's: laying out 200 pages holds its thread for seconds.
 */
export async function renderPdf(input: PdfInput, sealing?: Sealing): Promise<Rendered> {
  try {
    const rendered = await renderDocument(input);
    const pages = pageCount(rendered);
    const bytes = sealing
      ? await sealPdf(rendered, sealing.seal, { at: sealing.at, tsaUrl: sealing.tsaUrl })
      : rendered;
    return { bytes, pages };
  } catch (error) {
    throw new Error(`${messages.pdfFailed} ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
