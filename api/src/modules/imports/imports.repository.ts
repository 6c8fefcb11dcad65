import type { Insertable, Kysely } from 'kysely';
import type { Database, ImportMappingsTable, TesterFilesTable } from '../../db/schema';

export type TesterFileRow = Awaited<ReturnType<ReturnType<typeof importsRepository>['file']>>;

/** Tester files, the mappings of their columns, vendors' measurement ids (docs/tester-files.md). */
export function importsRepository(db: Kysely<Database>) {
  return {
    insertFile(row: Insertable<TesterFilesTable>) {
      return db.insertInto('tester_files').values(row).returning('id').executeTakeFirstOrThrow();
    },

    file(id: number) {
      return db.selectFrom('tester_files').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The files `ids` by id: the unit trail names each attempt's source. */
    async files(ids: number[]) {
      if (ids.length === 0) return [];
      return db.selectFrom('tester_files').selectAll().where('id', 'in', ids).execute();
    },

    mapping(machineId: number, testerModel: string) {
      return db
        .selectFrom('import_mappings')
        .selectAll()
        .where('machine_id', '=', machineId)
        .where('tester_model', '=', testerModel)
        .executeTakeFirst();
    },

    /** The mappings saved for a machine, by tester model, with who saved each last. */
    mappingsOf(machineId: number) {
      return db
        .selectFrom('import_mappings')
        .innerJoin('users', 'users.id', 'import_mappings.updated_by')
        .selectAll('import_mappings')
        .select((eb) =>
          eb.fn
            .coalesce(eb.fn<string | null>('nullif', ['users.name', eb.val('')]), 'users.email')
            .as('updated_by_name'),
        )
        .where('machine_id', '=', machineId)
        .orderBy('tester_model')
        .execute();
    },

    mappingById(id: number) {
      return db.selectFrom('import_mappings').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async removeMapping(id: number) {
      await db.deleteFrom('import_mappings').where('id', '=', id).execute();
    },

    /** Saves the mapping for its machine and tester model, replacing the one saved before. */
    async saveMapping(row: Insertable<ImportMappingsTable>) {
      await db
        .insertInto('import_mappings')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['machine_id', 'tester_model']).doUpdateSet({
            serial_column: row.serial_column,
            steps: row.steps,
            updated_by: row.updated_by,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },

    /** A vendor's measurement ids and the step each fills by default. */
    measurementIds(vendor: string) {
      return db.selectFrom('tester_measurement_ids').selectAll().where('vendor', '=', vendor).execute();
    },

    /** Replaces a vendor's measurement ids. */
    async replaceMeasurementIds(vendor: string, rows: { column_key: string; step_key: string }[]) {
      await db.deleteFrom('tester_measurement_ids').where('vendor', '=', vendor).execute();
      if (rows.length)
        await db
          .insertInto('tester_measurement_ids')
          .values(rows.map((row) => ({ vendor, ...row })))
          .execute();
    },

    /** The certificates the units `serials` belong to. */
    async unitsOf(serials: string[]) {
      if (serials.length === 0) return [];
      return db
        .selectFrom('certificate_units')
        .select(['serial', 'certificate_id'])
        .where('serial', 'in', serials)
        .execute();
    },

    /** The instruments of the register with the serial number `serial` (compared without case). */
    instrumentsWithSerial(serial: string) {
      return db
        .selectFrom('instruments')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['serial_number']), '=', serial.toLowerCase()))
        .execute();
    },
  };
}

export type ImportsRepository = ReturnType<typeof importsRepository>;
