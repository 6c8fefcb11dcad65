import type { AuditAction } from 'contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

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
      let query = db
        .selectFrom('audit_events')
        .leftJoin('users', 'users.id', 'audit_events.account_id')
        .select([
          'audit_events.id',
          'audit_events.at',
          'audit_events.account_id',
          'users.email as account_email',
          'audit_events.action',
          'audit_events.subject_type',
          'audit_events.subject_id',
          'audit_events.details',
        ]);
      if (filter.account_id !== undefined)
        query = query.where('audit_events.account_id', '=', filter.account_id);
      if (filter.action) query = query.where('audit_events.action', '=', filter.action);
      if (filter.subject_type) query = query.where('audit_events.subject_type', '=', filter.subject_type);
      if (filter.subject_id) query = query.where('audit_events.subject_id', '=', filter.subject_id);
      if (filter.from) query = query.where('audit_events.at', '>=', filter.from);
      if (filter.to) query = query.where('audit_events.at', '<', filter.to);
      if (filter.before) query = query.where('audit_events.id', '<', filter.before);
      return query.orderBy('audit_events.id', 'desc').limit(limit).execute();
    },
  };
}

export type AuditQueries = ReturnType<typeof auditQueries>;
