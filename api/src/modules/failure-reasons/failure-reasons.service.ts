import type { FailureReason, FailureReasonBody } from 'contracts';
import { unlessUnique } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../errors';
import { messages } from '../../messages';
import type { AuditRecorder } from '../audit/audit.service';
import type { FailureReasonsRepository } from './failure-reasons.repository';

/** A name must say something. */
function named(name: string) {
  const tidy = name.trim();
  if (!tidy) throw badRequest(messages.checkFields, { name: messages.fields.required });
  return tidy;
}

/**
 * The catalogue of failure reasons (contracts/src/failure-reasons.ts), kept by the quality role: a reason's code
 * never changes, and one that a retest names is never removed, so counts by code stay true. Every change is in
 * the audit trail under the reason's code.
 */
export function failureReasonsService(reasons: FailureReasonsRepository, audit: AuditRecorder) {
  async function get(id: number): Promise<FailureReason> {
    const reason = await reasons.get(id);
    if (!reason) throw notFound(messages.failureReasonNotFound);
    return reason;
  }

  return {
    list: () => reasons.list(),
    get,

    async create(body: FailureReasonBody, accountId: number): Promise<FailureReason> {
      const name = named(body.name);
      const taken = () => conflict(messages.checkFields, { code: messages.failureReasonCodeTaken });
      const reason = await get(await unlessUnique(reasons.insert({ code: body.code, name }), taken));
      await audit.record({
        accountId,
        action: 'failure_reason.created',
        subject: { type: 'failure_reason', id: reason.code },
        details: { name },
      });
      return reason;
    },

    async rename(id: number, name: string, accountId: number): Promise<FailureReason> {
      const before = await get(id);
      const after = named(name);
      await reasons.rename(id, after);
      if (after !== before.name)
        await audit.record({
          accountId,
          action: 'failure_reason.renamed',
          subject: { type: 'failure_reason', id: before.code },
          details: { before: { name: before.name }, after: { name: after } },
        });
      return get(id);
    },

    async remove(id: number, accountId: number) {
      const reason = await get(id);
      if (reason.used > 0) throw conflict(messages.failureReasonInUse(reason.used));
      await reasons.remove(id);
      await audit.record({
        accountId,
        action: 'failure_reason.removed',
        subject: { type: 'failure_reason', id: reason.code },
        details: { name: reason.name },
      });
    },

    /** The reason a retest names, by its code; a German 400 when there is none or it is not in the catalogue. */
    async named(code: string | undefined) {
      const reason = code ? await reasons.byCode(code) : undefined;
      if (!reason)
        throw badRequest(messages.checkResults, {
          failure_reason: code ? messages.failureReasonUnknown : messages.failureReasonMissing,
        });
      return reason;
    },
  };
}

export type FailureReasonsService = ReturnType<typeof failureReasonsService>;
