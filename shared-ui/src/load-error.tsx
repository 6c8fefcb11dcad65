import { sharedCatalogs } from './catalogs';
import { useT } from './i18n/use-t';
import './load-error.css';

/** A failed load: the reason and a retry, instead of the earlier app's silent console log (docs/earlier-app.md). */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT(sharedCatalogs);
  return (
    <div className="sui-load-error" role="alert">
      <p>{message}</p>
      <button type="button" className="sui-button sui-button--secondary" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
