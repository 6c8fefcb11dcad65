import { Type, type Static } from '@sinclair/typebox';
import { FAILURE_REASON_CODE_MAX, FAILURE_REASON_CODE_PATTERN, FAILURE_REASON_NAME_MAX } from './test-record';

/**
 * The catalogue of failure reasons the quality department keeps: a retest names one as its finding. The code stays
 * the same for good (reports count failures by it); the name may be worded anew.
 */
export const FailureReason = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  /** How many retests name it: a reason in use is kept, only its name may change. */
  used: Type.Integer(),
});
export type FailureReason = Static<typeof FailureReason>;

export const FailureReasonList = Type.Array(FailureReason);
export type FailureReasonList = Static<typeof FailureReasonList>;

export const FailureReasonBody = Type.Object({
  code: Type.String({ pattern: FAILURE_REASON_CODE_PATTERN, maxLength: FAILURE_REASON_CODE_MAX }),
  name: Type.String({ maxLength: FAILURE_REASON_NAME_MAX }),
});
export type FailureReasonBody = Static<typeof FailureReasonBody>;

/** A reason reworded: its code stays. */
export const FailureReasonRename = Type.Object({ name: FailureReasonBody.properties.name });
export type FailureReasonRename = Static<typeof FailureReasonRename>;
