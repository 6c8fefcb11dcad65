import type { CheckField } from 'contracts';
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { CertificatesTable, Database, IdempotencyKeysTable } from '../../db/schema';

export type CertificateRow = Selectable<CertificatesTable>;
export type NewCertificateRow = Insertable<CertificatesTable>;
export type CertificateChange = Updateable<CertificatesTable>;

/**
 * The rows of certificates, their serial counters and idempotency keys, on the database or inside a transaction
 * (certificate-transaction.ts). Revisions are revisions.repository.ts's, units units.repository.ts's, the
 * list's SQL certificate-list.repository.ts's.
 */
export function certificatesRepository(db: Kysely<Database>) {
  return {
    /** Takes the next `quantity` numbers of the counter of `serialBase`; returns the last one taken. */
    async takeUnitNumbers(serialBase: string, quantity: number): Promise<number> {
      const { last } = await db
        .insertInto('serial_counters')
        .values({ serial_base: serialBase, last: quantity })
        .onConflict((oc) =>
          oc.column('serial_base').doUpdateSet({ last: sql<number>`serial_counters.last + ${quantity}` }),
        )
        .returning('last')
        .executeTakeFirstOrThrow();
      return Number(last);
    },

    insert(row: NewCertificateRow): Promise<CertificateRow> {
      return db.insertInto('certificates').values(row).returningAll().executeTakeFirstOrThrow();
    },

    /** The maintained count of certificates (migration 2026-11-21T01-00-totals), one more. */
    async countOneMore() {
      await db
        .updateTable('totals')
        .set((eb) => ({ value: eb('value', '+', 1) }))
        .where('name', '=', 'certificates')
        .execute();
    },

    /** The certificate issued earlier with `key` by this account, and the hash of the request that issued it. */
    findIssuedWithKey(accountId: number, key: string) {
      return db
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'certificate_id'])
        .where('account_id', '=', accountId)
        .where('key', '=', key)
        .executeTakeFirst();
    },

    async rememberKey(row: Insertable<IdempotencyKeysTable>) {
      await db.insertInto('idempotency_keys').values(row).execute();
    },

    get(id: number): Promise<CertificateRow | undefined> {
      return db.selectFrom('certificates').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * What the test record says after it changed (its verdict, the earlier app's check columns), inside a
     * transaction that changed the certificate's version.
     */
    async setRecorded(
      id: number,
      recorded: Pick<CertificateChange, 'verdict' | 'failed_units' | CheckField | 'resistance_to_voltage'>,
    ) {
      if (Object.keys(recorded).length === 0) return;
      await db.updateTable('certificates').set(recorded).where('id', '=', id).execute();
    },

    /**
     * Writes `change` only if the certificate is still at `version`, and counts the version up: the check
     * and the write are one statement, so two changes made on the same version cannot both land.
     */
    async changeAt(id: number, version: number, change: CertificateChange): Promise<boolean> {
      const { numUpdatedRows } = await db
        .updateTable('certificates')
        .set({ ...change, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return numUpdatedRows === 1n;
    },
  };
}

export type CertificatesRepository = ReturnType<typeof certificatesRepository>;
