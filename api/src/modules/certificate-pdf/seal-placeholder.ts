/**
 * The room for a PAdES signature, added to a finished PDF as an incremental update (ISO 32000-1 §7.5.6): the
 * renderer's bytes stay as they are, so its PDF/A identification, output intent and attached certificate.json
 * are untouched, and the update adds only what PDF/A-3 allows for a signature: an invisible, printable signature
 * widget with an (empty) appearance, the AcroForm that names it, and the signature dictionary
 * (docs/decisions/0020-sealed-certificate.md).
 *
 * It reads the few objects it changes (catalog, first page) as text, which holds for PDFs whose objects are not
 * inside object streams, as pdfkit writes them; anything else is refused with a message, never sealed wrongly.
 */

/** Bytes reserved for the CMS signature: the seal's chain and a timestamp token fit with room to spare. */
export const SIGNATURE_BYTES = 32 * 1024;

const BYTE_RANGE_PLACEHOLDER = '/ByteRange [0 ********** ********** **********]';

export interface Placeholder {
  /** The PDF with the update; /Contents is zeros, /ByteRange is filled in. */
  pdf: Buffer;
  /** Offsets of the hex digits between `<` and `>` of /Contents. */
  contents: { start: number; end: number };
  byteRange: [number, number, number, number];
}

export class UnsealablePdfError extends Error {}

const fail = (why: string): never => {
  throw new UnsealablePdfError(`Das PDF kann nicht gesiegelt werden: ${why}`);
};

interface Ref {
  num: number;
  gen: number;
}

const refText = ({ num, gen }: Ref) => `${num} ${gen} R`;

function refIn(dict: string, key: string): Ref | undefined {
  const match = new RegExp(`/${key}\\s+(\\d+)\\s+(\\d+)\\s+R`).exec(dict);
  return match ? { num: Number(match[1]), gen: Number(match[2]) } : undefined;
}

/** The body of object `ref` (between `obj` and `endobj`), its newest definition in the file. */
function objectBody(text: string, { num, gen }: Ref): string {
  const marker = `${num} ${gen} obj`;
  for (let at = text.lastIndexOf(marker); at >= 0; at = text.lastIndexOf(marker, at - 1)) {
    if (at > 0 && !/\s/.test(text[at - 1])) continue;
    const end = text.indexOf('endobj', at);
    if (end < 0) break;
    return text.slice(at + marker.length, end).trim();
  }
  return fail(`Objekt ${num} ${gen} nicht gefunden (Objektströme werden nicht unterstützt)`);
}

/** The dictionary `<< … >>` that starts at `from`, with nested dictionaries. */
function dictionaryAt(text: string, from: number): string {
  let depth = 0;
  for (let at = text.indexOf('<<', from); at < text.length; at++) {
    if (text.startsWith('<<', at)) {
      depth++;
      at++;
    } else if (text.startsWith('>>', at)) {
      depth--;
      at++;
      if (depth === 0) return text.slice(text.indexOf('<<', from), at + 1);
    }
  }
  return fail('Trailer unvollständig');
}

/** The trailer of the last cross-reference section: a classic `trailer` or a cross-reference stream's dictionary. */
function lastTrailer(text: string): { trailer: string; startxref: number } {
  const tail = text.slice(-2048);
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!match) fail('kein startxref am Ende');
  const startxref = Number(match![1]);
  const section = text.slice(startxref, startxref + 20);
  if (section.startsWith('xref'))
    return { trailer: dictionaryAt(text, text.indexOf('trailer', startxref)), startxref };
  if (/^\d+\s+\d+\s+obj/.test(section)) return { trailer: dictionaryAt(text, startxref), startxref };
  return fail('startxref zeigt nicht auf eine Querverweistabelle');
}

/** A dictionary with `entries` added before its closing `>>`. */
const withEntries = (dict: string, entries: string) => `${dict.replace(/>>\s*$/, '')}${entries}\n>>`;

