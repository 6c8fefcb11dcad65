import crypto from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * CMS SignedData for a PAdES baseline signature (ETSI EN 319 142-1, B-B): signed attributes content-type,
 * message-digest and ESS signing-certificate-v2, no signing-time (the signature dictionary's /M carries the
 * time); B-T adds the timestamp token of the signature value as an unsigned attribute
 * (docs/decisions/0020-sealed-certificate.md). Signed with node:crypto; pkijs only builds the structures.
 */

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

/** A key with its certificate (DER, the signer's first, then its chain). */
export interface SigningKey {
  key: crypto.KeyObject;
  certificates: Buffer[];
}

export const sha256 = (data: crypto.BinaryLike) => crypto.createHash('sha256').update(data).digest();

/** The private-key operation on libuv's thread pool: other requests go on meanwhile. */
const signAsync = promisify(crypto.sign) as (
  algorithm: string,
  data: Buffer,
  key: crypto.KeyObject,
) => Promise<Buffer>;

const arrayBuffer = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

const sha256Algorithm = () => new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 });

/** The same ASN.1 value anew, so one value never sits in two structures. */
const copy = (value: { toBER(): ArrayBuffer }) => asn1js.fromBER(value.toBER()).result;

/** ESS signing-certificate-v2 (RFC 5035): the signer's certificate by its SHA-256 and its issuer and serial. */
function signingCertificateV2(certificate: pkijs.Certificate, der: Buffer) {
  const issuerSerial = new asn1js.Sequence({
    value: [
      new pkijs.GeneralNames({
        names: [new pkijs.GeneralName({ type: 4, value: certificate.issuer })],
      }).toSchema(),
      copy(certificate.serialNumber),
    ],
  });
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: arrayBuffer(sha256(der)) }), issuerSerial],
  });
  return new pkijs.Attribute({
    type: OID.signingCertificateV2,
    values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })],
  });
}

const encoded = (attribute: pkijs.Attribute) => Buffer.from(attribute.toSchema().toBER());

export interface SignedDataOptions {
  /** SHA-256 of the signed content: the PDF's byte range, or the encapsulated content. */
  digest: Buffer;
  signer: SigningKey;
  /** What is signed: data (a PDF's byte range, detached) by default; a timestamp authority signs a TSTInfo. */
  contentType?: string;
  /** The content, when it travels inside (a timestamp token); detached otherwise. */
  content?: Buffer;
  /** The timestamp token (a CMS ContentInfo) for the signature value: B-T. */
  timestamp?: (signature: Buffer) => Promise<asn1js.Sequence>;
}

/** A CMS ContentInfo holding SignedData, DER. */
export async function signedData({
  digest,
  signer,
  contentType = OID.data,
  content,
  timestamp,
}: SignedDataOptions): Promise<Buffer> {
  const [signerDer] = signer.certificates;
  const certificates = signer.certificates.map((der) => pkijs.Certificate.fromBER(der));
  const certificate = certificates[0];
  // DER orders a SET OF by its members' encodings: the signature covers this order, the structure keeps it.
  const attributes = [
    new pkijs.Attribute({
      type: OID.contentType,
      values: [new asn1js.ObjectIdentifier({ value: contentType })],
    }),
    new pkijs.Attribute({
      type: OID.messageDigest,
      values: [new asn1js.OctetString({ valueHex: arrayBuffer(digest) })],
    }),
    signingCertificateV2(certificate, signerDer),
  ].sort((a, b) => Buffer.compare(encoded(a), encoded(b)));
  const toSign = Buffer.from(
    new asn1js.Set({ value: attributes.map((attribute) => attribute.toSchema()) }).toBER(),
  );
  const ec = signer.key.asymmetricKeyType === 'ec';
  const signature = await signAsync('sha256', toSign, signer.key);
  // Building and encoding the structures takes a few milliseconds: the event loop gets a turn in between.
  await nextTurn();

  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({
      issuer: certificate.issuer,
      serialNumber: copy(certificate.serialNumber) as asn1js.Integer,
    }),
    digestAlgorithm: sha256Algorithm(),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }),
    signatureAlgorithm: ec
      ? new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 })
      : new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256WithRsa, algorithmParams: new asn1js.Null() }),
    signature: new asn1js.OctetString({ valueHex: arrayBuffer(signature) }),
  });
  if (timestamp)
    signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [new pkijs.Attribute({ type: OID.timeStampToken, values: [await timestamp(signature)] })],
    });

  const data = new pkijs.SignedData({
    version: contentType === OID.data ? 1 : 3,
    digestAlgorithms: [sha256Algorithm()],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: contentType,
      ...(content ? { eContent: new asn1js.OctetString({ valueHex: arrayBuffer(content) }) } : {}),
    }),
    certificates,
    signerInfos: [signerInfo],
  });
  const info = new pkijs.ContentInfo({ contentType: OID.signedData, content: data.toSchema(true) });
  return Buffer.from(info.toSchema().toBER());
}
