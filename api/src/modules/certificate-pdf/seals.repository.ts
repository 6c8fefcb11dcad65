import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../text';
import type { StoredSeal } from './seal-keys';

const DEVELOPMENT = 'development';

/** The development seal, one per database: every API instance on it seals with the same key. */
export function sealsRepository(db: Kysely<Database>) {
  return {
    /** The stored development seal; made by `create` and stored first when there is none (the first start wins). */
    async development(create: () => Promise<StoredSeal>): Promise<StoredSeal> {
      const stored = await db
        .selectFrom('seals')
        .selectAll()
        .where('name', '=', DEVELOPMENT)
        .executeTakeFirst();
      if (stored) return stored;
      await db
        .insertInto('seals')
        .values({ name: DEVELOPMENT, ...(await create()), created_at: nowIso() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      return db.selectFrom('seals').selectAll().where('name', '=', DEVELOPMENT).executeTakeFirstOrThrow();
    },

    /** Replaces the plain key an earlier version stored with its encrypted form (seal-service.ts). */
    async encryptKey(plain: string, encrypted: string): Promise<void> {
      await db
        .updateTable('seals')
        .set({ private_key: encrypted })
        .where('name', '=', DEVELOPMENT)
        .where('private_key', '=', plain)
        .execute();
    },
  };
}

export type SealsRepository = ReturnType<typeof sealsRepository>;
