import type { UseQueryResult } from '@tanstack/react-query';
import type { TestPlan } from 'contracts';
import { lazy, Suspense } from 'react';
import { apiErrorMessage, LoadError, Spinner, useT } from 'shared-ui';
import { certificateCatalogs } from '../../../catalogs';
import type { TestEntryProps } from '../../../components/test-entry/test-entry';

/** The plan's steps and the units × steps grid: a chunk of their own (docs/architecture.md#budgets). */
export const loadTestEntry = () => import('../../../components/test-entry/test-entry');
const TestEntry = lazy(loadTestEntry);

/** The chosen machine's test plan to enter, a spinner while it loads, or why it did not with a retry. */
export function PlanSection({
  plan,
  ...entry
}: Omit<TestEntryProps, 'plan'> & { plan: Pick<UseQueryResult<TestPlan>, 'data' | 'error' | 'refetch'> }) {
  const t = useT(certificateCatalogs);
  if (plan.error)
    return (
      <LoadError
        message={apiErrorMessage(plan.error) ?? t('create.planMissing')}
        onRetry={() => void plan.refetch()}
      />
    );
  if (!plan.data) return <Spinner />;
  return (
    <Suspense fallback={<Spinner />}>
      <TestEntry plan={plan.data} {...entry} />
    </Suspense>
  );
}
