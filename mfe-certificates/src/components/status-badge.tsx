import { CERTIFICATE_STATUS_LABELS, type CertificateStatus } from 'contracts';

/** Where a certificate stands, in words and a colour that says the same (never colour alone). */
export function StatusBadge({ status }: { status: CertificateStatus }) {
  return <span className={`cert-status cert-status--${status}`}>{CERTIFICATE_STATUS_LABELS[status]}</span>;
}
