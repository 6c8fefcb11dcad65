import type { AuditAction } from 'contracts';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { normalizeEmail } from '../users/users.repository';

export interface NewAuditEvent {
  /** The signed-in account, or null when nobody was (a failed sign-in). */
  accountId: number | null;
  action: AuditAction;
  subject: { type: string; id: string | number };
  details?: Record<string, unknown>;
}

export interface AuditFilter {
  account_id?: number;
  action?: AuditAction;
  subject_type?: string;
  subject_id?: string;
  from?: string;
  to?: string;
  before?: number;
  /** A unit's events and its certificate's. */
  serial?: string;
  /** A certificate's events and its units'. */
  certificate_id?: number;
  /** A machine's events, its certificates' and their units'. */
  machine_id?: number;
  account_email?: string;
}

type Events = ExpressionBuilder<Database, 'audit_events'>;

/** Events about subjects of `type` whose ids `ids` selects (a subquery: a certificate's units, say). */
const about = (eb: Events, type: string, ids: Parameters<Events['eb']>[2]) =>
  eb.and([eb('audit_events.subject_type', '=', type), eb('audit_events.subject_id', 'in', ids)]);

/** A certificate id as the trail stores subject ids: text. */
const certificateIdText = sql<string>`cast(certificate_id as text)`;

/**
 * The conditions of the trail's filters by serial, certificate and machine: each names a thing and the things
 * it is part of or holds, found through the subject index and the units' and certificates' own indexes.
 */
function aboutThings(eb: Events, { serial, certificate_id, machine_id }: AuditFilter) {
  const conditions = [];
  if (serial !== undefined)
    conditions.push(
      eb.or([
        eb.and([eb('audit_events.subject_type', '=', 'unit'), eb('audit_events.subject_id', '=', serial)]),
        about(
          eb,
          'certificate',
          eb.selectFrom('certificate_units').select(certificateIdText.as('id')).where('serial', '=', serial),
        ),
      ]),
    );
  if (certificate_id !== undefined)
    conditions.push(
      eb.or([
        eb.and([
          eb('audit_events.subject_type', '=', 'certificate'),
          eb('audit_events.subject_id', '=', String(certificate_id)),
        ]),
        about(
          eb,
          'unit',
          eb.selectFrom('certificate_units').select('serial').where('certificate_id', '=', certificate_id),
        ),
      ]),
    );
  if (machine_id !== undefined) {
    const certificates = eb.selectFrom('certificates').select('id').where('machine_id', '=', machine_id);
    conditions.push(
      eb.or([
        eb.and([
          eb('audit_events.subject_type', '=', 'machine'),
          eb('audit_events.subject_id', '=', String(machine_id)),
        ]),
        about(
          eb,
          'certificate',
          eb
            .selectFrom('certificates')
            .select(sql<string>`cast(id as text)`.as('id'))
            .where('machine_id', '=', machine_id),
        ),
        about(
          eb,
          'unit',
          eb.selectFrom('certificate_units').select('serial').where('certificate_id', 'in', certificates),
        ),
      ]),
    );
  }
  return eb.and(conditions);
}

/** The events with the e-mail and the name of the account that caused each, as the trail's pages show them. */
function events(db: Kysely<Database>) {
  return db
    .selectFrom('audit_events')
    .leftJoin('users', 'users.id', 'audit_events.account_id')
    .select([
      'audit_events.id',
      'audit_events.at',
      'audit_events.account_id',
      'users.email as account_email',
      (eb) =>
        eb.fn
          .coalesce(eb.fn<string | null>('nullif', ['users.name', eb.val('')]), 'users.email')
          .as('account_name'),
      'audit_events.action',
      'audit_events.subject_type',
      'audit_events.subject_id',
      'audit_events.details',
    ]);
}

/** The audit trail's queries, on the database or inside another module's transaction. Appends only. */
export function auditQueries(db: Kysely<Database>) {
  return {
    async record({ accountId, action, subject, details = {} }: NewAuditEvent, at = new Date()) {
      await db
        .insertInto('audit_events')
        .values({
          at: at.toISOString(),
          account_id: accountId,
          action,
          subject_type: subject.type,
          subject_id: String(subject.id),
          details: JSON.stringify(details),
        })
        .execute();
    },

    /** Up to `limit` events matching `filter`, newest first, older than `before` (keyset paging). */
    page(filter: AuditFilter, limit: number) {
      let query = events(db);
      if (filter.account_id !== undefined)
        query = query.where('audit_events.account_id', '=', filter.account_id);
      if (filter.account_email) query = query.where('users.email', '=', normalizeEmail(filter.account_email));
      if (filter.action) query = query.where('audit_events.action', '=', filter.action);
      if (filter.subject_type) query = query.where('audit_events.subject_type', '=', filter.subject_type);
      if (filter.subject_id) query = query.where('audit_events.subject_id', '=', filter.subject_id);
      if (filter.from) query = query.where('audit_events.at', '>=', filter.from);
      if (filter.to) query = query.where('audit_events.at', '<', filter.to);
      if (filter.before) query = query.where('audit_events.id', '<', filter.before);
      if (
        filter.serial !== undefined ||
        filter.certificate_id !== undefined ||
        filter.machine_id !== undefined
      )
        query = query.where((eb) => aboutThings(eb as unknown as Events, filter));
      return query.orderBy('audit_events.id', 'desc').limit(limit).execute();
    },

    /**
     * Up to `limit` events about any of `subjects` (a certificate and its units, say), newest first, older
     * than `before`. Each subject is found in the subject index.
     */
    ofSubjects(subjects: Subjects, before: number | undefined, limit: number) {
      return events(db)
        .where((eb) =>
          eb.or(
            subjects
              .filter(({ ids }) => ids.length)
              .map(({ type, ids, actions, at }) =>
                eb.and([
                  eb('audit_events.subject_type', '=', type),
                  eb('audit_events.subject_id', 'in', ids.map(String)),
                  ...(actions ? [eb('audit_events.action', 'in', actions)] : []),
                  ...(at ? [eb('audit_events.at', '=', at)] : []),
                ]),
              ),
          ),
        )
        .$if(before !== undefined, (query) => query.where('audit_events.id', '<', before!))
        .orderBy('audit_events.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** An account's sign-ins and failed sign-ins, newest first. */
    signIns(accountId: number, limit: number) {
      return db
        .selectFrom('audit_events')
        .select(['at', 'action', 'details'])
        .where('account_id', '=', accountId)
        .where('action', 'in', ['auth.signed_in', 'auth.sign_in_failed'])
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

/**
 * Things the trail names as subjects: a type and the ids of that type, and of their events only `actions`' if
 * given, and only the one recorded at `at` (an ISO time) if given.
 */
export type Subjects = { type: string; ids: (string | number)[]; actions?: AuditAction[]; at?: string }[];

export type AuditQueries = ReturnType<typeof auditQueries>;
