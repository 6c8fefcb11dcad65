import type { DocumentVerification } from 'contracts';
import { notFound } from '../../errors';
import { messages } from '../../messages';
import type { JobsRepository } from '../../platform/jobs.repository';
import type { CertificateDocumentRow, CertificateArchiveRepository } from './certificate-archive.repository';
import { sealCertificateJob, sealCustomerCopyJob } from './seal-jobs';

type Unit = NonNullable<Awaited<ReturnType<CertificateArchiveRepository['unit']>>>;
type CertificateState = NonNullable<Awaited<ReturnType<CertificateArchiveRepository['certificate']>>>;

/** A customer may download a unit's certificate only when it is a positive one: released and not withdrawn. */
const downloadable = (unit: Unit, certificate: CertificateState) =>
  (unit.release === 'released' || unit.release === 'deviation') &&
  unit.voided_at === null &&
  certificate.status !== 'voided';

/**
 * What the routes of the sealed documents ask (certificate-archive.routes.ts): the staff's current whole document,
 * a unit's customer copy, and the public verification of a document by its SHA-256. A document not sealed yet
 * is 'pending' at once, never waited for: its job (seal-jobs.ts) is queued, if no change queued it already.
 */
export function certificateArchiveService({
  repository,
  jobs,
}: {
  repository: CertificateArchiveRepository;
  jobs: JobsRepository;
}) {
  /** A customer copy still shows the certificate: the newest of its unit, same revision, unit still positive. */
  async function copyIsCurrent(row: CertificateDocumentRow, certificate: CertificateState) {
    const unit = await repository.unit(row.serial);
    const latest = await repository.latest(row.certificate_id, row.serial);
    return (
      !!unit &&
      latest?.id === row.id &&
      row.revision === certificate.revision &&
      downloadable(unit, certificate)
    );
  }

  return {
    /** The newest whole-certificate document of `id`, or 'pending' while its current state is being sealed. */
    async staffDocument(id: number): Promise<CertificateDocumentRow | 'pending'> {
      const certificate = await repository.certificate(id);
      if (!certificate) throw notFound(messages.certificateNotFound);
      const latest = await repository.latest(id, '');
      if (latest?.certificate_version === certificate.version) return latest;
      await jobs.enqueue(sealCertificateJob(id));
      return 'pending';
    },

    /** The unit's sealed customer copy for its current state, or 'pending' while it is being sealed. */
    async customerCopy(serial: string): Promise<CertificateDocumentRow | 'pending'> {
      const unit = await repository.unit(serial);
      const certificate = unit && (await repository.certificate(unit.certificate_id));
      if (!unit || !certificate || !downloadable(unit, certificate))
        throw notFound(messages.certificatePdfUnavailable);
      const latest = await repository.latest(certificate.id, unit.serial);
      if (latest && (await copyIsCurrent(latest, certificate))) return latest;
      await jobs.enqueue(sealCustomerCopyJob(certificate.id, unit.serial));
      return 'pending';
    },

    /** What anyone may learn about a document by its SHA-256: what it shows, and whether it is still current. */
    async verify(sha256: string): Promise<DocumentVerification> {
      const row = await repository.bySha256(sha256);
      const certificate = row && (await repository.certificate(row.certificate_id));
      if (!row || !certificate) throw notFound(messages.verifyUnknown);
      const current =
        row.scope === 'certificate'
          ? row.certificate_version === certificate.version
          : await copyIsCurrent(row, certificate);
      return {
        sha256: row.sha256,
        certificate_number: row.certificate_id,
        scope: row.scope,
        serials: row.scope === 'certificate' ? await repository.serials(row.certificate_id) : [row.serial],
        event: row.event,
        sealed_at: row.created_at,
        current,
      };
    },
  };
}

export type CertificateArchiveService = ReturnType<typeof certificateArchiveService>;
