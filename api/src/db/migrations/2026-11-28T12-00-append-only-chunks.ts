import crypto from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * The stored bytes of what is kept (docs/decisions/0027-stored-bytes.md): a chunk of a content that a machine's
 * document, a calibration or the sealed archive refers to is never changed or deleted, refused by the database as
 * the archive's list and the audit trail are (2026-11-26T10-00-sealed-certificates), and each chunk carries its
 * own SHA-256 so a read checks it before passing it on. A content nobody refers to (a later export) may go.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** What keeps a content's bytes: a later migration names more referrers (2026-11-28T16-00-exports). */
export const REFERRED = `exists (select 1 from certificate_documents where sha256 = old.sha256)
  or exists (select 1 from machine_documents where sha256 = old.sha256)
  or exists (select 1 from instrument_calibrations where certificate_sha256 = old.sha256)`;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('document_chunks').addColumn('chunk_sha256', 'text').execute();
  if (postgres) {
    await sql`update document_chunks set chunk_sha256 = encode(sha256(bytes), 'hex')`.execute(db);
    await sql`alter table document_chunks alter column chunk_sha256 set not null`.execute(db);
    await sql`create function stored_bytes_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and not (${sql.raw(REFERRED)}) then return old; end if;
        raise exception '% of a stored document is append-only', tg_table_name;
      end $$`.execute(db);
    await sql`create function stored_bytes_no_truncate() returns trigger language plpgsql as $$
      begin raise exception '% is append-only', tg_table_name; end $$`.execute(db);
    for (const table of ['document_chunks', 'document_contents']) {
      await sql`create trigger ${sql.id(`${table}_append_only`)} before update or delete on ${sql.table(table)}
        for each row execute function stored_bytes_append_only()`.execute(db);
      await sql`create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
        for each statement execute function stored_bytes_no_truncate()`.execute(db);
    }
    return;
  }
  // SQLite has no SHA-256 of its own: each chunk is read and hashed here, one at a time.
  const keys = await db.selectFrom('document_chunks').select(['sha256', 'seq']).execute();
  for (const { sha256, seq } of keys) {
    const { bytes } = await db
      .selectFrom('document_chunks')
      .select('bytes')
      .where('sha256', '=', sha256)
      .where('seq', '=', seq)
      .executeTakeFirstOrThrow();
    const digest = crypto.createHash('sha256').update(bytes).digest('hex');
    await db
      .updateTable('document_chunks')
      .set({ chunk_sha256: digest })
      .where('sha256', '=', sha256)
      .where('seq', '=', seq)
      .execute();
  }
  for (const table of ['document_chunks', 'document_contents']) {
    await sql`create trigger ${sql.raw(`${table}_no_update`)} before update on ${sql.raw(table)}
      begin select raise(abort, '${sql.raw(table)} of a stored document is append-only'); end`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_no_delete`)} before delete on ${sql.raw(table)}
      when ${sql.raw(REFERRED)}
      begin select raise(abort, '${sql.raw(table)} of a stored document is append-only'); end`.execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of ['document_chunks', 'document_contents'])
    for (const name of postgres ? ['append_only', 'no_truncate'] : ['no_update', 'no_delete'])
      await sql`drop trigger ${sql.raw(`${table}_${name}`)}${sql.raw(postgres ? ` on ${table}` : '')}`.execute(
        db,
      );
  if (postgres) {
    await sql`drop function stored_bytes_append_only()`.execute(db);
    await sql`drop function stored_bytes_no_truncate()`.execute(db);
  }
  await db.schema.alterTable('document_chunks').dropColumn('chunk_sha256').execute();
}
