import { sharedCatalogs } from './catalogs';
import { useT } from './i18n/use-t';
import './spinner.css';

/** The loading state: three pulsing dots in the accent colour; `fullPage` fills the area like the earlier overlay. */
export function Spinner({ label, fullPage = false }: { label?: string; fullPage?: boolean }) {
  const t = useT(sharedCatalogs);
  return (
    <div
      className={fullPage ? 'sui-spinner sui-spinner--full' : 'sui-spinner'}
      role="status"
      aria-live="polite"
    >
      <span className="sui-spinner__dot" aria-hidden="true" />
      <span className="sui-spinner__dot" aria-hidden="true" />
      <span className="sui-spinner__dot" aria-hidden="true" />
      <span className="sui-visually-hidden">{label ?? t('loading')}</span>
    </div>
  );
}
