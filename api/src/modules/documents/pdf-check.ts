import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';

export type PdfVerdict = 'ok' | 'notPdf' | 'encrypted' | 'javascript' | 'launch' | 'embeddedFile';

/** Keys and action types that make a PDF run code, start programs or carry other files. */
const JAVASCRIPT_KEYS = new Set(['/JS', '/JavaScript']);
const EMBEDDED_KEYS = new Set(['/EmbeddedFiles', '/EmbeddedFile', '/EF', '/RichMedia']);

/**
 * Whether `bytes` are a PDF a customer may open safely, judged by pdf-lib parsing every object (names with
 * `#xx` escapes decoded, object streams unpacked), never by the file name: refused when it is no PDF with at
 * least one page, is encrypted, or anywhere carries JavaScript, a launch action or an embedded file.
 */
export async function checkPdf(bytes: Buffer): Promise<PdfVerdict> {
  // The header must open the file (ISO 32000-1 §7.5.2 allows it within the first 1024 bytes).
  if (bytes.subarray(0, 1024).indexOf('%PDF-') < 0) return 'notPdf';
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (error) {
    // pdf-lib's EncryptedPDFError is compiled to ES5, where instanceof does not see the subclass.
    return /is encrypted/.test((error as Error).message) ? 'encrypted' : 'notPdf';
  }
  if (document.isEncrypted) return 'encrypted';
  try {
    // A cut-off file may parse without a catalogue; reading its pages then throws.
    if (document.getPageCount() === 0) return 'notPdf';
  } catch {
    return 'notPdf';
  }
  const seen = new Set<PDFObject>();
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    const verdict = inspect(object, seen);
    if (verdict !== 'ok') return verdict;
  }
  return 'ok';
}

function inspect(object: PDFObject, seen: Set<PDFObject>): PdfVerdict {
  if (seen.has(object) || object instanceof PDFRef) return 'ok';
  seen.add(object);
  const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
  if (dict) {
    for (const [key, value] of dict.entries()) {
      const name = key.asString();
      if (JAVASCRIPT_KEYS.has(name)) return 'javascript';
      if (EMBEDDED_KEYS.has(name)) return 'embeddedFile';
      if (name === '/S' && value instanceof PDFName) {
        if (value.asString() === '/JavaScript') return 'javascript';
        if (value.asString() === '/Launch') return 'launch';
      }
      if (name === '/Type' && value instanceof PDFName && value.asString() === '/EmbeddedFile')
        return 'embeddedFile';
      const verdict = inspect(value, seen);
      if (verdict !== 'ok') return verdict;
    }
  }
  if (object instanceof PDFArray) {
    for (const value of object.asArray()) {
      const verdict = inspect(value, seen);
      if (verdict !== 'ok') return verdict;
    }
  }
  return 'ok';
}
