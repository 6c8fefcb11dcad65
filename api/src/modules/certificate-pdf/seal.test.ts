import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import * as pkijs from 'pkijs';
import { sealPdf } from './seal';
import { sealService } from './seal-service';
import { OID, sha256, signedData } from './seal-cms';
import {
  DEVELOPMENT_SEAL_NAME,
  SealError,
  newDevelopmentSeal,
  sealFromP12,
  sealFromStored,
  type Seal,
} from './seal-keys';
import { UnsealablePdfError } from './seal-placeholder';
import { poppler, smallPdfA, testSigner } from './seal-test-tools';
import { TimestampError } from './seal-timestamp';

/** The CMS a sealed PDF carries in its signature dictionary's /Contents. */
function cmsOf(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const hex = /\/Contents <([0-9A-F]+)>/.exec(text.slice(text.lastIndexOf('/Type /Sig')))![1];
  const info = pkijs.ContentInfo.fromBER(Buffer.from(hex, 'hex'));
  return new pkijs.SignedData({ schema: info.content });
}

const attributeTypes = (attributes?: pkijs.SignedAndUnsignedAttributes) =>
  (attributes?.attributes ?? []).map((attribute) => attribute.type);

describe('the PAdES seal', () => {
  let original: Buffer;
  let seal: Seal;
  before(async () => {
    original = await smallPdfA();
    seal = sealFromStored(await newDevelopmentSeal('BDS Maschinen GmbH', 'test'), 'test');
  });

  test('pdfsig reports the seal (ETSI.CAdES.detached, the whole document signed) and a valid signature', async () => {
    const sealed = await sealPdf(original, seal);
    const report = poppler('pdfsig', sealed);
    assert.match(report, /Signature Type: ETSI\.CAdES\.detached/);
    assert.match(report, /Total document signed/);
    assert.match(report, /Signature Validation: Signature is Valid\./);
    assert.match(report, new RegExp(`Common Name: ${DEVELOPMENT_SEAL_NAME}`));
    // An incremental update: the renderer's bytes come first, unchanged.
    assert.ok(sealed.subarray(0, original.length).equals(original));
  });

  test('one changed byte, in the rendered part or in the seal’s own update, breaks the signature', async () => {
    const sealed = await sealPdf(original, seal);
    for (const at of [Math.floor(original.length / 2), sealed.length - 40]) {
      const changed = Buffer.from(sealed);
      changed[at] ^= 0x01;
      const report = poppler('pdfsig', changed);
      assert.doesNotMatch(report, /Signature is Valid/, `byte ${at}`);
      assert.match(report, /Digest Mismatch|Signature is Invalid|not.*valid/i, `byte ${at}`);
    }
  });

  test('the PDF/A-3b identification is still there after sealing', async () => {
    const meta = poppler('pdfinfo', await sealPdf(original, seal), ['-meta']);
    assert.match(meta, /<pdfaid:part>3<\/pdfaid:part>/);
    assert.match(meta, /<pdfaid:conformance>B<\/pdfaid:conformance>/);
  });

  test('the signed attributes are B-B’s: content type, message digest, signing-certificate-v2, no signing time', async () => {
    const sealed = await sealPdf(original, seal, { at: new Date('2026-11-25T10:00:00Z') });
    const [signer] = cmsOf(sealed).signerInfos;
    assert.deepEqual(
      [...attributeTypes(signer.signedAttrs)].sort(),
      [OID.contentType, OID.messageDigest, OID.signingCertificateV2].sort(),
    );
    const essCertId = signer.signedAttrs!.attributes.find((a) => a.type === OID.signingCertificateV2)!
      .values[0];
    const certHash = (essCertId as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence;
    const hash = (certHash.valueBlock.value[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.OctetString;
    assert.ok(Buffer.from(hash.valueBlock.valueHexView).equals(sha256(seal.certificates[0])));
    assert.equal(signer.unsignedAttrs, undefined);
    assert.match(sealed.toString('latin1'), /\/M \(D:20261125100000Z\)/);
  });

  test('a PDF that is no PDF, or has a form already, is refused, never sealed wrongly', async () => {
    await assert.rejects(sealPdf(Buffer.from('kein PDF'), seal), UnsealablePdfError);
    const sealed = await sealPdf(original, seal);
    await assert.rejects(sealPdf(sealed, seal), /schon ein Formular/);
  });
});

describe('the seal from a PKCS#12 file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-p12-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('an EC key and certificate made by OpenSSL 3 (PBES2, AES) seal a PDF pdfsig accepts', async () => {
    const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    run('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', 'key.pem');
    run(
      'req',
      '-x509',
      '-key',
      'key.pem',
      '-subj',
      '/CN=Musterwerk Siegel/O=Musterwerk GmbH',
      '-days',
      '30',
      '-out',
      'cert.pem',
    );
    run(
      'pkcs12',
      '-export',
      '-inkey',
      'key.pem',
      '-in',
      'cert.pem',
      '-passout',
      'pass:geheim 1',
      '-out',
      'seal.p12',
    );
    const p12 = fs.readFileSync(path.join(dir, 'seal.p12'));
    const fromFile = sealFromP12(p12, 'geheim 1');
    assert.equal(fromFile.name, 'Musterwerk Siegel');
    assert.equal(fromFile.key.asymmetricKeyType, 'ec');
    const report = poppler('pdfsig', await sealPdf(await smallPdfA(), fromFile));
    assert.match(report, /Signature is Valid/);
    assert.match(report, /Common Name: Musterwerk Siegel/);
    assert.throws(
      () => sealFromP12(p12, 'falsch'),
      (error: Error) => {
        assert.ok(error instanceof SealError);
        assert.match(error.message, /SEAL_P12_PASSWORD/);
        return true;
      },
    );
    assert.throws(() => sealFromP12(Buffer.from('kein PKCS#12'), ''), /keine PKCS#12-Datei/);
  });

  test('the configured file is the seal (no development seal, no notice); a wrong password is tried again next time', async () => {
    const own = testSigner('Musterwerk Konfiguriert');
    const file = path.join(dir, 'configured.p12');
    const der = forge.asn1
      .toDer(forge.pkcs12.toPkcs12Asn1(own.forgeKey, [own.forgeCertificate], 'richtig'))
      .getBytes();
    fs.writeFileSync(file, Buffer.from(der, 'binary'));
    const noDevelopmentSeal = {
      development: () => Promise.reject(new Error('kein Entwicklungssiegel erwartet')),
      encryptKey: () => Promise.reject(new Error('kein Entwicklungssiegel erwartet')),
    };
    const config = (password: string) => ({
      companyName: 'Musterwerk GmbH',
      seal: {
        p12Path: file,
        p12Password: password,
        tsaUrl: null,
        developmentPassphrase: null,
        developmentPassphraseFile: '',
      },
    });
    const wrong = sealService(noDevelopmentSeal, config('falsch'));
    await assert.rejects(wrong.notices(), SealError);
    await assert.rejects(wrong.current(), /SEAL_P12_PASSWORD/);
    const right = sealService(noDevelopmentSeal, config('richtig'));
    assert.deepEqual(await right.notices(), []);
    assert.match(
      poppler('pdfsig', await sealPdf(await smallPdfA(), (await right.sealing()).seal)),
      /Common Name: Musterwerk Konfiguriert/,
    );
  });

  test('an RSA key in a legacy (3DES) PKCS#12 with a chain: the certificate that fits the key signs', async () => {
    const ca = testSigner('Muster CA');
    const own = testSigner('Musterwerk RSA');
    const asn1 = forge.pkcs12.toPkcs12Asn1(own.forgeKey, [ca.forgeCertificate, own.forgeCertificate], 'pw', {
      algorithm: '3des',
    });
    const fromFile = sealFromP12(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), 'pw');
    assert.equal(fromFile.name, 'Musterwerk RSA');
    assert.equal(fromFile.certificates.length, 2);
    assert.match(poppler('pdfsig', await sealPdf(await smallPdfA(), fromFile)), /Signature is Valid/);
  });
});

