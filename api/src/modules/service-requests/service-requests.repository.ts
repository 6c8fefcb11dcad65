import type { Db } from '../../db/database';
import type { ServiceRequestsTable } from '../../db/schema';

export type NewServiceRequest = Omit<ServiceRequestsTable, 'id' | 'status' | 'updated_at'>;

/** The service requests' tables (migration 2026-11-29T13-00-service-requests). */
export function serviceRequestsRepository(db: Db) {
  /** The requests with how many photos each carries. */
  const withPhotos = () =>
    db
      .selectFrom('service_requests as requests')
      .selectAll('requests')
      .select((eb) =>
        eb
          .selectFrom('service_request_photos as photos')
          .whereRef('photos.request_id', '=', 'requests.id')
          .select((count) => count.fn.countAll<number>().as('n'))
          .as('photos'),
      );
  return {
    /**
     * Whether service can be asked for `serial`: a unit that was released, withdrawn since or not (its owner may
     * still need help), and its machine. A failed, awaiting or unknown serial is not in a customer's hands.
     */
    async issuedUnit(serial: string) {
      return db
        .selectFrom('certificate_units as units')
        .innerJoin('certificates', 'certificates.id', 'units.certificate_id')
        .select(['units.serial', 'certificates.machine_id'])
        .where('units.serial', '=', serial)
        .where('units.release', 'in', ['released', 'deviation'])
        .executeTakeFirst();
    },

    /** Stores the request and its photos (1 …); run it inside the transaction that queues its mail. */
    async add(row: NewServiceRequest, photos: { mime: string; bytes: Buffer }[]) {
      const { id } = await db
        .insertInto('service_requests')
        .values({ ...row, status: 'new', updated_at: row.created_at })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [index, photo] of photos.entries())
        await db
          .insertInto('service_request_photos')
          .values({
            request_id: id,
            position: index + 1,
            mime: photo.mime,
            size: photo.bytes.length,
            bytes: photo.bytes,
          })
          .execute();
      return id;
    },

    find: (id: number) => withPhotos().where('requests.id', '=', id).executeTakeFirst(),

    /** Newest first, of one status or all. */
    list: (status: ServiceRequestsTable['status'] | undefined, limit: number) =>
      withPhotos()
        .$if(status !== undefined, (query) => query.where('requests.status', '=', status!))
        .orderBy('requests.id', 'desc')
        .limit(limit)
        .execute(),

    async newCount() {
      const { n } = await db
        .selectFrom('service_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'new')
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    photo: (id: number, position: number) =>
      db
        .selectFrom('service_request_photos')
        .select(['mime', 'bytes'])
        .where('request_id', '=', id)
        .where('position', '=', position)
        .executeTakeFirst(),

    notes: (id: number) =>
      db
        .selectFrom('service_request_notes as notes')
        .innerJoin('users', 'users.id', 'notes.account_id')
        .select((eb) => [
          'notes.id',
          'notes.text',
          'notes.at',
          eb.fn
            .coalesce(eb.fn<string | null>('nullif', ['users.name', eb.val('')]), 'users.email')
            .as('author'),
        ])
        .where('notes.request_id', '=', id)
        .orderBy('notes.id')
        .execute(),

    async addNote(id: number, accountId: number, text: string, at: string) {
      await db
        .insertInto('service_request_notes')
        .values({ request_id: id, account_id: accountId, text, at })
        .execute();
      await db.updateTable('service_requests').set({ updated_at: at }).where('id', '=', id).execute();
    },

    /** The status set; answers the one before, or undefined when there is no such request. */
    async setStatus(id: number, status: ServiceRequestsTable['status'], at: string) {
      const before = await db
        .selectFrom('service_requests')
        .select(['status', 'serial'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (before)
        await db
          .updateTable('service_requests')
          .set({ status, updated_at: at })
          .where('id', '=', id)
          .execute();
      return before;
    },

    /** Deletes the request with its photos and notes (cascade); answers its serial, or undefined. */
    remove: (id: number) =>
      db.deleteFrom('service_requests').where('id', '=', id).returning(['serial']).executeTakeFirst(),

    /** Requests created before `before`, deleted with their photos and notes. */
    removeBefore: (before: string) =>
      db
        .deleteFrom('service_requests')
        .where('created_at', '<', before)
        .returning(['id', 'serial'])
        .execute(),
  };
}

export type ServiceRequestsRepository = ReturnType<typeof serviceRequestsRepository>;
