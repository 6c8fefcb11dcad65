import { Type, type Static } from '@sinclair/typebox';
import { MAX_PAGE, MAX_PAGE_SIZE } from './constants';
import { PlanStep } from './test-record';

/**
 * The release queue (Zur Freigabe): the units that passed and wait for a second person's release, the longest
 * waiting first, for the accounts with the release right. Releasing goes through the certificate's release call
 * (`apiPaths.certificateRelease`), which keeps its rules.
 */
export const ReleaseQueueQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 })),
});
export type ReleaseQueueQuery = Static<typeof ReleaseQueueQuery>;

/** A measured step of the unit's plan version and the value its last attempt took (as typed, '' when none). */
export const QueuedValue = Type.Object({ step: PlanStep, value: Type.String() });
export type QueuedValue = Static<typeof QueuedValue>;

export const QueuedUnit = Type.Object({
  serial: Type.String(),
  certificate_id: Type.Integer(),
  machine_name: Type.String(),
  plan_version: Type.Integer(),
  /** Who tested it last, and when: since then it waits. */
  tested_by_name: Type.String(),
  tested_at: Type.String(),
  /** The numeric steps of its plan with their values: what the releaser compares with the limits. */
  measured: Type.Array(QueuedValue),
});
export type QueuedUnit = Static<typeof QueuedUnit>;

export const ReleaseQueue = Type.Object({ data: Type.Array(QueuedUnit), total: Type.Integer() });
export type ReleaseQueue = Static<typeof ReleaseQueue>;
