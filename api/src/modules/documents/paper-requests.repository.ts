import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Customers' requests for a paper copy (docs/decisions/0012-documents.md). */
export function paperRequestsRepository(db: Kysely<Database>) {
  return {
    async add(row: Omit<Database['paper_requests'], 'id' | 'sent_on' | 'sent_by' | 'erased_at'>) {
      const { id } = await db
        .insertInto('paper_requests')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** Open requests first (by deadline), then done ones, newest first; at most `limit`. */
    list: (limit: number) =>
      db
        .selectFrom('paper_requests as r')
        .innerJoin('machines as m', 'm.id', 'r.machine_id')
        .selectAll('r')
        .select('m.name as machine_name')
        .orderBy((eb) => eb.case().when('r.sent_on', 'is', null).then(0).else(1).end())
        .orderBy('r.due')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .execute(),

    find: (id: number) => db.selectFrom('paper_requests').selectAll().where('id', '=', id).executeTakeFirst(),

    async markSent(id: number, sentOn: string, accountId: number): Promise<boolean> {
      const result = await db
        .updateTable('paper_requests')
        .set({ sent_on: sentOn, sent_by: accountId })
        .where('id', '=', id)
        .where('sent_on', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Empties name, address and e-mail of requests sent on or before `day`; the request itself stays. */
    async erase(sentOnOrBefore: string, at: string): Promise<number> {
      const result = await db
        .updateTable('paper_requests')
        .set({ name: '', address: '', email: '', erased_at: at })
        .where('sent_on', '<=', sentOnOrBefore)
        .where('erased_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type PaperRequestsRepository = ReturnType<typeof paperRequestsRepository>;
