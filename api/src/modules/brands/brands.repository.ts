import type { Db } from '../../db/database';
import { nameKey, nowIso } from '../../text';

export interface BrandInput {
  name: string;
  logo: string;
  email: string;
  website_link: string;
}

const columns = ['id', 'name', 'logo', 'email', 'website_link'] as const;

export function brandsRepository(db: Db) {
  return {
    list() {
      return db.selectFrom('brands').select(columns).orderBy('name_key').orderBy('id').execute();
    },

    get(id: number) {
      return db.selectFrom('brands').select(columns).where('id', '=', id).executeTakeFirst();
    },

    async nameTaken(name: string, exceptId?: number) {
      let query = db.selectFrom('brands').select('id').where('name_key', '=', nameKey(name));
      if (exceptId) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async create(input: BrandInput) {
      const now = nowIso();
      return db
        .insertInto('brands')
        .values({ ...input, name_key: nameKey(input.name), created_at: now, updated_at: now })
        .returning(columns)
        .executeTakeFirstOrThrow();
    },

    /** A brand's name is part of every machine's search, so renaming needs nothing else: it is joined. */
    async update(id: number, input: BrandInput) {
      return db
        .updateTable('brands')
        .set({ ...input, name_key: nameKey(input.name), updated_at: nowIso() })
        .where('id', '=', id)
        .returning(columns)
        .executeTakeFirst();
    },
  };
}
export type BrandsRepository = ReturnType<typeof brandsRepository>;
