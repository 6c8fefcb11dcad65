import type { JobHandler } from '../../platform/job-runner';
import type { NewJob } from '../../platform/jobs.repository';
import type { CertificateArchive } from './certificate-archive';

/** The jobs that fill the archive of sealed PDFs (certificate-archive.ts), run by the worker (api/src/worker.ts). */
export const SEAL_CERTIFICATE = 'seal-certificate';
export const SEAL_CUSTOMER_COPY = 'seal-customer-copy';

/** A certificate's whole document, after a change of what it prints; one waiting job per certificate. */
export const sealCertificateJob = (certificateId: number): NewJob => ({
  kind: SEAL_CERTIFICATE,
  subject: `certificate:${certificateId}`,
  payload: { certificate_id: certificateId },
});

/** A unit's customer copy, asked for by a customer and sealed for its certificate's current state. */
export const sealCustomerCopyJob = (certificateId: number, serial: string): NewJob => ({
  kind: SEAL_CUSTOMER_COPY,
  subject: `unit:${serial}`,
  payload: { certificate_id: certificateId, serial },
});

/** What each of these jobs does: seal the subject's current state unless it is sealed (a redo stores nothing). */
export function sealJobHandlers(store: CertificateArchive): Record<string, JobHandler> {
  return {
    [SEAL_CERTIFICATE]: async (job) => {
      const { certificate_id } = JSON.parse(job.payload) as { certificate_id: number };
      await store.sealed(certificate_id, { kind: 'certificate' });
    },
    [SEAL_CUSTOMER_COPY]: async (job) => {
      const { certificate_id, serial } = JSON.parse(job.payload) as {
        certificate_id: number;
        serial: string;
      };
      await store.sealed(certificate_id, { kind: 'customer-copy', serial });
    },
  };
}
