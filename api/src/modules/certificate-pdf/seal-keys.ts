import crypto from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';
import type { SigningKey } from './seal-cms';

/**
 * The seal's key and certificate: the manufacturer's PKCS#12 file (SEAL_P12_PATH), or a development seal made
 * once when none is configured (docs/decisions/0020-sealed-certificate.md). PKCS#12 is read with node-forge,
 * which knows the old (RC2, 3DES) and the OpenSSL 3 (PBES2, AES) encryptions; keys forge cannot hold itself
 * (EC) come out as PKCS#8 and go to node:crypto.
 */

const generateKeyPair = promisify(crypto.generateKeyPair);

export const DEVELOPMENT_SEAL_NAME = 'Entwicklungssiegel – nicht für Kunden';

export interface Seal extends SigningKey {
  /** The signer's common name, shown in the PDF's signature dictionary. */
  name: string;
  development: boolean;
}

export class SealError extends Error {}

const der = (asn1: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');

const commonName = (certificate: crypto.X509Certificate) =>
  /(?:^|\n)CN=([^\n]*)/.exec(certificate.subject)?.[1] ?? certificate.subject;

/** The key and certificate chain of a PKCS#12 file; the certificate that matches the key comes first. */
export function sealFromP12(bytes: Buffer, password: string): Seal {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(bytes.toString('binary')), password);
  } catch (error) {
    const reason = /mac|password|invalid/i.test((error as Error).message)
      ? 'das Passwort (SEAL_P12_PASSWORD) stimmt nicht'
      : 'die Datei ist keine PKCS#12-Datei';
    throw new SealError(`Siegel aus SEAL_P12_PATH nicht lesbar: ${reason}`);
  }
  const bagsOf = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const keyBags = [...bagsOf(forge.pki.oids.pkcs8ShroudedKeyBag), ...bagsOf(forge.pki.oids.keyBag)];
  const keys = keyBags.map((bag) =>
    bag.key
      ? crypto.createPrivateKey(forge.pki.privateKeyToPem(bag.key))
      : crypto.createPrivateKey({ key: der(bag.asn1), format: 'der', type: 'pkcs8' }),
  );
  const certificates = bagsOf(forge.pki.oids.certBag).map((bag) =>
    bag.cert ? der(forge.pki.certificateToAsn1(bag.cert)) : der(bag.asn1),
  );
  if (keys.length !== 1)
    throw new SealError(`Siegel aus SEAL_P12_PATH: erwartet genau einen Schlüssel, gefunden ${keys.length}`);
  const [key] = keys;
  const parsed = certificates.map((certificate) => new crypto.X509Certificate(certificate));
  const own = parsed.findIndex((certificate) => certificate.checkPrivateKey(key));
  if (own < 0) throw new SealError('Siegel aus SEAL_P12_PATH: kein Zertifikat passt zum Schlüssel');
  const ordered = [certificates[own], ...certificates.filter((_, index) => index !== own)];
  return { key, certificates: ordered, name: commonName(parsed[own]), development: false };
}

/** What a development seal is stored as (seals.repository.ts). */
export interface StoredSeal {
  private_key: string;
  certificate: string;
}

/**
 * A new self-signed development seal for `company`, valid ten years; clearly named as one. The key is made on
 * the thread pool: a 3072-bit RSA key takes seconds, which the first start's requests would wait for.
 */
export async function newDevelopmentSeal(
  company: string,
  passphrase: string,
  now = new Date(),
): Promise<StoredSeal> {
  const { privateKey, publicKey } = await generateKeyPair('rsa', { modulusLength: 3072 });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  certificate.serialNumber = `01${crypto.randomBytes(15).toString('hex')}`;
  certificate.validity.notBefore = now;
  certificate.validity.notAfter = new Date(now.getTime() + 10 * 365.25 * 24 * 3600 * 1000);
  // forge takes the value's ASN.1 type in `valueTagClass` and encodes UTF-8 itself (node_modules/node-forge/lib/x509.js); its
  // typings call a class: UTF8String, so the en dash and umlauts survive.
  const utf8 = (shortName: string, value: string): forge.pki.CertificateField => ({
    shortName,
    value,
    valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
  });
  const names = [utf8('CN', DEVELOPMENT_SEAL_NAME), utf8('O', company)];
  certificate.setSubject(names);
  certificate.setIssuer(names);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
  ]);
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  certificate.sign(forge.pki.privateKeyFromPem(pem), forge.md.sha256.create());
  return {
    private_key: encryptedKey(privateKey, passphrase),
    certificate: forge.pki.certificateToPem(certificate),
  };
}

/** A private key as the database keeps it: PKCS#8 encrypted with AES-256 under `passphrase`. */
export const encryptedKey = (key: crypto.KeyObject, passphrase: string) =>
  key.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase }).toString();

/** Whether a stored key is still the plain PEM that earlier versions stored. */
export const isPlainKey = (pem: string) => pem.includes('-----BEGIN PRIVATE KEY-----');

export function sealFromStored({ private_key, certificate }: StoredSeal, passphrase: string): Seal {
  const parsed = new crypto.X509Certificate(certificate);
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey({ key: private_key, passphrase });
  } catch {
    throw new SealError(
      'Der private Schlüssel des Entwicklungssiegels lässt sich mit dieser Passphrase nicht entschlüsseln ' +
        '(SEAL_DEVELOPMENT_PASSPHRASE oder die Datei development-seal.passphrase neben der Datenbank)',
    );
  }
  return {
    key,
    certificates: [parsed.raw],
    name: commonName(parsed),
    development: true,
  };
}
