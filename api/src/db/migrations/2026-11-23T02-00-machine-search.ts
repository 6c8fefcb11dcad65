import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Machine search finds a piece of text anywhere in the article number, EAN or prefix (`machines.search_key`,
 * lower-cased by the API). A plain index cannot answer `like '%…%'`, so every search read all machines.
 * Trigram indexes can: SQLite's FTS5 trigram tokenizer (kept in step with the table by triggers, the
 * pattern of SQLite's "external content" tables) and PostgreSQL's pg_trgm.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // Trusted since PostgreSQL 13: a database owner may create it. Installed once per database, in public
    // unless it is there already; the operator class is named with its schema, whatever the search path.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    const { rows } = await sql<{ schema: string }>`
      select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(
      db,
    );
    await sql`create index machines_search_trgm on machines
      using gin (search_key ${sql.raw(`${rows[0].schema}.gin_trgm_ops`)})`.execute(db);
    return;
  }
  await sql`create virtual table machines_search using fts5(
    search_key, content = 'machines', content_rowid = 'id', tokenize = 'trigram')`.execute(db);
  await sql`insert into machines_search (machines_search) values ('rebuild')`.execute(db);
  await sql`create trigger machines_search_insert after insert on machines begin
    insert into machines_search (rowid, search_key) values (new.id, new.search_key);
  end`.execute(db);
  await sql`create trigger machines_search_update after update of search_key on machines begin
    insert into machines_search (machines_search, rowid, search_key) values ('delete', old.id, old.search_key);
    insert into machines_search (rowid, search_key) values (new.id, new.search_key);
  end`.execute(db);
  await sql`create trigger machines_search_delete after delete on machines begin
    insert into machines_search (machines_search, rowid, search_key) values ('delete', old.id, old.search_key);
  end`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.dropIndex('machines_search_trgm').execute();
    return;
  }
  for (const trigger of ['insert', 'update', 'delete'])
    await sql`drop trigger ${sql.id(`machines_search_${trigger}`)}`.execute(db);
  await db.schema.dropTable('machines_search').execute();
}
