import type { UnitRelease } from 'contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface UnitRow {
  certificate_id: number;
  unit_index: number;
  serial: string;
  voided_at: string | null;
  void_reason: string | null;
  release: UnitRelease;
}

/** A unit as an export by unit writes it: with who released it, when, and a concession's reason. */
export interface ExportUnitRow extends UnitRow {
  released_by_name: string | null;
  released_at: string | null;
  deviation_reason: string | null;
}

/** The unit rows of certificates: one per serial, stored when issued, never computed again. */
export function unitsRepository(db: Kysely<Database>) {
  /** Units with where they stand and who released them: the account's name, else its e-mail. */
  const withRelease = () =>
    db
      .selectFrom('certificate_units')
      .leftJoin('users', 'users.id', 'certificate_units.released_by')
      .select([
        'certificate_units.serial',
        'certificate_units.unit_index',
        'certificate_units.voided_at',
        'certificate_units.void_reason',
        'certificate_units.release',
        'certificate_units.released_at',
        'certificate_units.deviation_reason',
        (eb) =>
          eb.fn
            .coalesce(eb.fn<string | null>('nullif', ['users.name', eb.val('')]), 'users.email')
            .as('released_by_name'),
      ]);
  return {
    /** The units of a new certificate, each with where its test left it. */
    async insert(certificateId: number, serials: string[], releases: UnitRelease[]) {
      await db
        .insertInto('certificate_units')
        .values(
          serials.map((serial, k) => ({
            certificate_id: certificateId,
            unit_index: k,
            serial,
            release: releases[k],
          })),
        )
        .execute();
    },

    /** The units of a certificate in unit order, with their release and who gave it. */
    of(certificateId: number) {
      return withRelease()
        .where('certificate_units.certificate_id', '=', certificateId)
        .orderBy('certificate_units.unit_index')
        .execute();
    },

    bySerial(serial: string) {
      return db
        .selectFrom('certificate_units')
        .select(['certificate_id', 'serial', 'unit_index', 'voided_at', 'void_reason', 'release'])
        .where('serial', '=', serial)
        .executeTakeFirst();
    },

    /** Sets the release of the units at `unitIndexes`. */
    async release(
      certificateId: number,
      unitIndexes: number[],
      release: {
        release: UnitRelease;
        released_by: number | null;
        released_at: string | null;
        deviation_reason?: string | null;
      },
    ) {
      if (unitIndexes.length === 0) return;
      await db
        .updateTable('certificate_units')
        .set(release)
        .where('certificate_id', '=', certificateId)
        .where('unit_index', 'in', unitIndexes)
        .execute();
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
    ofCertificates(certificateIds: number[]): Promise<ExportUnitRow[]> {
      return withRelease()
        .select('certificate_units.certificate_id')
        .where('certificate_units.certificate_id', 'in', certificateIds)
        .orderBy('certificate_units.certificate_id')
        .orderBy('certificate_units.unit_index')
        .execute();
    },
  };
}

export type UnitsRepository = ReturnType<typeof unitsRepository>;
