import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import PDFDocument from 'pdfkit';

/** Poppler's tools on a PDF's bytes (Debian: poppler-utils), for the tests of the seal. */
export function poppler(
  tool: 'pdfsig' | 'pdfinfo' | 'pdffonts',
  bytes: Uint8Array,
  args: string[] = [],
): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-seal-'));
  const file = path.join(dir, 'document.pdf');
  fs.writeFileSync(file, bytes);
  try {
    // pdfsig exits 1 for a broken signature and still says why on stdout.
    return execFileSync(tool, [...args, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? '');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const sha256Hex = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

/** A small PDF/A-3b of two pages with a link and an attached JSON, as pdfkit writes one: the seal's test object. */
export async function smallPdfA(): Promise<Buffer> {
  const doc = new PDFDocument({
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    tagged: true,
    size: 'A4',
    lang: 'de',
  } as never);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.font('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf').fontSize(18).text('Prüfbericht – Test');
  doc.link(72, 120, 120, 20, 'https://example.com/landing/1/4852406001');
  doc.file(Buffer.from('{"id":1}'), { name: 'certificate.json', type: 'application/json' } as never);
  doc.addPage().text('Seite 2');
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** A self-signed RSA key and certificate for the tests (a timestamp authority's, a manufacturer's). */
export function testSigner(commonName: string, extensions: object[] = []) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  certificate.serialNumber = '0a1b2c';
  certificate.validity.notBefore = new Date(Date.now() - 60_000);
  certificate.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  certificate.setSubject([{ shortName: 'CN', value: commonName }]);
  certificate.setIssuer([{ shortName: 'CN', value: commonName }]);
  certificate.setExtensions(extensions);
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(pem);
  certificate.sign(forgeKey, forge.md.sha256.create());
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');
  return { key: privateKey, certificates: [der], forgeKey, forgeCertificate: certificate };
}
