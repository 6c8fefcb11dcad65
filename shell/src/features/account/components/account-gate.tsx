import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffLanguage } from 'contracts';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import {
  apiErrorMessage,
  LoadError,
  meQuery,
  meQueryKey,
  setLanguage,
  Spinner,
  subscribeForbidden,
  useT,
} from 'shared-ui';
import { appCatalogs } from '../../../app/catalogs';

// Needed once per account at most: its forms and the QR code stay out of the app's first load.
const RequiredStep = lazy(() => import('./required-step'));

/**
 * Shows the staff app in the account's language from its first screen on, and switches again when the account
 * changes it (no reload). A catalog that cannot be fetched leaves the current language.
 */
function useAccountLanguage(wanted: StaffLanguage | undefined): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    void setLanguage(wanted)
      .catch(() => undefined)
      .finally(() => setReady(true));
  }, [wanted]);
  return ready;
}

/**
 * Before any staff screen: an account whose password an administrator set chooses its own, and one that
 * must sign in with two factors sets that up; the API refuses everything else until then. A 403 from any
 * call fetches the account again, so a changed role shows at once.
 */
export function AccountGate({ children }: { children: ReactNode }) {
  const appT = useT(appCatalogs);
  const me = useQuery(meQuery);
  const languageReady = useAccountLanguage(me.data?.language);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: meQueryKey });
  useEffect(
    () => subscribeForbidden(() => void queryClient.invalidateQueries({ queryKey: meQueryKey })),
    [queryClient],
  );

  if (me.isError)
    return <LoadError message={apiErrorMessage(me.error) ?? appT('failed')} onRetry={() => me.refetch()} />;
  if (!me.data || !languageReady) return <Spinner />;
  if (me.data.must_change_password || (me.data.two_factor_required && !me.data.two_factor))
    return (
      <Suspense fallback={<Spinner />}>
        <RequiredStep me={me.data} onDone={refresh} />
      </Suspense>
    );
  return children;
}
