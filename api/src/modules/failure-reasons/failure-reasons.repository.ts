import type { Db } from '../../db/database';

/** The catalogue of failure reasons (migration 2026-11-29T07-00-retest-findings), with how often each is named. */
export function failureReasonsRepository(db: Db) {
  const withUse = () =>
    db.selectFrom('failure_reasons').select([
      'failure_reasons.id',
      'failure_reasons.code',
      'failure_reasons.name',
      (eb) =>
        eb
          .selectFrom('test_attempts')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('test_attempts.failure_reason', '=', 'failure_reasons.code')
          .as('used'),
    ]);
  const counted = <T extends { used: number | string | null }>(row: T) => ({
    ...row,
    used: Number(row.used),
  });

  return {
    async list() {
      return (await withUse().orderBy('failure_reasons.code').execute()).map(counted);
    },
    async get(id: number) {
      const row = await withUse().where('failure_reasons.id', '=', id).executeTakeFirst();
      return row && counted(row);
    },
    async byCode(code: string) {
      return db.selectFrom('failure_reasons').selectAll().where('code', '=', code).executeTakeFirst();
    },
    /** The unique code refuses a second reason with the same code. */
    async insert(reason: { code: string; name: string }) {
      const { id } = await db
        .insertInto('failure_reasons')
        .values(reason)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    async rename(id: number, name: string) {
      await db.updateTable('failure_reasons').set({ name }).where('id', '=', id).execute();
    },
    async remove(id: number) {
      await db.deleteFrom('failure_reasons').where('id', '=', id).execute();
    },
  };
}

export type FailureReasonsRepository = ReturnType<typeof failureReasonsRepository>;
