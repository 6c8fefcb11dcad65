import { berlinDayStart } from 'contracts';
import { PostgresAdapter, sql, type ExpressionBuilder, type Insertable, type Kysely } from 'kysely';
import type { Database, SafetyNoticesTable } from '../../db/schema';

export type NoticeRow = Awaited<ReturnType<ReturnType<typeof noticesRepository>['list']>>[number];

/** What decides which units a notice covers. */
export type Coverage = Pick<
  SafetyNoticesTable,
  'machine_id' | 'serial_from' | 'serial_to' | 'issued_from' | 'issued_to'
>;

/** The calendar day after `day` (YYYY-MM-DD). */
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The instants that bound an issue period: from the start of `issued_from` (Europe/Berlin) to the start of the
 * day after `issued_to`, as the certificates' `created_at` (ISO 8601 in UTC) compares.
 */
export function issueBounds({ issued_from, issued_to }: Pick<Coverage, 'issued_from' | 'issued_to'>) {
  return {
    from: issued_from ? berlinDayStart(issued_from)!.toISOString() : null,
    before: issued_to ? berlinDayStart(nextDay(issued_to))!.toISOString() : null,
  };
}

/**
 * Whether a notice covers the unit `serial`, issued at `testedAt` for the notice's machine: the rule of
 * `coveredUnits` below for one unit the customer page already read. Serials compare as the database compares
 * them there: of the range's length, code unit by code unit.
 */
export function covers(notice: Coverage, serial: string, testedAt: string): boolean {
  const { from, before } = issueBounds(notice);
  if (notice.serial_from !== null && notice.serial_to !== null) {
    if (serial.length !== notice.serial_from.length) return false;
    if (serial < notice.serial_from || serial > notice.serial_to) return false;
  }
  return (from === null || testedAt >= from) && (before === null || testedAt < before);
}

/** A notice as the mails about it are keyed: its coverage and its id. */
export type MailedNotice = Coverage & { id: number };

/**
 * The subject of the mail about notice `noticeId` to the owner of registration `registrationId`: the mail job's
 * key, sent once (api/src/platform/mail.ts). It begins as every mail of the registration does, so deleting the
 * registration forgets its recipient (api/src/modules/registrations/registrations.service.ts).
 */
export const noticeMailSubject = (registrationId: number, noticeId: number) =>
  `registration:${registrationId}:notice:${noticeId}`;

