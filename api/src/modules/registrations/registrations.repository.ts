import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { RegistrationsTable } from '../../db/schema';

export type NewRegistration = Omit<
  RegistrationsTable,
  'id' | 'status' | 'token_hash' | 'token_expires_at' | 'confirmed_at' | 'unsubscribed_at'
>;

/** The registrations table's queries (migration 2026-11-29T11-00-registrations). */
export function registrationsRepository(db: Db) {
  return {
    /**
     * Whether a unit with this serial is released and not withdrawn (a failed, voided, awaiting or unknown serial
     * is not), and its machine, for the link of the confirmation mail.
     */
    async releasedUnit(serial: string) {
      return db
        .selectFrom('certificate_units as units')
        .innerJoin('certificates', 'certificates.id', 'units.certificate_id')
        .select(['units.serial', 'certificates.machine_id'])
        .where('units.serial', '=', serial)
        .where('units.voided_at', 'is', null)
        .where('units.release', 'in', ['released', 'deviation'])
        .executeTakeFirst();
    },

    /**
     * Stores the registration: the unit's one ('active') unless it has one already, then a 'conflict' for staff.
     * An unconfirmed registration whose mailed link ran out gives way first: an address that never confirmed
     * must not keep the owner from registering. Parallel first registrations meet at the unique index, so only
     * one of them is active. Run it inside the transaction that also queues the mail and records the event.
     */
    async add(row: NewRegistration, now: Date) {
      await db
        .deleteFrom('registrations')
        .where('serial', '=', row.serial)
        .where('status', '=', 'active')
        .where('confirmed_at', 'is', null)
        .where('token_expires_at', '<', now.toISOString())
        .execute();
      const active = await db
        .insertInto('registrations')
        .values({ ...row, status: 'active' })
        // The partial index's own condition, written out (as api/src/platform/jobs.repository.ts does).
        .onConflict((conflict) =>
          conflict
            .column('serial')
            .where(sql<boolean>`status = 'active'`)
            .doNothing(),
        )
        .returning(['id', 'status'])
        .executeTakeFirst();
      return (
        active ??
        (await db
          .insertInto('registrations')
          .values({ ...row, status: 'conflict' })
          .returning(['id', 'status'])
          .executeTakeFirstOrThrow())
      );
    },

    find: (id: number) => db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirst(),

    /** A new confirmation link for an unconfirmed registration: only its hash is kept. False when there is none. */
    async setToken(id: number, tokenHash: string, expiresAt: Date) {
      const { numUpdatedRows } = await db
        .updateTable('registrations')
        .set({ token_hash: tokenHash, token_expires_at: expiresAt.toISOString() })
        .where('id', '=', id)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      return numUpdatedRows > 0n;
    },

    byToken: (tokenHash: string) =>
      db
        .selectFrom('registrations')
        .select(['id', 'serial', 'token_expires_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst(),

    /** Confirmed once: the link is spent with it (the hash removed), so it cannot be followed again. */
    async confirm(id: number, tokenHash: string, now: Date) {
      const { numUpdatedRows } = await db
        .updateTable('registrations')
        .set({ confirmed_at: now.toISOString(), token_hash: null, token_expires_at: null })
        .where('id', '=', id)
        .where('token_hash', '=', tokenHash)
        .where('token_expires_at', '>=', now.toISOString())
        .executeTakeFirst();
      return numUpdatedRows > 0n;
    },

    /** A mailed unsubscribe link of the registration: only its token's hash is kept. */
    async addUnsubscribeToken(id: number, tokenHash: string, now: Date) {
      await db
        .insertInto('unsubscribe_tokens')
        .values({ token_hash: tokenHash, registration_id: id, created_at: now.toISOString() })
        .execute();
    },

    /**
     * The owner of the link's registration unsubscribes (once: a repeated click keeps the first time). False
     * when no registration has the link (a wrong token, or the registration was deleted with its links).
     */
    async unsubscribe(tokenHash: string, now: Date) {
      const { numUpdatedRows } = await db
        .updateTable('registrations')
        .set((eb) => ({ unsubscribed_at: eb.fn.coalesce('unsubscribed_at', eb.val(now.toISOString())) }))
        .where(
          'id',
          'in',
          db.selectFrom('unsubscribe_tokens').select('registration_id').where('token_hash', '=', tokenHash),
        )
        .executeTakeFirst();
      return numUpdatedRows > 0n;
    },

    /** Where an unsubscribe link's registration lives: the unit's page (its origin, machine and serial). */
    unsubscribePage: (tokenHash: string) =>
      db
        .selectFrom('unsubscribe_tokens as tokens')
        .innerJoin('registrations', 'registrations.id', 'tokens.registration_id')
        .innerJoin('certificate_units as units', 'units.serial', 'registrations.serial')
        .innerJoin('certificates', 'certificates.id', 'units.certificate_id')
        .select(['registrations.serial', 'registrations.confirm_origin', 'certificates.machine_id'])
        .where('tokens.token_hash', '=', tokenHash)
        .executeTakeFirst(),

    list: (serial: string | undefined, limit: number) =>
      db
        .selectFrom('registrations')
        .selectAll()
        .$if(serial !== undefined, (query) => query.where('serial', '=', serial!))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** Deletes the registration; answers what the audit trail keeps of it (its serial), or undefined. */
    async remove(id: number) {
      return db.deleteFrom('registrations').where('id', '=', id).returning(['serial']).executeTakeFirst();
    },

    /** Registrations past their retention (api/src/modules/registrations/registrations.service.ts), deleted. */
    async removePast(limits: { unconfirmedLinkBefore: string; conflictBefore: string; anyBefore: string }) {
      return db
        .deleteFrom('registrations')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('confirmed_at', 'is', null),
              eb('token_expires_at', '<', limits.unconfirmedLinkBefore),
            ]),
            eb.and([eb('status', '=', 'conflict'), eb('created_at', '<', limits.conflictBefore)]),
            eb('created_at', '<', limits.anyBefore),
          ]),
        )
        .returning(['id', 'serial'])
        .execute();
    },
  };
}

export type RegistrationsRepository = ReturnType<typeof registrationsRepository>;
