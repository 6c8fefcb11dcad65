import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface DocumentRow {
  id: number;
  machine_id: number;
  kind: string;
  language: string;
  valid_from: string;
  sha256: string;
  file_name: string;
  created_at: string;
  size: number;
}

/** Versions of machines' documents (docs/decisions/0012-documents.md): added, listed, never changed or deleted. */
export function documentsRepository(db: Kysely<Database>) {
  const versions = () =>
    db
      .selectFrom('machine_documents as d')
      .innerJoin('document_contents as c', 'c.sha256', 'd.sha256')
      .select([
        'd.id',
        'd.machine_id',
        'd.kind',
        'd.language',
        'd.valid_from',
        'd.sha256',
        'd.file_name',
        'd.created_at',
        'c.size',
      ]);
  return {
    /** Every version of a machine's documents, by kind, language and day. */
    ofMachine: (machineId: number): Promise<DocumentRow[]> =>
      versions()
        .where('d.machine_id', '=', machineId)
        .orderBy('d.kind')
        .orderBy('d.language')
        .orderBy('d.valid_from')
        .execute(),

    find: (id: number): Promise<DocumentRow | undefined> =>
      versions().where('d.id', '=', id).executeTakeFirst(),

    /** The latest day from which a version of this kind and language applies, if any. */
    async latestDay(machineId: number, kind: string, language: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('machine_documents')
        .select('valid_from')
        .where('machine_id', '=', machineId)
        .where('kind', '=', kind)
        .where('language', '=', language)
        .orderBy('valid_from', 'desc')
        .executeTakeFirst();
      return row?.valid_from;
    },

    async add(row: Omit<Database['machine_documents'], 'id'>): Promise<number> {
      const { id } = await db
        .insertInto('machine_documents')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
  };
}

export type DocumentsRepository = ReturnType<typeof documentsRepository>;
