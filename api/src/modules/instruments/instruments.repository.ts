import type { ImpactClosing, InstrumentBody } from 'contracts';
import { PostgresAdapter, sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { AttemptInstrumentsTable, Database, InstrumentCalibrationsTable } from '../../db/schema';

export type InstrumentRow = Selectable<Database['instruments']>;

/** The instrument register, calibrations, which instrument measured what, and the impact entries. */
export function instrumentsRepository(db: Kysely<Database>) {
  const isPostgres = () => db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    list(): Promise<InstrumentRow[]> {
      return db.selectFrom('instruments').selectAll().orderBy('due').orderBy('inventory_key').execute();
    },

    get(id: number): Promise<InstrumentRow | undefined> {
      return db.selectFrom('instruments').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * The instruments `ids`, read inside the issuing transaction: on PostgreSQL each row is share-locked, so an
     * instrument cannot be blocked or recalibrated between this check and the issue's commit (SQLite's writers
     * queue on the database already).
     */
    async forIssue(ids: number[]): Promise<InstrumentRow[]> {
      if (ids.length === 0) return [];
      const query = db.selectFrom('instruments').selectAll().where('id', 'in', ids);
      return isPostgres() ? query.forShare().execute() : query.execute();
    },

    create(row: InstrumentBody & { inventory_key: string; created_at: string; updated_at: string }) {
      return db.insertInto('instruments').values(row).returningAll().executeTakeFirstOrThrow();
    },

    update(id: number, row: InstrumentBody & { inventory_key: string; updated_at: string }) {
      return db.updateTable('instruments').set(row).where('id', '=', id).returningAll().executeTakeFirst();
    },

    setCalibration(
      id: number,
      change: Pick<InstrumentRow, 'last_calibrated' | 'due' | 'status' | 'updated_at'>,
    ) {
      return db.updateTable('instruments').set(change).where('id', '=', id).returningAll().executeTakeFirst();
    },

    addCalibration(row: Insertable<InstrumentCalibrationsTable>) {
      return db.insertInto('instrument_calibrations').values(row).returningAll().executeTakeFirstOrThrow();
    },

    /** An instrument's calibrations, newest first, each with its certificate PDF's size once uploaded. */
    calibrations(instrumentId: number) {
      return db
        .selectFrom('instrument_calibrations')
        .innerJoin('users', 'users.id', 'instrument_calibrations.recorded_by')
        .leftJoin(
          'document_contents',
          'document_contents.sha256',
          'instrument_calibrations.certificate_sha256',
        )
        .select([
          'instrument_calibrations.id',
          'instrument_calibrations.instrument_id',
          'instrument_calibrations.calibrated_on',
          'instrument_calibrations.result',
          'instrument_calibrations.suspect_since',
          'instrument_calibrations.note',
          'instrument_calibrations.recorded_at',
          'instrument_calibrations.certificate_sha256',
          'document_contents.size as certificate_bytes',
          (eb) =>
            eb.fn
              .coalesce(eb.fn<string | null>('nullif', ['users.name', eb.val('')]), 'users.email')
              .as('recorded_by_name'),
        ])
        .where('instrument_calibrations.instrument_id', '=', instrumentId)
        .orderBy('instrument_calibrations.calibrated_on', 'desc')
        .orderBy('instrument_calibrations.id', 'desc')
        .execute();
    },

    /**
     * Sets a calibration's certificate PDF (stored in document_contents); answers the one it replaces. Run it in a
     * transaction: on PostgreSQL the row is locked first, so two uploads at once each name the one before.
     */
    async setCertificate(calibrationId: number, sha256: string): Promise<string | null> {
      const query = db
        .selectFrom('instrument_calibrations')
        .select('certificate_sha256')
        .where('id', '=', calibrationId);
      const before = await (isPostgres() ? query.forUpdate() : query).executeTakeFirstOrThrow();
      await db
        .updateTable('instrument_calibrations')
        .set({ certificate_sha256: sha256 })
        .where('id', '=', calibrationId)
        .execute();
      return before.certificate_sha256;
    },

    async recordUse(rows: Insertable<AttemptInstrumentsTable>[]) {
      if (rows.length) await db.insertInto('attempt_instruments').values(rows).execute();
    },

    /** Which instrument took which step's values, per attempt of a certificate's units. */
    usedIn(certificateId: number) {
      return db
        .selectFrom('attempt_instruments')
        .innerJoin('instruments', 'instruments.id', 'attempt_instruments.instrument_id')
        .select([
          'attempt_instruments.unit_index',
          'attempt_instruments.attempt',
          'attempt_instruments.step_key',
          'attempt_instruments.instrument_id',
          'attempt_instruments.inventory_number',
          'attempt_instruments.due',
          'attempt_instruments.tested_at',
          'instruments.name',
        ])
        .where('attempt_instruments.certificate_id', '=', certificateId)
        .orderBy('attempt_instruments.unit_index')
        .orderBy('attempt_instruments.attempt')
        .execute();
    },

    /** The out-of-tolerance calibrations that found a certificate affected: the instrument and when recorded. */
    impactsOn(certificateId: number) {
      return db
        .selectFrom('impact_entries')
        .innerJoin('instrument_calibrations', 'instrument_calibrations.id', 'impact_entries.calibration_id')
        .select(['impact_entries.instrument_id', 'instrument_calibrations.recorded_at'])
        .where('impact_entries.certificate_id', '=', certificateId)
        .execute();
    },

    /** The certificates an instrument measured for since `since` (an ISO time), each once. */
    async measuredSince(instrumentId: number, since: string): Promise<number[]> {
      const rows = await db
        .selectFrom('attempt_instruments')
        .select('certificate_id')
        .distinct()
        .where('instrument_id', '=', instrumentId)
        .where('tested_at', '>=', since)
        .orderBy('certificate_id')
        .execute();
      return rows.map((row) => row.certificate_id);
    },

    async addImpacts(rows: { calibration_id: number; instrument_id: number; certificate_id: number }[]) {
      if (rows.length) await db.insertInto('impact_entries').values(rows).execute();
    },

    /** Impact entries with their instrument, calibration and certificate, open ones first. */
    impacts({ open, instrument_id }: { open?: boolean; instrument_id?: number }) {
      return db
        .selectFrom('impact_entries')
        .innerJoin('instruments', 'instruments.id', 'impact_entries.instrument_id')
        .innerJoin('instrument_calibrations', 'instrument_calibrations.id', 'impact_entries.calibration_id')
        .innerJoin('certificates', 'certificates.id', 'impact_entries.certificate_id')
        .leftJoin('users', 'users.id', 'impact_entries.closed_by')
        .select([
          'impact_entries.id',
          'impact_entries.instrument_id',
          'instruments.inventory_number',
          'instrument_calibrations.suspect_since',
          'instrument_calibrations.recorded_at',
          'impact_entries.certificate_id',
          'certificates.created_at as tested_at',
          'certificates.status',
          'certificates.revised_at',
          'certificates.voided_at',
          'impact_entries.closed_as',
          'impact_entries.note',
          'impact_entries.closed_at',
          (eb) =>
            eb.fn
              .coalesce(eb.fn<string | null>('nullif', ['users.name', eb.val('')]), 'users.email')
              .as('closed_by_name'),
        ])
        .$if(open !== undefined, (q) => q.where('impact_entries.closed_at', open ? 'is' : 'is not', null))
        .$if(instrument_id !== undefined, (q) => q.where('impact_entries.instrument_id', '=', instrument_id!))
        .orderBy(sql`impact_entries.closed_at is not null`)
        .orderBy('impact_entries.id')
        .execute();
    },

    /**
     * What an instrument measured for certificates (its impact entries name them): per unit, attempt and step, the
     * attempt's values and the plan the certificate was tested against.
     */
    valuesMeasured(instrumentId: number, certificateIds: number[]) {
      if (certificateIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('attempt_instruments')
        .innerJoin('certificate_units', (join) =>
          join
            .onRef('certificate_units.certificate_id', '=', 'attempt_instruments.certificate_id')
            .onRef('certificate_units.unit_index', '=', 'attempt_instruments.unit_index'),
        )
        .innerJoin('test_attempts', (join) =>
          join
            .onRef('test_attempts.certificate_id', '=', 'attempt_instruments.certificate_id')
            .onRef('test_attempts.unit_index', '=', 'attempt_instruments.unit_index')
            .onRef('test_attempts.attempt', '=', 'attempt_instruments.attempt'),
        )
        .innerJoin('certificates', 'certificates.id', 'attempt_instruments.certificate_id')
        .select([
          'attempt_instruments.certificate_id',
          'certificate_units.serial',
          'attempt_instruments.attempt',
          'attempt_instruments.step_key',
          'test_attempts.values',
          'certificates.plan_steps',
        ])
        .where('attempt_instruments.instrument_id', '=', instrumentId)
        .where('attempt_instruments.certificate_id', 'in', certificateIds)
        .orderBy('certificate_units.serial')
        .orderBy('attempt_instruments.attempt')
        .orderBy('attempt_instruments.step_key')
        .execute();
    },

    /** Closes an open entry; false when it was closed already. */
    async close(
      id: number,
      change: { closed_as: ImpactClosing; note: string; closed_by: number; closed_at: string },
    ) {
      const { numUpdatedRows } = await db
        .updateTable('impact_entries')
        .set(change)
        .where('id', '=', id)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      return numUpdatedRows === 1n;
    },
  };
}

export type InstrumentsRepository = ReturnType<typeof instrumentsRepository>;
