import crypto from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { signedData } from './seal-cms';
import type { Seal } from './seal-keys';
import { addSignaturePlaceholder, SIGNATURE_BYTES } from './seal-placeholder';
import { timestampToken } from './seal-timestamp';

/**
 * Seals a rendered PDF with a PAdES baseline signature: B-B, and B-T when a timestamp authority is configured
 * (SEAL_TSA_URL). The renderer's bytes come first unchanged; the seal is an incremental update
 * (seal-placeholder.ts) whose CMS (seal-cms.ts) covers every byte but its own /Contents.
 */
export async function sealPdf(
  pdf: Uint8Array,
  seal: Seal,
  { at = new Date(), tsaUrl }: { at?: Date; tsaUrl?: string | null } = {},
): Promise<Buffer> {
  const { pdf: prepared, contents, byteRange } = addSignaturePlaceholder(pdf, { signer: seal.name, at });
  // Each step holds the event loop a few milliseconds at most, and lets other requests in between
  // (api/bench/sealed-pdf-bench.ts measures their latency while certificates are sealed).
  await nextTurn();
  const digest = crypto
    .createHash('sha256')
    .update(prepared.subarray(byteRange[0], byteRange[0] + byteRange[1]))
    .update(prepared.subarray(byteRange[2], byteRange[2] + byteRange[3]))
    .digest();
  await nextTurn();
  const cms = await signedData({
    digest,
    signer: seal,
    timestamp: tsaUrl ? (signature) => timestampToken(tsaUrl, signature) : undefined,
  });
  if (cms.length > SIGNATURE_BYTES) throw new Error(`Siegel größer als ${SIGNATURE_BYTES} Bytes reserviert`);
  prepared.write(cms.toString('hex').toUpperCase(), contents.start, 'latin1');
  return prepared;
}
