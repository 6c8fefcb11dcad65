import type { CertificateStatus } from './constants';

/** How staff screens and exports name each status. */
export const CERTIFICATE_STATUS_LABELS: Record<CertificateStatus, string> = {
  issued: 'Ausgestellt',
  revised: 'Korrigiert',
  partly_voided: 'Teilweise storniert',
  voided: 'Storniert',
};
