import { messages } from './messages';
import './spinner.css';

/** The loading state: three pulsing dots in the accent colour; `fullPage` fills the area like the earlier overlay. */
export function Spinner({
  label = messages.loading,
  fullPage = false,
}: {
  label?: string;
  fullPage?: boolean;
}) {
  return (
    <div
      className={fullPage ? 'sui-spinner sui-spinner--full' : 'sui-spinner'}
      role="status"
      aria-live="polite"
    >
      <span className="sui-spinner__dot" aria-hidden="true" />
      <span className="sui-spinner__dot" aria-hidden="true" />
      <span className="sui-spinner__dot" aria-hidden="true" />
      <span className="sui-visually-hidden">{label}</span>
    </div>
  );
}