/** The first leaf of the page tree. */
function firstPage(text: string, pages: Ref): Ref {
  let node = pages;
  for (let depth = 0; depth < 32; depth++) {
    const body = objectBody(text, node);
    if (/\/Type\s*\/Page\b(?!s)/.test(body)) return node;
    const kid = /\/Kids\s*\[\s*(\d+)\s+(\d+)\s+R/.exec(body);
    if (!kid) break;
    node = { num: Number(kid[1]), gen: Number(kid[2]) };
  }
  return fail('keine Seite gefunden');
}

/** A PDF text string in UTF-16BE with its byte order mark, so any name survives. */
export function textString(value: string): string {
  const bytes = Buffer.from(value, 'utf16le').swap16();
  return `<FEFF${bytes.toString('hex').toUpperCase()}>`;
}

/** `date` as a PDF date in UTC (ISO 32000-1 §7.9.4). */
export const pdfDate = (date: Date) => `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

/**
 * `pdf` with an incremental update holding an invisible signature field on the first page and a signature
 * dictionary (`/SubFilter /ETSI.CAdES.detached`, `/M` the time of sealing) whose /Contents waits for the CMS.
 */
export function addSignaturePlaceholder(
  pdf: Uint8Array,
  { signer, at }: { signer: string; at: Date },
): Placeholder {
  const original = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const text = original.toString('latin1');
  const { trailer, startxref } = lastTrailer(text);
  if (/\/Encrypt\b/.test(trailer)) fail('es ist verschlüsselt');
  const size = Number(/\/Size\s+(\d+)/.exec(trailer)?.[1] ?? NaN);
  const root = refIn(trailer, 'Root');
  if (!Number.isInteger(size) || !root) fail('Trailer ohne /Size oder /Root');
  const catalog = objectBody(text, root!);
  if (/\/AcroForm\b/.test(catalog)) fail('es hat schon ein Formular');
  const pagesRef = refIn(catalog, 'Pages') ?? fail('Katalog ohne /Pages');
  const pageRef = firstPage(text, pagesRef);
  const page = objectBody(text, pageRef);

  const sig = { num: size, gen: 0 };
  const widget = { num: size + 1, gen: 0 };
  const appearance = { num: size + 2, gen: 0 };
  const changed: [Ref, string][] = [
    [root!, withEntries(catalog, `\n/AcroForm << /Fields [${refText(widget)}] /SigFlags 3 >>`)],
  ];
  const annots = /\/Annots\s*(\[[^\]]*\]|\d+\s+\d+\s+R)/.exec(page);
  if (!annots) changed.push([pageRef, withEntries(page, `\n/Annots [${refText(widget)}]`)]);
  else if (annots[1].startsWith('['))
    changed.push([pageRef, page.replace(annots[0], `/Annots ${annots[1].slice(0, -1)} ${refText(widget)}]`)]);
  else {
    const arrayRef = refIn(page, 'Annots')!;
    changed.push([arrayRef, objectBody(text, arrayRef).replace(/\]\s*$/, ` ${refText(widget)}]`)]);
  }
  const contentsHex = '0'.repeat(SIGNATURE_BYTES * 2);
  const added: [Ref, string][] = [
    [
      sig,
      `<<\n/Type /Sig\n/Filter /Adobe.PPKLite\n/SubFilter /ETSI.CAdES.detached\n${BYTE_RANGE_PLACEHOLDER}\n` +
        `/Contents <${contentsHex}>\n/M (${pdfDate(at)})\n/Name ${textString(signer)}\n>>`,
    ],
    [
      widget,
      `<<\n/Type /Annot\n/Subtype /Widget\n/FT /Sig\n/T (Siegel)\n/V ${refText(sig)}\n/F 132\n/Rect [0 0 0 0]\n` +
        `/P ${refText(pageRef)}\n/AP << /N ${refText(appearance)} >>\n>>`,
    ],
    [appearance, '<<\n/Type /XObject\n/Subtype /Form\n/BBox [0 0 0 0]\n/Length 0\n>>\nstream\n\nendstream'],
  ];

  let update = original[original.length - 1] === 0x0a ? '' : '\n';
  const offsets: [Ref, number][] = [];
  for (const [ref, body] of [...changed, ...added]) {
    offsets.push([ref, original.length + Buffer.byteLength(update, 'latin1')]);
    update += `${ref.num} ${ref.gen} obj\n${body}\nendobj\n`;
  }
  const xrefAt = original.length + Buffer.byteLength(update, 'latin1');
  update += 'xref\n';
  for (const [ref, offset] of offsets.sort((a, b) => a[0].num - b[0].num))
    update += `${ref.num} 1\n${String(offset).padStart(10, '0')} ${String(ref.gen).padStart(5, '0')} n \n`;
  const info = refIn(trailer, 'Info');
  const id = /\/ID\s*(\[[^\]]*\])/.exec(trailer)?.[1];
  update +=
    `trailer\n<<\n/Size ${size + 3}\n/Root ${refText(root!)}\n${info ? `/Info ${refText(info)}\n` : ''}` +
    `${id ? `/ID ${id}\n` : ''}/Prev ${startxref}\n>>\nstartxref\n${xrefAt}\n%%EOF\n`;

  const sealed = Buffer.concat([original, Buffer.from(update, 'latin1')]);
  const contentsAt =
    sealed.indexOf(`/Contents <${contentsHex.slice(0, 16)}`, original.length) + '/Contents '.length;
  const contents = { start: contentsAt + 1, end: contentsAt + 1 + contentsHex.length };
  const byteRange: Placeholder['byteRange'] = [0, contents.start - 1, contents.end + 1, 0];
  byteRange[3] = sealed.length - byteRange[2];
  const rangeAt = sealed.indexOf(BYTE_RANGE_PLACEHOLDER, original.length);
  const filled = `/ByteRange [${byteRange.join(' ')}]`.padEnd(BYTE_RANGE_PLACEHOLDER.length, ' ');
  if (filled.length > BYTE_RANGE_PLACEHOLDER.length) fail('zu groß');
  sealed.write(filled, rangeAt, 'latin1');
  return { pdf: sealed, contents, byteRange };
}
