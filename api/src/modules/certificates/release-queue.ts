import { parseKeyedMap, type ReleaseQueue } from 'contracts';
import { pageOf, type PageRequest } from '../../paging';
import type { ReleaseQueueRepository } from './release-queue.repository';
import { stepsOf } from './test-results';

/**
 * The release queue (Zur Freigabe): the units waiting for a second person's release, with the measured values of
 * their last attempt beside the plan version's limits. Releasing stays the certificate's release (releasing.ts).
 */
export function releaseQueue({ queue }: { queue: ReleaseQueueRepository }) {
  return {
    async awaitingRelease(request: Omit<PageRequest, 'order'>): Promise<ReleaseQueue> {
      const { limit, offset } = pageOf(request);
      const [rows, total] = await Promise.all([queue.page(limit, offset), queue.count()]);
      return {
        total,
        data: rows.map(({ plan_steps, values, ...row }) => {
          const typed = values ? parseKeyedMap<string>(values) : {};
          return {
            ...row,
            measured: stepsOf({ plan_steps })
              .filter((step) => step.kind === 'numeric')
              .map((step) => ({ step, value: Object.hasOwn(typed, step.key) ? typed[step.key] : '' })),
          };
        }),
      };
    },
  };
}
