import { CERTIFICATE_VERDICT_LABELS, type CertificateVerdict } from 'contracts';
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
  const label = CERTIFICATE_VERDICT_LABELS[verdict];
  return (
    <span className={`cert-verdict cert-verdict--${verdict}`}>
      {verdict === 'failed' ? `${label} (${failedUnits} von ${units})` : label}
    </span>
  );
}
