import { lazy, Suspense, type ReactNode } from 'react';

// react-router loads with the first guarded screen, not with the login screen (docs/architecture.md#budgets).
const RequireAuthImpl = lazy(() => import('./require-auth-impl'));

/** Staff screens need the stored token; without it `/login`, replacing the history entry. */
export function RequireAuth({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <RequireAuthImpl>{children}</RequireAuthImpl>
    </Suspense>
  );
}
