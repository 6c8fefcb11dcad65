import { PDFDict, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';
import { ACTIVE_NAMES, activeContent, type ActiveContent } from './pdf-active-content';
import { BoundedParser, PdfBoundExceeded, type Budget, type PdfBound } from './pdf-bounded-parser';

/** The check's answer: accepted, no PDF with pages, active content, or a bound exceeded (pdf-check.ts adds time
 * and memory, which the worker cannot report itself). */
export type PdfVerdict = 'ok' | 'notPdf' | ActiveContent | PdfBound | 'time' | 'memory';

/**
 * Judges every object any reader could take from `data`, not only those a parser in file order keeps: readers
 * follow the cross-reference table, whose entries may point anywhere (into another stream's data, to the first of
 * two objects with one number, into an update after `%%EOF`), and rebuild it by searching for `obj` when it is
 * broken. So every place where the keyword `obj` or `trailer` stands starts an object that is judged, and every
 * object stream found is opened at the offsets its header gives. Of what pdf-lib cannot parse there, the names
 * are looked at. Accepted only when nothing is active anywhere and a catalogue and a page exist.
 */
export function scanPdf(data: Uint8Array): PdfVerdict {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  // The header must open the file (ISO 32000-1 §7.5.2 allows it within the first 1024 bytes).
  if (bytes.subarray(0, 1024).indexOf('%PDF-') < 0) return 'notPdf';
  const budget: Budget = { values: 0, inflated: 0 };
  const parser = new BoundedParser(bytes, budget);
  const seen = { catalog: false, page: false };
  try {
    for (const [keyword, length] of [
      ['obj', 3],
      ['trailer', 7],
    ] as const)
      for (const at of keywords(bytes, keyword)) {
        const object = parser.objectAt(at + length);
        const found = judge(object, bytes.subarray(at, endOf(bytes, at)), seen);
        if (found) return found;
        if (object instanceof PDFRawStream)
          for (const inner of parser.objectStream(object)) {
            const hidden = judge(inner.object, inner.text, seen);
            if (hidden) return hidden;
          }
      }
  } catch (error) {
    if (error instanceof PdfBoundExceeded) return error.bound;
    throw error;
  }
  return seen.catalog && seen.page ? 'ok' : 'notPdf';
}

function judge(
  object: PDFObject | undefined,
  text: Uint8Array,
  seen: { catalog: boolean; page: boolean },
): ActiveContent | undefined {
  if (object === undefined) return activeName(text);
  const dict = object instanceof PDFDict ? object : undefined;
  const type = dict?.get(PDFName.of('Type'));
  if (type === PDFName.of('Catalog') && dict?.has(PDFName.of('Pages'))) seen.catalog = true;
  if (type === PDFName.of('Page')) seen.page = true;
  return activeContent(object);
}

/** Where the keyword stands as a token: not inside a longer word (`endobj`, `objects`). */
function* keywords(bytes: Buffer, keyword: string) {
  for (let at = bytes.indexOf(keyword); at >= 0; at = bytes.indexOf(keyword, at + 1)) {
    if (isLetter(bytes[at - 1]) || isLetter(bytes[at + keyword.length])) continue;
    yield at;
  }
}

const isLetter = (byte: number | undefined) =>
  byte !== undefined && ((byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a));

/** The text of an object starting at `at`: up to its `endobj`, at most 64 KiB. */
function endOf(bytes: Buffer, at: number) {
  const end = bytes.indexOf('endobj', at);
  return Math.min(end < 0 ? bytes.length : end, at + 65_536);
}

/** An active name in text pdf-lib could not parse (a reader may parse it more leniently), `#xx` decoded. */
function activeName(text: Uint8Array): ActiveContent | undefined {
  const latin1 = Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString('latin1');
  for (const [, raw] of latin1.matchAll(/\/([^\s/[\]<>(){}%]*)/g)) {
    const name = raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    const found = ACTIVE_NAMES[`/${name}`];
    if (found) return found;
  }
  return undefined;
}
