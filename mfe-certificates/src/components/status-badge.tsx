import type { CertificateStatus } from 'contracts';
import { useT } from 'shared-ui';
import { certificateCatalogs } from '../catalogs';

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
  const t = useT(certificateCatalogs);
  const mark = MARKS[status];
  return (
    <span className={`cert-status cert-status--${status}`}>
      {mark && (
        <span className="cert-status__mark" aria-hidden="true">
          {mark}{' '}
        </span>
      )}
      {status === 'partly_voided' && voided !== undefined && quantity
        ? t('status.partlyVoidedCount', { voided, quantity })
        : t(`status.${status}`)}
    </span>
  );
}
