import { useState, type FormEvent } from 'react';
import { apiErrorMessage, useT } from 'shared-ui';
import { shellCatalogs } from '../../../catalogs';
import { secondFactor } from '../api/second-factor';
import { LoginCard } from './login-card';
import { LoginField } from './login-field';

/** The second step: a code from the authenticator app or a recovery code. */
export function CodeStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (token: string) => void;
  onRestart: () => void;
}) {
  const t = useT(shellCatalogs);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(t('login.codeRequired'));
      document.getElementById('login-code')?.focus();
      return;
    }
    setSubmitting(true);
    try {
      onSignedIn((await secondFactor({ challenge, code: value })).token);
    } catch (failure) {
      setError(apiErrorMessage(failure) ?? t('login.failed'));
      setCode('');
      setSubmitting(false);
      document.getElementById('login-code')?.focus();
    }
  };

  return (
    <LoginCard heading={t('login.codeHeading')} onSubmit={onSubmit}>
      <p className="sh-login__hint">{t('login.codeHint')}</p>
      <LoginField
        id="login-code"
        name="code"
        label={t('login.code')}
        type="text"
        autoComplete="one-time-code"
        value={code}
        error={error}
        onChange={setCode}
        autoFocus
      />
      <button type="submit" className="sui-button sh-login__submit" disabled={submitting}>
        {t('login.codeSubmit')}
      </button>
      <button type="button" className="sh-login__back" onClick={onRestart}>
        {t('login.back')}
      </button>
    </LoginCard>
  );
}
