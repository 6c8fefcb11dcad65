import type { AuditAction, Certificate, EventsQuery, PrintedBody, Unit } from 'contracts';
import { HttpError, notFound } from '../../errors';
import { messages } from '../../messages';
import type { AuditService } from '../audit/audit.service';
import type { CertificateView } from './certificate-view';
import type { UnitsRepository } from './units.repository';

type PrintKind = PrintedBody['kind'];

const PRINT_ACTIONS = {
  print: 'certificate.printed',
  reprint: 'certificate.reprinted',
  labels: 'labels.printed',
} as const satisfies Record<PrintKind, AuditAction>;

/** A unit reached from its serial, the events of a unit or a certificate, and what staff printed. */
export function certificateUnits({
  units,
  view,
  audit,
}: {
  units: Pick<UnitsRepository, 'of' | 'bySerial'>;
  view: Pick<CertificateView, 'rowOf' | 'get'>;
  audit: Pick<AuditService, 'record' | 'ofSubjects'>;
}) {
  /**
   * Labels are for released units only: never for a unit that failed, waits for release or is voided
   * (docs/decisions/0010-test-record.md), of the units `serials` names (all of the certificate's when undefined).
   */
  async function assertLabelled(id: number, serials: string[] | undefined) {
    const refused = (await units.of(id))
      .filter((unit) => !serials || serials.includes(unit.serial))
      .filter(
        (unit) => unit.voided_at !== null || (unit.release !== 'released' && unit.release !== 'deviation'),
      )
      .map((unit) => unit.serial);
    if (refused.length) throw new HttpError(409, 'LABELS_REFUSED', messages.labelsRefused(refused));
  }

  async function unitOf(serial: string) {
    const found = await units.bySerial(serial);
    if (!found) throw notFound(messages.unitNotFound);
    return found;
  }

  return {
    /** The events of the certificate and of each of its units (as stored), newest first. */
    async events(id: number, query: EventsQuery) {
      await view.rowOf(id);
      const serials = (await units.of(id)).map((unit) => unit.serial);
      return audit.ofSubjects(
        [
          { type: 'certificate', ids: [id] },
          { type: 'unit', ids: serials },
        ],
        query,
      );
    },

    /** One unit from its serial, with the certificate it belongs to. */
    async unit(serial: string): Promise<{ unit: Unit; certificate: Certificate }> {
      const { certificate_id, ...unit } = await unitOf(serial);
      return { unit, certificate: await view.get(certificate_id) };
    },

    /** The events of one unit and of its certificate, newest first. */
    async unitEvents(serial: string, query: EventsQuery) {
      const found = await unitOf(serial);
      return audit.ofSubjects(
        [
          { type: 'certificate', ids: [found.certificate_id] },
          { type: 'unit', ids: [serial] },
        ],
        query,
      );
    },

    /** A print dialog opened for an issued certificate: recorded in the audit trail. */
    async printed(id: number, kind: PrintKind, accountId: number, serials?: string[]) {
      await view.rowOf(id);
      if (kind === 'labels') await assertLabelled(id, serials);
      await audit.record({ accountId, action: PRINT_ACTIONS[kind], subject: { type: 'certificate', id } });
    },
  };
}