describe('B-T: the timestamp of an RFC 3161 authority', () => {
  let server: http.Server;
  let url: string;
  /** What the test authority answers next: a token, or something else. */
  let answer: 'token' | 'garbage' | 'refused' = 'token';
  const authority = testSigner('Test-Zeitstempeldienst', [
    { name: 'extKeyUsage', critical: true, timeStamping: true },
  ]);

  before(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        if (answer === 'garbage') return response.end('kein Token');
        const asked = pkijs.TimeStampReq.fromBER(Buffer.concat(chunks));
        if (answer === 'refused')
          return response.end(
            Buffer.from(
              new pkijs.TimeStampResp({ status: new pkijs.PKIStatusInfo({ status: 2 }) }).toSchema().toBER(),
            ),
          );
        const info = new pkijs.TSTInfo({
          version: 1,
          policy: '1.3.6.1.4.1.55555.1',
          messageImprint: asked.messageImprint,
          serialNumber: new asn1js.Integer({ value: 7 }),
          genTime: new Date(),
          nonce: asked.nonce,
        });
        const content = Buffer.from(info.toSchema().toBER());
        const token = await signedData({
          digest: sha256(content),
          signer: authority,
          contentType: OID.tstInfo,
          content,
        });
        const reply = new pkijs.TimeStampResp({
          status: new pkijs.PKIStatusInfo({ status: 0 }),
          timeStampToken: pkijs.ContentInfo.fromBER(token),
        });
        response.setHeader('Content-Type', 'application/timestamp-reply');
        response.end(Buffer.from(reply.toSchema().toBER()));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`;
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  test('the token of the signature value is an unsigned attribute; pdfsig still reports a valid seal', async () => {
    answer = 'token';
    const seal = sealFromStored(await newDevelopmentSeal('BDS Maschinen GmbH', 'test'), 'test');
    const sealed = await sealPdf(await smallPdfA(), seal, { tsaUrl: url });
    assert.match(poppler('pdfsig', sealed), /Signature is Valid/);
    const [signer] = cmsOf(sealed).signerInfos;
    assert.deepEqual(attributeTypes(signer.unsignedAttrs), [OID.timeStampToken]);
    const token = new pkijs.SignedData({
      schema: pkijs.ContentInfo.fromBER(signer.unsignedAttrs!.attributes[0].values[0].toBER()).content,
    });
    const info = pkijs.TSTInfo.fromBER(token.encapContentInfo.eContent!.getValue());
    const signature = Buffer.from(signer.signature.valueBlock.valueHexView);
    const imprint = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView);
    assert.ok(imprint.equals(sha256(signature)));
    // pkijs checks the token's own signature and that its imprint is of these bytes.
    assert.ok(await token.verify({ signer: 0, checkChain: false, data: new Uint8Array(signature).buffer }));
  });

  test('an authority that refuses, answers garbage or is not there fails the seal with a German message', async () => {
    const seal = sealFromStored(await newDevelopmentSeal('BDS Maschinen GmbH', 'test'), 'test');
    const pdf = await smallPdfA();
    for (const next of ['refused', 'garbage'] as const) {
      answer = next;
      await assert.rejects(sealPdf(pdf, seal, { tsaUrl: url }), TimestampError);
    }
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await assert.rejects(sealPdf(pdf, seal, { tsaUrl: `http://127.0.0.1:${port}/` }), /nicht erreichbar/);
  });
});

test('a development seal is named so that nobody takes it for the manufacturer’s', async () => {
  const seal = sealFromStored(await newDevelopmentSeal('BDS Maschinen GmbH', 'test'), 'test');
  const certificate = new crypto.X509Certificate(seal.certificates[0]);
  assert.match(certificate.subject, /CN=Entwicklungssiegel – nicht für Kunden/);
  assert.match(certificate.subject, /O=BDS Maschinen GmbH/);
  assert.ok(seal.development);
});
