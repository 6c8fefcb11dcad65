import zlib from 'node:zlib';
import { PDF_CHECK_LIMITS } from 'contracts';
import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFObjectParser,
  type PDFObject,
  type PDFRawStream,
} from 'pdf-lib';

/** The bound a PDF exceeded while it was parsed: too many values, nested too deep, inflated too large, or
 * compressed in a way the check does not inflate. */
export type PdfBound = 'values' | 'depth' | 'inflated' | 'compression';

export class PdfBoundExceeded extends Error {
  constructor(readonly bound: PdfBound) {
    super(`PDF bound exceeded: ${bound}`);
  }
}

/** What one check has used so far, shared by the parsers of the file and of its object streams. */
export interface Budget {
  values: number;
  inflated: number;
}

type ByteStream = ConstructorParameters<typeof PDFObjectParser>[0];

/**
 * pdf-lib's object parser counting what it makes: every value against `PDF_CHECK_LIMITS.values` and the nesting
 * of arrays and dictionaries against `.depth`, so that one array of millions of zeros is refused while it is read,
 * not after it filled the heap. Names are decoded as readers decode them: pdf-lib decodes `#xx` only in upper
 * case, so `/#4a#53` would be /JS to a reader but not to the check.
 */
export class BoundedParser extends PDFObjectParser {
  private depth = 0;

  constructor(
    readonly data: Uint8Array,
    private readonly budget: Budget,
  ) {
    // pdf-lib's index exports no ByteStream; a parser it makes for the same bytes carries one.
    const { bytes } = PDFObjectParser.forBytes(data, PDFContext.create()) as unknown as { bytes: ByteStream };
    super(bytes, PDFContext.create());
  }

  /** The object that starts at `offset`, or undefined when pdf-lib cannot read one there. */
  objectAt(offset: number): PDFObject | undefined {
    this.bytes.moveTo(offset);
    this.depth = 0;
    try {
      return this.parseObject();
    } catch (error) {
      if (error instanceof PdfBoundExceeded) throw error;
      // A recursion too deep for the stack is the depth bound, whatever depth pdf-lib reached.
      if (error instanceof RangeError) throw new PdfBoundExceeded('depth');
      return undefined;
    }
  }

  /**
   * Every object of an object stream at the offsets its header gives, as readers find them, each with its text up
   * to the next one (for a look at the names of what pdf-lib cannot parse).
   */
  *objectStream(stream: PDFRawStream): Generator<{ object: PDFObject | undefined; text: Uint8Array }> {
    const first = stream.dict.get(PDFName.of('First'));
    const count = stream.dict.get(PDFName.of('N'));
    if (!(first instanceof PDFNumber) || !(count instanceof PDFNumber)) return;
    const data = inflate(stream, this.budget);
    const parser = new BoundedParser(data, this.budget);
    const offsets: number[] = [];
    try {
      for (let index = 0; index < count.asNumber() && !parser.bytes.done(); index++) {
        parser.count(2);
        parser.skipWhitespaceAndComments();
        parser.parseRawInt();
        parser.skipWhitespaceAndComments();
        offsets.push(first.asNumber() + parser.parseRawInt());
      }
    } catch (error) {
      if (error instanceof PdfBoundExceeded) throw error;
      // A header cut short: the offsets read so far are what a reader finds too.
    }
    const starts = [...new Set(offsets)].filter((offset) => offset >= 0 && offset < data.length);
    starts.sort((a, b) => a - b);
    for (const [index, offset] of starts.entries()) {
      const next = starts[index + 1] ?? data.length;
      yield {
        object: parser.objectAt(offset),
        text: data.subarray(offset, Math.min(next, offset + 65_536)),
      };
    }
  }

  private count(values: number) {
    this.budget.values += values;
    if (this.budget.values > PDF_CHECK_LIMITS.values) throw new PdfBoundExceeded('values');
  }

  override parseObject(): PDFObject {
    this.count(1);
    return super.parseObject();
  }

  override parseArray(): PDFArray {
    return this.nested(() => super.parseArray());
  }

  override parseDict(): PDFDict {
    return this.nested(() => super.parseDict());
  }

  override parseName(): PDFName {
    this.bytes.assertNext(0x2f);
    let raw = '';
    while (!this.bytes.done()) {
      const byte = this.bytes.peek();
      if (NAME_ENDS.has(byte)) break;
      raw += String.fromCharCode(this.bytes.next());
    }
    const decoded = raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    // PDFName.of decodes upper-case #XX once more: a literal # is handed to it as #23.
    return PDFName.of(decoded.replace(/#/g, '#23'));
  }

  private nested<T>(parse: () => T): T {
    if (++this.depth > PDF_CHECK_LIMITS.depth) throw new PdfBoundExceeded('depth');
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }
}

/** Whitespace and delimiters (ISO 32000-1 §7.2.2), which end a name. */
const NAME_ENDS = new Set([0, 9, 10, 12, 13, 32, 0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

/**
 * An object stream's data, inflated by zlib with its output bounded per stream and in total. Only Flate without
 * a predictor, as every common writer makes them: other filters (LZW inflates a thousandfold too) are refused
 * rather than inflated without a bound.
 */
function inflate(stream: PDFRawStream, budget: Budget): Uint8Array {
  const filter = stream.dict.get(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  const parameters = stream.dict.get(PDFName.of('DecodeParms'));
  const raw = stream.getContents();
  if (filters.length === 0 && !parameters) return count(raw, budget);
  const flate = [PDFName.of('FlateDecode'), PDFName.of('Fl')];
  if (filters.length !== 1 || !flate.includes(filters[0] as PDFName) || parameters)
    throw new PdfBoundExceeded('compression');
  const room = Math.min(PDF_CHECK_LIMITS.streamBytes, PDF_CHECK_LIMITS.inflatedBytes - budget.inflated);
  try {
    // A cut-off stream gives what it holds, as readers read it.
    return count(
      zlib.inflateSync(raw, { maxOutputLength: room + 1, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
      budget,
    );
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new PdfBoundExceeded('inflated');
    throw new PdfBoundExceeded('compression');
  }
}

function count(data: Uint8Array, budget: Budget): Uint8Array {
  budget.inflated += data.length;
  if (data.length > PDF_CHECK_LIMITS.streamBytes || budget.inflated > PDF_CHECK_LIMITS.inflatedBytes)
    throw new PdfBoundExceeded('inflated');
  return data;
}
