import { messages } from './messages';
import './load-error.css';

/** A failed load: the German reason and a retry, instead of the earlier app's silent console log
 * (docs/earlier-app.md). */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="sui-load-error" role="alert">
      <p>{message}</p>
      <button type="button" className="sui-button sui-button--secondary" onClick={onRetry}>
        {messages.retry}
      </button>
    </div>
  );
}
