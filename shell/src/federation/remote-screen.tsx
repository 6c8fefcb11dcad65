import { Suspense, use, useCallback, useState } from 'react';
import { Spinner } from 'shared-ui';
import { ErrorBoundary } from './error-boundary';
import type { ScreenRef } from 'contracts';
import { loadScreen, prepareRetry, type ScreenModule } from './remotes';
import { RemoteUnavailable, RetryContext } from './remote-unavailable';

function LoadedScreen({ load }: { load: Promise<ScreenModule> }) {
  const { default: Screen } = use(load);
  return <Screen />;
}

/**
 * One exposed screen of a remote, loaded when first rendered, with its own Suspense and error boundary:
 * whatever happens to this remote, the rest of the shell keeps working, and the retry button loads it again.
 */
export function RemoteScreen({ remote, expose }: ScreenRef) {
  // One load per attempt, kept in state: a retry starts a new one; a new mount of a failed screen tries again.
  const [state, setState] = useState(() => ({
    remote,
    expose,
    attempt: 0,
    load: loadScreen(remote, expose),
  }));
  if (state.remote !== remote || state.expose !== expose) {
    setState({ remote, expose, attempt: state.attempt + 1, load: loadScreen(remote, expose) });
  }
  const retry = useCallback(() => {
    if (prepareRetry(remote) === 'reload') return window.location.reload();
    setState((current) => ({ ...current, attempt: current.attempt + 1, load: loadScreen(remote, expose) }));
  }, [remote, expose]);
  const { attempt, load } = state;

  return (
    <RetryContext value={retry}>
      <ErrorBoundary key={attempt} fallback={<RemoteUnavailable onRetry={retry} />}>
        <Suspense fallback={<Spinner fullPage />}>
          <div className="sh-remote" data-remote={`${remote}/${expose}`}>
            <LoadedScreen load={load} />
          </div>
        </Suspense>
      </ErrorBoundary>
    </RetryContext>
  );
}
