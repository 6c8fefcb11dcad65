import { useT } from 'shared-ui';
import { certificateCatalogs } from '../../../catalogs';

/**
 * The form's action bar, sticky at the bottom so WEITER stays in view at 768 px height however long the plan is:
 * WEITER with its shortcut, and after a send that got no answer the notice with the retry.
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
  const t = useT(certificateCatalogs);
  return (
    <div className="cert-create__actions">
      {offline && (
        <div className="cert-create__offline" role="alert">
          <span>{t('create.offline')}</span>
          <button type="button" className="sui-button sui-button--secondary" onClick={onRetry}>
            {t('create.retry')}
          </button>
        </div>
      )}
      <span id="cert-submit-hint" className="cert-create__hint">
        {t('create.submitHint')}
      </span>
      <button
        type="submit"
        className="sui-button"
        disabled={sending}
        aria-describedby="cert-submit-hint"
        aria-keyshortcuts="Control+Enter"
      >
        {t('create.submit')}
      </button>
    </div>
  );
}
