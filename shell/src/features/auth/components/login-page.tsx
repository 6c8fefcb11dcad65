import { EMAIL_PATTERN } from 'contracts';
import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../../../app/document-title';
import {
  activeLocale,
  apiErrorMessage,
  httpStatus,
  notify,
  retryAfterSeconds,
  setLanguage,
  setToken,
  useT,
} from 'shared-ui';
import { shellCatalogs } from '../../../catalogs';
import { LanguageSwitch } from '../../../components/language-switch';
import { login } from '../api/login';
import { CodeStep } from './code-step';
import { CompanySignIn } from './company-sign-in';
import { LoginCard } from './login-card';
import { LoginField } from './login-field';
import './login-page.css';

const text = shellCatalogs.t;

interface FieldErrors {
  username?: string;
  password?: string;
}

/** Checked before sending; the request is sent only when there are no errors. */
export function validateLogin(username: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  const email = username.trim();
  if (!email) errors.username = text('login.emailRequired');
  else if (!EMAIL_PATTERN.test(email)) errors.username = text('login.emailInvalid');
  if (!password) errors.password = text('login.passwordRequired');
  return errors;
}

/** Why signing in is refused for now, and until when: it stays on the form, a toast would vanish first. */
function lockNotice(error: unknown): string {
  const reason = apiErrorMessage(error) ?? text('login.failed');
  const seconds = retryAfterSeconds(error);
  if (!seconds) return reason;
  const until = new Date(Date.now() + seconds * 1000);
  return `${reason} ${text('login.lockedUntil', {
    time: until.toLocaleTimeString(activeLocale(), { hour: '2-digit', minute: '2-digit' }),
  })}`;
}

/**
 * The sign-in form. It uses no router, so the login screen loads without react-router (docs/architecture.md#budgets):
 * the bootstrap shows it alone to a signed-out user, the app's `/login` route wraps it in `LoginRoute`.
 */
export function LoginPage({
  onSignedIn,
  returnTo = '/',
  companyReturned = false,
}: {
  /** Called with where a sign-in with the company account wanted to go; else the caller knows. */
  onSignedIn?: (returnTo?: string) => void;
  /** Where to come back after the company account's provider. */
  returnTo?: string;
  /** The provider just sent the browser back (`/login?oidc=1`): take that sign-in's session. */
  companyReturned?: boolean;
}) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  /** A lockout's notice, kept on the form until the next attempt. */
  const [notice, setNotice] = useState<string | undefined>();
  /** Set after a right password when the account signs in with a second factor. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const t = useT(shellCatalogs);
  useDocumentTitle(t('title.login'));

  const signedIn = (newToken: string, wanted?: string) => {
    setToken(newToken);
    onSignedIn?.(wanted);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateLogin(username, password);
    setErrors(found);
    if (found.username || found.password) {
      // The keyboard goes where the first message is.
      document.getElementById(found.username ? 'login-username' : 'login-password')?.focus();
      return;
    }
    setSubmitting(true);
    setNotice(undefined);
    try {
      const answer = await login({ username: username.trim(), password });
      if ('token' in answer) return signedIn(answer.token);
      setChallenge(answer.challenge);
      setSubmitting(false);
    } catch (error) {
      const status = httpStatus(error) ?? 0;
      if (status === 429) {
        // Locked: the e-mail and password may well be right, and trying again does not help yet.
        setNotice(lockNotice(error));
      } else if (status && status < 500) {
        setErrors({ username: t('login.emailRejected'), password: t('login.passwordRejected') });
        document.getElementById('login-username')?.focus();
      } else {
        // Unreachable, or the server (its database) is down: the credentials may well be right, so the
        // fields are not marked; the API's German reason goes with the toast when there is one.
        notify.error(
          status ? `${t('login.failed')} ${apiErrorMessage(error) ?? ''}`.trim() : t('login.failed'),
        );
      }
      setSubmitting(false);
    }
  };

  if (challenge)
    return (
      <CodeStep
        challenge={challenge}
        onSignedIn={signedIn}
        onRestart={() => {
          setChallenge(null);
          setPassword('');
        }}
      />
    );

  return (
    <LoginCard heading={t('login.heading')} onSubmit={onSubmit}>
      <CompanySignIn returnTo={returnTo} returned={companyReturned} onSignedIn={signedIn} />
      <LoginField
        id="login-username"
        name="username"
        label={t('login.email')}
        type="email"
        autoComplete="username"
        value={username}
        error={errors.username}
        onChange={setUsername}
        // Back from the company account's provider nobody came to type a password: the cursor waiting in
        // E-Mail would point a refused person at a form their company account has no password for.
        autoFocus={!companyReturned}
      />
      <LoginField
        id="login-password"
        name="password"
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={setPassword}
      />
      {notice && (
        <p className="sh-login__notice" role="alert" data-testid="login-notice">
          {notice}
        </p>
      )}
      <button type="submit" className="sui-button sh-login__submit" disabled={submitting}>
        {t('login.submit')}
      </button>
      {/* Before sign-in the browser's language decides (bootstrap.tsx); the account's language after it. */}
      <LanguageSwitch
        className="sh-login__language"
        onChange={(language) => setLanguage(language).catch(() => notify.error(t('language.saveFailed')))}
      />
    </LoginCard>
  );
}
