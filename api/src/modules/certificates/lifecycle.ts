import { HttpError } from '../../errors';
import { messages } from '../../messages';
import type { CertificateRow } from './certificates.repository';

// What revising (revising.ts) and voiding (voiding.ts) an issued certificate share
// (docs/architecture.md#certificate-lifecycle).

/** A change made on a version that is no longer the certificate's. */
export const stale = () => new HttpError(409, 'STALE_VERSION', messages.staleVersion);

/** A revision or void is made on the version it names, never on a voided certificate. */
export function assertChangeable(row: CertificateRow, version: number) {
  if (row.status === 'voided') throw new HttpError(409, 'CERTIFICATE_VOIDED', messages.certificateVoided);
  if (row.version !== version) throw stale();
}
