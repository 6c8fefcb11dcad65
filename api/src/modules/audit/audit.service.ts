import type { AuditAction, AuditDetails, AuditQuery, EventsQuery, TypedAuditEvent } from 'contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest } from '../../errors';
import { messages } from '../../messages';
import { auditQueries, type AuditQueries, type Subjects } from './audit.repository';

/** An event to record: its details have the shape contracts' AuditDetails gives its action. */
export type AuditEntry<A extends AuditAction> = {
  /** The signed-in account, or null when nobody was (a failed sign-in, the server's command line). */
  accountId: number | null;
  action: A;
  subject: { type: string; id: string | number };
} & (Record<string, never> extends AuditDetails[A]
  ? { details?: AuditDetails[A] }
  : { details: AuditDetails[A] });

/** Records events, on the database or inside another module's transaction. */
export interface AuditRecorder {
  record<A extends AuditAction>(entry: AuditEntry<A>, at?: Date): Promise<void>;
}

const recorderOf = (audit: AuditQueries): AuditRecorder => ({
  record: (entry, at) => audit.record(entry, at),
});

/** When a row was last changed is the event's own time, not a change of the row. */
const NOT_A_CHANGE = new Set(['updated_at']);

/** The fields whose values differ between `before` and `after`, each side with only those fields. */
export function changes<T extends object>(before: T, after: T) {
  const changed = (Object.keys(after) as (keyof T & string)[]).filter(
    (key) => !NOT_A_CHANGE.has(key) && before[key] !== after[key],
  );
  const pick = (row: T) => Object.fromEntries(changed.map((key) => [key, row[key]])) as Partial<T>;
  return { before: pick(before), after: pick(after) };
}

/** A day or an ISO time as the UTC text the events are stored with; undefined when it is no real time. */
function instant(text: string | undefined) {
  if (!text) return { ok: true as const, value: undefined };
  const time = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
  return Number.isNaN(time)
    ? { ok: false as const }
    : { ok: true as const, value: new Date(time).toISOString() };
}

type EventRow = Awaited<ReturnType<AuditQueries['page']>>[number];

/** One more row than asked tells whether another page follows; `next` is the `before` of that page. */
function pageOf(rows: EventRow[], limit: number): { data: TypedAuditEvent[]; next: number | null } {
  const data = rows
    .slice(0, limit)
    .map((row) => ({ ...row, details: JSON.parse(row.details) }) as TypedAuditEvent);
  return { data, next: rows.length > limit ? data[data.length - 1].id : null };
}

/** The audit trail: the one way events are written (appended only), and the pages that read them. */
export function auditService(audit: AuditQueries) {
  return {
    ...recorderOf(audit),

    /** The recorder inside a transaction: the event is stored, or rolled back, with what it records. */
    within: (trx: Kysely<Database>): AuditRecorder => recorderOf(auditQueries(trx)),

    /** An account's sign-ins and failed sign-ins, newest first. */
    signIns: audit.signIns,

    /** A page of the events about `subjects`, newest first: the history of one thing. */
    async ofSubjects(subjects: Subjects, { before, limit = 50 }: EventsQuery) {
      return pageOf(await audit.ofSubjects(subjects, before, limit + 1), limit);
    },

    /** A page of the trail, newest first; `next` is the `before` of the following page. */
    async list({
      limit = 50,
      from,
      to,
      ...filter
    }: AuditQuery): Promise<{ data: TypedAuditEvent[]; next: number | null }> {
      const start = instant(from);
      const end = instant(to);
      const fields: Record<string, string> = {};
      if (!start.ok) fields.from = messages.fieldNoTime;
      if (!end.ok) fields.to = messages.fieldNoTime;
      else if (start.ok && start.value && end.value && start.value >= end.value)
        fields.to = messages.timeRangeInverted;
      if (Object.keys(fields).length || !start.ok || !end.ok) throw badRequest(messages.checkFields, fields);
      return pageOf(await audit.page({ ...filter, from: start.value, to: end.value }, limit + 1), limit);
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;
