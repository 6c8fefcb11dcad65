import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface UnitRow {
  certificate_id: number;
  unit_index: number;
  serial: string;
  voided_at: string | null;
}

/** The unit rows of certificates: one per serial, stored when issued, never computed again. */
export function unitsRepository(db: Kysely<Database>) {
  return {
    async insert(certificateId: number, serials: string[]) {
      await db
        .insertInto('certificate_units')
        .values(serials.map((serial, k) => ({ certificate_id: certificateId, unit_index: k, serial })))
        .execute();
    },

    /** The units of a certificate in unit order. */
    of(certificateId: number) {
      return db
        .selectFrom('certificate_units')
        .select(['serial', 'unit_index', 'voided_at', 'void_reason'])
        .where('certificate_id', '=', certificateId)
        .orderBy('unit_index')
        .execute();
    },

    bySerial(serial: string) {
      return db
        .selectFrom('certificate_units')
        .select(['certificate_id', 'serial', 'unit_index', 'voided_at', 'void_reason'])
        .where('serial', '=', serial)
        .executeTakeFirst();
    },

    /** Voids the units of `serials` (all units when undefined) that are not voided yet; returns their serials. */
    async void(
      certificateId: number,
      serials: string[] | undefined,
      voiding: { voided_at: string; voided_by: number; void_reason: string },
    ) {
      const rows = await db
        .updateTable('certificate_units')
        .set(voiding)
        .where('certificate_id', '=', certificateId)
        .where('voided_at', 'is', null)
        .$if(serials !== undefined, (query) => query.where('serial', 'in', serials!))
        .returning('serial')
        .execute();
      return rows.map(({ serial }) => serial);
    },

    /** The units of the given certificates, in certificate and unit order. */
    ofCertificates(certificateIds: number[]): Promise<UnitRow[]> {
      return db
        .selectFrom('certificate_units')
        .select(['certificate_id', 'unit_index', 'serial', 'voided_at'])
        .where('certificate_id', 'in', certificateIds)
        .orderBy('certificate_id')
        .orderBy('unit_index')
        .execute();
    },
  };
}

export type UnitsRepository = ReturnType<typeof unitsRepository>;
