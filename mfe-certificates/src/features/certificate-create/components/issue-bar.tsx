import { certMessages } from '../../../messages';

const t = certMessages.create;

/**
 * The form's action bar, sticky at the bottom so WEITER stays in view at 768 px height however long the plan is:
 * WEITER with its shortcut, and after a send that got no answer the German notice with the retry.
 */
export function IssueBar({
  sending,
  offline,
  onRetry,
}: {
  sending: boolean;
  offline: boolean;
  onRetry: () => void;
}) {
  return (
    <div className="cert-create__actions">
      {offline && (
        <div className="cert-create__offline" role="alert">
          <span>{t.offline}</span>
          <button type="button" className="sui-button sui-button--secondary" onClick={onRetry}>
            {t.retry}
          </button>
        </div>
      )}
      <span id="cert-submit-hint" className="cert-create__hint">
        {t.submitHint}
      </span>
      <button
        type="submit"
        className="sui-button"
        disabled={sending}
        aria-describedby="cert-submit-hint"
        aria-keyshortcuts="Control+Enter"
      >
        {t.submit}
      </button>
    </div>
  );
}
