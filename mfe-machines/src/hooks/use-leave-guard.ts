import { staffRoutes } from 'contracts';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * While `unsaved` is true (an edited machine or test plan), holds the user back from leaving: any navigation in
 * the app (Zurück, a tab in the header, the browser's Back) is blocked until the returned blocker's `proceed` or
 * `reset`; closing the tab or loading another page gets the browser's own question. Sign-in is let through: a
 * session that ran out could save nothing anyway.
 */
export function useLeaveGuard(unsaved: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      nextLocation.pathname !== staffRoutes.login &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  return blocker;
}
