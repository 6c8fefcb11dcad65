import { COMPANY_SIGN_IN_DEFAULT_LABEL } from 'contracts';
import { useEffect, useRef, useState } from 'react';
import { apiErrorMessage, getConfig, useT } from 'shared-ui';
import { shellCatalogs } from '../../../catalogs';
import { startCompanySignIn, takeCompanySession } from '../api/company-sign-in';

/**
 * „Mit Firmenkonto anmelden“ above the password form, when the API has a provider (OIDC_ISSUER): the browser
 * goes to the provider and comes back to `/login?oidc=1`, where `returned` takes the session once.
 */
export function CompanySignIn({
  returnTo,
  returned,
  onSignedIn,
}: {
  returnTo: string;
  returned: boolean;
  onSignedIn: (token: string, returnTo: string) => void;
}) {
  const t = useT(shellCatalogs);
  const label = getConfig().companySignIn;
  const [busy, setBusy] = useState(returned);
  const [notice, setNotice] = useState<string | undefined>();
  const taken = useRef(false);

  useEffect(() => {
    // Once, also under StrictMode's second effect: a session is taken only once.
    if (!returned || taken.current) return;
    taken.current = true;
    takeCompanySession()
      .then((session) => onSignedIn(session.token, session.return_to))
      .catch((error: unknown) => {
        setNotice(apiErrorMessage(error) ?? t('login.failed'));
        setBusy(false);
      });
  }, [returned, onSignedIn, t]);

  if (!label) return null;

  const start = async () => {
    setBusy(true);
    setNotice(undefined);
    try {
      window.location.assign(await startCompanySignIn(returnTo));
    } catch (error) {
      setNotice(apiErrorMessage(error) ?? t('login.failed'));
      setBusy(false);
    }
  };

  return (
    <div className="sh-login__company">
      {notice && (
        <p className="sh-login__notice" role="alert" data-testid="company-notice">
          {notice}
        </p>
      )}
      <button type="button" className="sui-button sh-login__submit" onClick={start} disabled={busy}>
        {label === COMPANY_SIGN_IN_DEFAULT_LABEL ? t('login.company') : label}
      </button>
      <p className="sh-login__or">{t('login.companyOr')}</p>
    </div>
  );
}
