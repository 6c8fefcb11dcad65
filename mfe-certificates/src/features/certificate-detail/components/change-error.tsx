import { useQueryClient } from '@tanstack/react-query';
import type { ApiErrorCode } from 'contracts';
import { apiErrorCode, apiErrorMessage, useT } from 'shared-ui';
import { certificateCatalogs } from '../../../catalogs';

/** The refusals that mean this screen shows an older state than the one stored. */
const OUTDATED: readonly ApiErrorCode[] = ['STALE_VERSION', 'CERTIFICATE_VOIDED'];

/**
 * Why a revision or void was refused. When the certificate changed since this screen loaded it, NEU LADEN
 * loads everything again, and the forms start over from what is stored now.
 */
export function ChangeError({ error, fallback }: { error: unknown; fallback: string }) {
  const t = useT(certificateCatalogs);
  const queryClient = useQueryClient();
  const code = apiErrorCode(error);
  return (
    <div className="cert-error" role="alert">
      <p>{apiErrorMessage(error) ?? fallback}</p>
      {code !== null && OUTDATED.includes(code) && (
        <button
          type="button"
          className="sui-button sui-button--secondary"
          onClick={() => void queryClient.invalidateQueries()}
        >
          {t('lifecycle.stale')}
        </button>
      )}
    </div>
  );
}
