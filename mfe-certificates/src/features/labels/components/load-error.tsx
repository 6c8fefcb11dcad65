import { messages } from 'shared-ui';

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="cert-labels-error" role="alert">
      <p>{message}</p>
      <button className="sui-button sui-button--secondary" type="button" onClick={onRetry}>
        {messages.retry}
      </button>
    </div>
  );
}