/** The safety notices, and the issued units each covers. */
export function noticesRepository(db: Kysely<Database>) {
  const isPostgres = () => db.getExecutor().adapter instanceof PostgresAdapter;

  /**
   * The issued units of `notice`'s machine that it covers. The serial range compares byte by byte on both
   * databases (PostgreSQL's default collation would order letters and „-“ by language rules, SQLite does not).
   */
  const coveredUnits = (notice: Coverage) => {
    const { from, before } = issueBounds(notice);
    const serial = isPostgres() ? sql`certificate_units.serial collate "C"` : sql`certificate_units.serial`;
    return db
      .selectFrom('certificate_units')
      .innerJoin('certificates', 'certificates.id', 'certificate_units.certificate_id')
      .where('certificates.machine_id', '=', notice.machine_id)
      .$if(notice.serial_from !== null && notice.serial_to !== null, (query) =>
        query
          .where(sql<number>`length(certificate_units.serial)`, '=', notice.serial_from!.length)
          .where(sql<boolean>`${serial} >= ${notice.serial_from}`)
          .where(sql<boolean>`${serial} <= ${notice.serial_to}`),
      )
      .$if(from !== null, (query) => query.where('certificates.created_at', '>=', from!))
      .$if(before !== null, (query) => query.where('certificates.created_at', '<', before!));
  };

  /** The unit's active registration (confirmed or not), joined to the covered units. */
  const withRegistrations = (notice: Coverage) =>
    coveredUnits(notice).leftJoin('registrations', (join) =>
      join
        .onRef('registrations.serial', '=', 'certificate_units.serial')
        .on('registrations.status', '=', 'active'),
    );

  /** Whether the registration's owner was sent the mail about `notice` (noticeMailSubject, built in SQL). */
  const mailedAbout =
    (notice: MailedNotice) =>
    ({ exists, selectFrom }: ExpressionBuilder<Database, 'registrations'>) =>
      exists(
        selectFrom('mail_sends')
          .select('mail_sends.id')
          .where('mail_sends.state', '=', 'sent')
          .where(
            'mail_sends.subject',
            '=',
            sql<string>`'registration:' || cast(registrations.id as text) || ${`:notice:${notice.id}`}`,
          ),
      );

  const repository = {
    list(where: { id?: number } = {}) {
      return (
        db
          .selectFrom('safety_notices')
          .innerJoin('machines', 'machines.id', 'safety_notices.machine_id')
          .innerJoin('users as publisher', 'publisher.id', 'safety_notices.published_by')
          .leftJoin('users as closer', 'closer.id', 'safety_notices.closed_by')
          .selectAll('safety_notices')
          .select((eb) => [
            'machines.name as machine_name',
            eb.fn
              .coalesce(eb.fn<string | null>('nullif', ['publisher.name', eb.val('')]), 'publisher.email')
              .as('published_by_name'),
            eb.fn
              .coalesce(eb.fn<string | null>('nullif', ['closer.name', eb.val('')]), 'closer.email')
              .as('closed_by_name'),
          ])
          .$if(where.id !== undefined, (query) => query.where('safety_notices.id', '=', where.id!))
          // Open notices first, the newest on top.
          .orderBy(sql`case when safety_notices.closed_at is null then 0 else 1 end`)
          .orderBy('safety_notices.published_at', 'desc')
          .orderBy('safety_notices.id', 'desc')
          .execute()
      );
    },

    insert(row: Insertable<SafetyNoticesTable>) {
      return db.insertInto('safety_notices').values(row).returning('id').executeTakeFirstOrThrow();
    },

    /** Closes an open notice; undefined when it was closed already (or never existed). */
    close(id: number, change: { closed_at: string; closed_by: number; close_reason: string }) {
      return db
        .updateTable('safety_notices')
        .set(change)
        .where('id', '=', id)
        .where('closed_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
    },

    /** The open notices of a machine, for the customer page of one of its units. */
    openFor(machineId: number) {
      return db
        .selectFrom('safety_notices')
        .select([
          'id',
          'machine_id',
          'severity',
          'title_de',
          'title_en',
          'text_de',
          'text_en',
          'serial_from',
          'serial_to',
          'issued_from',
          'issued_to',
          'published_at',
        ])
        .where('machine_id', '=', machineId)
        .where('closed_at', 'is', null)
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The machine an issued unit belongs to and when it was issued: what decides which notices cover it. */
    issuedUnit(serial: string) {
      return db
        .selectFrom('certificate_units')
        .innerJoin('certificates', 'certificates.id', 'certificate_units.certificate_id')
        .select(['certificates.machine_id', 'certificates.created_at as tested_at'])
        .where('certificate_units.serial', '=', serial)
        .executeTakeFirst();
    },

    async countCovered(notice: Coverage): Promise<number> {
      const row = await coveredUnits(notice)
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Of the covered units: how many are registered, and how many owners were sent the mail about `notice`. */
    async countRegistered(notice: MailedNotice) {
      const row = await withRegistrations(notice)
        .select((eb) => [
          eb.fn.count<number | string | bigint>('registrations.id').as('registered'),
          eb.fn
            .sum<number | string | bigint | null>(
              eb.case().when(mailedAbout(notice)(eb)).then(1).else(0).end(),
            )
            .as('mailed'),
        ])
        .where('registrations.id', 'is not', null)
        .executeTakeFirstOrThrow();
      return { registered: Number(row.registered), mailed: Number(row.mailed ?? 0) };
    },

    /** The registrations of covered units whose owners confirmed their address: whom a notice is mailed to. */
    async confirmedOwners(notice: Coverage) {
      const rows = await withRegistrations(notice)
        .select('registrations.id')
        .where('registrations.confirmed_at', 'is not', null)
        .execute();
      return rows.map((row) => row.id!);
    },

    /** One page of the covered units, by serial, each with whether it is registered and its owner was mailed. */
    covered(notice: MailedNotice, { limit, offset }: { limit: number; offset: number }) {
      return withRegistrations(notice)
        .select((eb) => [
          'certificate_units.serial',
          'certificate_units.certificate_id',
          'certificates.created_at as tested_at',
          'certificate_units.release',
          'certificate_units.voided_at',
          'registrations.id as registration_id',
          mailedAbout(notice)(eb as unknown as ExpressionBuilder<Database, 'registrations'>).as('mailed'),
        ])
        .orderBy(sql`length(certificate_units.serial)`)
        .orderBy(isPostgres() ? sql`certificate_units.serial collate "C"` : sql`certificate_units.serial`)
        .limit(limit)
        .offset(offset)
        .execute();
    },
  };
  return repository;
}

export type NoticesRepository = ReturnType<typeof noticesRepository>;
