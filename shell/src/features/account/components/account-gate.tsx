import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { apiErrorMessage, LoadError, meQuery, meQueryKey, Spinner, subscribeForbidden } from 'shared-ui';
import { accountMessages } from '../messages';

// Needed once per account at most: its forms and the QR code stay out of the app's first load.
const RequiredStep = lazy(() => import('./required-step'));

/**
 * Before any staff screen: an account whose password an administrator set chooses its own, and one that
 * must sign in with two factors sets that up; the API refuses everything else until then. A 403 from any
 * call fetches the account again, so a changed role shows at once.
 */
export function AccountGate({ children }: { children: ReactNode }) {
  const me = useQuery(meQuery);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: meQueryKey });
  useEffect(
    () => subscribeForbidden(() => void queryClient.invalidateQueries({ queryKey: meQueryKey })),
    [queryClient],
  );

  if (me.isError)
    return (
      <LoadError message={apiErrorMessage(me.error) ?? accountMessages.failed} onRetry={() => me.refetch()} />
    );
  if (!me.data) return <Spinner />;
  if (me.data.must_change_password || (me.data.two_factor_required && !me.data.two_factor))
    return (
      <Suspense fallback={<Spinner />}>
        <RequiredStep me={me.data} onDone={refresh} />
      </Suspense>
    );
  return children;
}
