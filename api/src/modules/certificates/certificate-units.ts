import type { AuditAction, Certificate, EventsQuery, PrintedBody, UnitView } from 'contracts';
import { HttpError, notFound } from '../../errors';
import { messages } from '../../messages';
import type { AuditService } from '../audit/audit.service';
import type { CertificateArchiveRepository } from '../certificate-pdf/certificate-archive.repository';
import type { InstrumentsRepository } from '../instruments/instruments.repository';
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
  instruments,
  archive,
  audit,
}: {
  units: Pick<UnitsRepository, 'of' | 'bySerial'>;
  view: Pick<CertificateView, 'rowOf' | 'get'>;
  instruments: Pick<InstrumentsRepository, 'usedIn' | 'impactsOn'>;
  archive: Pick<CertificateArchiveRepository, 'history'>;
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

  /** The instrument of each value the unit was measured with, in attempt order. */
  async function instrumentsOf({
    certificate_id,
    unit_index,
  }: {
    certificate_id: number;
    unit_index: number;
  }) {
    return (await instruments.usedIn(certificate_id))
      .filter((use) => use.unit_index === unit_index)
      .map(({ attempt, step_key, instrument_id, inventory_number, name, due }) => ({
        attempt,
        step_key,
        instrument_id,
        inventory_number,
        name,
        due,
      }));
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

    /**
     * One unit from its serial, with the certificate it belongs to, the instrument of each measured value, and
     * the sealed documents that cover it: the whole certificate's and its own customer copies.
     */
    async unit(serial: string): Promise<Omit<UnitView, 'certificate'> & { certificate: Certificate }> {
      const { certificate_id, ...unit } = await unitOf(serial);
      const documents = await archive.history(certificate_id);
      return {
        unit,
        certificate: await view.get(certificate_id),
        instruments: await instrumentsOf({ certificate_id, unit_index: unit.unit_index }),
        documents: documents.filter(
          (document) => document.scope === 'certificate' || document.serial === serial,
        ),
      };
    },

    /**
     * The events of one unit and of its certificate, and the out-of-tolerance calibrations of the instruments that
     * measured it which found its certificate affected (the impact list's entries), newest first. An instrument is
     * named by its inventory number and name, since its id says nothing to a reader.
     */
    async unitEvents(serial: string, query: EventsQuery) {
      const found = await unitOf(serial);
      const used = new Map(
        (await instrumentsOf(found)).map((use) => [
          String(use.instrument_id),
          `${use.inventory_number} ${use.name}`,
        ]),
      );
      // A calibration is recorded with its audit event in one transaction, at the same instant.
      const findings = (await instruments.impactsOn(found.certificate_id))
        .filter((impact) => used.has(String(impact.instrument_id)))
        .map((impact) => ({
          type: 'instrument',
          ids: [impact.instrument_id],
          actions: ['instrument.calibrated' as const],
          at: impact.recorded_at,
        }));
      const page = await audit.ofSubjects(
        [{ type: 'certificate', ids: [found.certificate_id] }, { type: 'unit', ids: [serial] }, ...findings],
        query,
      );
      return {
        ...page,
        data: page.data.map((event) =>
          event.subject_type === 'instrument'
            ? { ...event, subject_name: used.get(event.subject_id) }
            : event,
        ),
      };
    },

    /** A print dialog opened for an issued certificate: recorded in the audit trail. */
    async printed(id: number, kind: PrintKind, accountId: number, serials?: string[]) {
      await view.rowOf(id);
      if (kind === 'labels') await assertLabelled(id, serials);
      await audit.record({ accountId, action: PRINT_ACTIONS[kind], subject: { type: 'certificate', id } });
    },
  };
}
