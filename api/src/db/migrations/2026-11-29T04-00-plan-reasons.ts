import type { Kysely } from 'kysely';

/*
 * Why each version of a test plan was made (api/src/modules/test-plans/test-plans.service.ts): required for every
 * version after the first. Versions stored before have none (null).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('test_plans').addColumn('reason', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('test_plans').dropColumn('reason').execute();
}
