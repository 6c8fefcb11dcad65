import type { CertificateVerdict } from 'contracts';
import { useT } from 'shared-ui';
import { certificateCatalogs } from '../catalogs';
import './verdict-badge.css';

/**
 * The test's outcome of a certificate, as the API computed it (docs/decisions/0010-test-record.md): in words, with
 * how many units failed, on a fill that says the same (never colour alone).
 */
export function VerdictBadge({
  verdict,
  failedUnits,
  units,
}: {
  verdict: CertificateVerdict;
  failedUnits: number;
  units: number;
}) {
  const t = useT(certificateCatalogs);
  return (
    <span className={`cert-verdict cert-verdict--${verdict}`}>
      {verdict === 'failed'
        ? t('verdict.failedCount', { failed: failedUnits, units })
        : t(`verdict.${verdict}`)}
    </span>
  );
}
