import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID, sha256 } from './seal-cms';

/** How long the timestamp authority may take before sealing gives up (and the render is tried again later). */
const TSA_TIMEOUT_MS = 10_000;

export class TimestampError extends Error {}

const arrayBuffer = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/**
 * An RFC 3161 timestamp token for `signature` from the authority at `url`: the token's imprint and nonce are
 * checked against the request, so an answer to another request is never embedded.
 */
export async function timestampToken(url: string, signature: Buffer): Promise<asn1js.Sequence> {
  const imprint = sha256(signature);
  const nonce = crypto.randomBytes(8);
  // A positive INTEGER whose first byte is not zero, so its DER is these 8 bytes as the authority echoes them.
  nonce[0] = (nonce[0] & 0x7f) | 0x01;
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: arrayBuffer(imprint) }),
    }),
    nonce: new asn1js.Integer({ valueHex: arrayBuffer(nonce) }),
    certReq: true,
  });
  let answer: Response;
  try {
    answer = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/timestamp-query' },
      body: Buffer.from(request.toSchema().toBER()),
      signal: AbortSignal.timeout(TSA_TIMEOUT_MS),
    });
  } catch (error) {
    throw new TimestampError(`Zeitstempeldienst nicht erreichbar: ${(error as Error).message}`);
  }
  if (!answer.ok) throw new TimestampError(`Zeitstempeldienst antwortet ${answer.status}`);
  let response: pkijs.TimeStampResp;
  try {
    response = pkijs.TimeStampResp.fromBER(await answer.arrayBuffer());
  } catch {
    throw new TimestampError('Zeitstempeldienst antwortet kein RFC-3161-Token');
  }
  // 0 granted, 1 granted with modifications (RFC 3161 §2.4.2).
  if (response.status.status > 1 || !response.timeStampToken)
    throw new TimestampError(`Zeitstempeldienst verweigert (Status ${response.status.status})`);
  const signed = new pkijs.SignedData({ schema: response.timeStampToken.content });
  const content = signed.encapContentInfo.eContent;
  if (signed.encapContentInfo.eContentType !== OID.tstInfo || !content)
    throw new TimestampError('Zeitstempel ohne TSTInfo');
  const info = pkijs.TSTInfo.fromBER(content.getValue());
  const hashed = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView);
  const echoed = info.nonce && Buffer.from(info.nonce.valueBlock.valueHexView);
  if (!hashed.equals(imprint) || !echoed || !echoed.equals(Buffer.from(nonce)))
    throw new TimestampError('Zeitstempel passt nicht zur Anfrage');
  return response.timeStampToken.toSchema() as asn1js.Sequence;
}
