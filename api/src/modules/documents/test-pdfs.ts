import crypto from 'node:crypto';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

/**
 * PDFs for the documents tests (documents.test.ts, resolver.test.ts), made with pdf-lib: a plain one whose page
 * says `text`, and the hostile kinds the upload refuses.
 */
export async function plainPdf(text: string, padding = 0): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  page.drawText(text, { x: 50, y: 780, size: 14, font: await document.embedFont(StandardFonts.Helvetica) });
  // Incompressible filler makes a document of a wanted size: a stream, as a scanned manual's images are.
  if (padding > 0) document.context.register(document.context.stream(crypto.randomBytes(padding)));
  return Buffer.from(await document.save());
}

/** `objectStreams`: the hostile objects packed inside compressed object streams, where a byte search cannot see them. */
export async function hostilePdf(
  kind: 'javascript' | 'launch' | 'embedded' | 'encrypted',
  objectStreams = false,
): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage();
  if (kind === 'javascript') document.addJavaScript('hello', 'app.alert("hi")');
  if (kind === 'launch')
    document.catalog.set(PDFName.of('OpenAction'), document.context.obj({ S: 'Launch', F: 'calc.exe' }));
  if (kind === 'embedded') await document.attach(Buffer.from('secret'), 'a.txt', { mimeType: 'text/plain' });
  if (kind === 'encrypted')
    document.context.trailerInfo.Encrypt = document.context.obj({
      Filter: 'Standard',
      V: 1,
      R: 2,
      O: PDFString.of('owner'),
      U: PDFString.of('user'),
      P: -4,
    });
  return Buffer.from(await document.save({ useObjectStreams: objectStreams }));
}

/** A file of a multipart body: in the field `file` unless named. */
export interface FilePart {
  data: Buffer;
  name?: string;
  type?: string;
  field?: string;
}

/** A multipart/form-data body, byte for byte: fields, then the file or files. */
export function multipart(fields: Record<string, string>, file?: FilePart | FilePart[]) {
  const boundary = `----dokumente${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const part of file === undefined ? [] : [file].flat())
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.name ?? 'anleitung.pdf'}"\r\n` +
          `Content-Type: ${part.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
