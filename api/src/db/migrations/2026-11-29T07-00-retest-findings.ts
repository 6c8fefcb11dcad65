import { PostgresAdapter, type Kysely } from 'kysely';

/*
 * A retest's finding (issue 43): the catalogue of failure reasons the quality department keeps (a stable code and
 * a name), the reason and the free text each retest records, the steps it carried over from the attempt before,
 * and each plan version's rule whether a retest repeats every step.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** A first catalogue, so that a retest can be recorded from the start; the quality department rewords or adds. */
const FIRST_REASONS = [
  ['ISO', 'Isolationsfehler'],
  ['SL', 'Schutzleiter unterbrochen oder zu hochohmig'],
  ['HS', 'Durchschlag bei der Spannungsprüfung'],
  ['SCHALT', 'Schalter defekt'],
  ['MOTOR', 'Motor defekt'],
  ['MECH', 'Mechanischer Fehler (Führung, Rundlauf, Rechtwinkligkeit)'],
  ['MONT', 'Montagefehler'],
  ['BAUT', 'Bauteil defekt'],
  ['MESS', 'Mess- oder Bedienfehler bei der Prüfung'],
  ['SONST', 'Sonstiges'],
] as const;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('failure_reasons')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .execute();
  await db
    .insertInto('failure_reasons')
    .values(FIRST_REASONS.map(([code, name]) => ({ code, name })))
    .execute();
  // The code, not the id: it stays readable in exports and the audit trail, and it never changes.
  await db.schema.alterTable('test_attempts').addColumn('failure_reason', 'text').execute();
  await db.schema.alterTable('test_attempts').addColumn('finding', 'text').execute();
  /** JSON: the step keys carried over. */
  await db.schema.alterTable('test_attempts').addColumn('carried_over', 'text').execute();
  await db.schema
    .alterTable('test_plans')
    .addColumn('retest_all', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('test_plans').dropColumn('retest_all').execute();
  for (const column of ['carried_over', 'finding', 'failure_reason'])
    await db.schema.alterTable('test_attempts').dropColumn(column).execute();
  await db.schema.dropTable('failure_reasons').execute();
}
