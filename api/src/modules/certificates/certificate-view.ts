import type { Certificate } from 'contracts';
import { notFound } from '../../errors';
import { messages } from '../../messages';
import type { CertificateRow, CertificatesRepository } from './certificates.repository';
import type { RevisionsRepository } from './revisions.repository';
import type { UnitsRepository } from './units.repository';

/** What a certificate's print adds to its row: the revision it replaces and its units' serials. */
export interface Standing {
  replaces_issued_at: string | null;
  serials: string[];
  voided_serials: string[];
  replaced_at?: string | null;
}

/** The stored row as the certificate it prints; search keys, account ids and reasons stay inside. */
export function toCertificate(
  {
    checked_by_key: _c,
    machine_name_key: _m,
    created_by: _u,
    revised_by: _r,
    voided_by: _v,
    revision_reason: _why,
    issue_month: _month,
    ...row
  }: CertificateRow,
  standing: Standing,
) {
  return { ...row, replaced_at: null, ...standing } as Certificate;
}

/** Reads a certificate as it prints: its row, the revision it replaced and its stored units. */
export function certificateView({
  certificates,
  revisions,
  units,
}: {
  certificates: Pick<CertificatesRepository, 'get'>;
  revisions: Pick<RevisionsRepository, 'get'>;
  units: Pick<UnitsRepository, 'of'>;
}) {
  async function rowOf(id: number): Promise<CertificateRow> {
    const row = await certificates.get(id);
    if (!row) throw notFound(messages.certificateNotFound);
    return row;
  }

  /** The issue date of the revision before `revision` (none before the first), and the units' serials. */
  async function standingOf(row: CertificateRow, revision = row.revision): Promise<Standing> {
    const earlier = revision > 1 ? await revisions.get(row.id, revision - 1) : undefined;
    const stored = await units.of(row.id);
    return {
      replaces_issued_at: earlier?.issued_at ?? null,
      serials: stored.map((unit) => unit.serial),
      voided_serials: stored.filter((unit) => unit.voided_at !== null).map((unit) => unit.serial),
    };
  }

  async function get(id: number): Promise<Certificate> {
    const row = await rowOf(id);
    return toCertificate(row, await standingOf(row));
  }

  return { rowOf, standingOf, get };
}

export type CertificateView = ReturnType<typeof certificateView>;
