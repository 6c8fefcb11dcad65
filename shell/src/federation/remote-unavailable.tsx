import { createContext, use } from 'react';
import { sharedCatalogs, useT } from 'shared-ui';
import './remote-unavailable.css';

/** The retry of the nearest RemoteScreen; the fallback from the runtime plugin reaches it through this. */
export const RetryContext = createContext<(() => void) | null>(null);

/** Shown where a remote failed (layers 2 and 3 of docs/architecture.md#module-federation). */
export function RemoteUnavailable({ onRetry }: { onRetry?: () => void }) {
  const contextRetry = use(RetryContext);
  const retry = onRetry ?? contextRetry;
  const t = useT(sharedCatalogs);
  return (
    <div className="sh-unavailable" role="alert">
      <svg className="sh-unavailable__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 3 2 21h20L12 3Zm0 5 .01 0M12 9v6m0 3v.01"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className="sh-unavailable__title">{t('remoteUnavailable')}</p>
      <p className="sh-unavailable__hint">{t('remoteUnavailableHint')}</p>
      {retry && (
        <button type="button" className="sui-button" onClick={retry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}

export default RemoteUnavailable;
