import { CERTIFICATE_STATUS_LABELS, type CertificateStatus } from 'contracts';

/** A sign before the word, so partly voided and voided differ in shape as well as in colour and words. */
const MARKS: Partial<Record<CertificateStatus, string>> = { partly_voided: '◐', voided: '✕' };

/**
 * Where a certificate stands, in words, a mark and a colour that say the same (never colour alone); a partly
 * voided one says how many of its units, when the caller knows.
 */
export function StatusBadge({
  status,
  voided,
  quantity,
}: {
  status: CertificateStatus;
  voided?: number;
  quantity?: number;
}) {
  const mark = MARKS[status];
  const share =
    status === 'partly_voided' && voided !== undefined && quantity ? ` (${voided} von ${quantity})` : '';
  return (
    <span className={`cert-status cert-status--${status}`}>
      {mark && (
        <span className="cert-status__mark" aria-hidden="true">
          {mark}{' '}
        </span>
      )}
      {CERTIFICATE_STATUS_LABELS[status]}
      {share}
    </span>
  );
}
