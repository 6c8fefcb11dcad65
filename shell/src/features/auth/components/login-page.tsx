import { EMAIL_PATTERN } from 'contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { apiErrorMessage, isHttpError, messages, notify, setToken } from 'shared-ui';
import { Logo } from '../../../components/logo';
import { login, secondFactor } from '../api/login';
import './login-page.css';

const text = messages.login;

interface FieldErrors {
  username?: string;
  password?: string;
}

/** Spec §5: checked before sending; the request is sent only when there are no errors. */
export function validateLogin(username: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  const email = username.trim();
  if (!email) errors.username = text.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.username = text.emailInvalid;
  if (!password) errors.password = text.passwordRequired;
  return errors;
}

/**
 * The sign-in form. It uses no router, so the login screen loads without react-router (docs/architecture.md#budgets):
 * the bootstrap shows it alone to a signed-out user, the app's `/login` route wraps it in `LoginRoute`.
 */
export function LoginPage({ onSignedIn }: { onSignedIn?: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  /** Set after a right password when the account signs in with a second factor. */
  const [challenge, setChallenge] = useState<string | null>(null);

  const signedIn = (newToken: string) => {
    setToken(newToken);
    onSignedIn?.();
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
    try {
      const answer = await login({ username: username.trim(), password });
      if ('token' in answer) return signedIn(answer.token);
      setChallenge(answer.challenge);
      setSubmitting(false);
    } catch (error) {
      const status = isHttpError(error) ? (error as { response?: { status?: number } }).response?.status : 0;
      if (status && status < 500) {
        setErrors({ username: text.emailRejected, password: text.passwordRejected });
        document.getElementById('login-username')?.focus();
        // Throttled: the fields alone would not say why trying again does not help yet.
        if (status === 429) notify.error(apiErrorMessage(error) ?? text.failed);
      } else {
        // Unreachable, or the server (its database) is down: the credentials may well be right, so the
        // fields are not marked; the API's German reason goes with the toast when there is one.
        notify.error(status ? `${text.failed} ${apiErrorMessage(error) ?? ''}`.trim() : text.failed);
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
    <LoginCard heading={text.heading} onSubmit={onSubmit}>
      <Field
        id="login-username"
        name="username"
        label={text.email}
        type="email"
        autoComplete="username"
        value={username}
        error={errors.username}
        onChange={setUsername}
        autoFocus
      />
      <Field
        id="login-password"
        name="password"
        label={text.password}
        type="password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={setPassword}
      />
      <button type="submit" className="sui-button sh-login__submit" disabled={submitting}>
        {text.submit}
      </button>
    </LoginCard>
  );
}

/** The white card on the dark page, with the logo and the step's heading. */
function LoginCard({
  heading,
  onSubmit,
  children,
}: {
  heading: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <main className="sh-login">
      <form className="sh-login__card" onSubmit={onSubmit} noValidate aria-labelledby="login-heading">
        <Logo variant="light" />
        <h1 id="login-heading" className="sh-login__heading">
          {heading}
        </h1>
        {children}
      </form>
    </main>
  );
}

/** The second step: a code from the authenticator app or a recovery code. */
function CodeStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (token: string) => void;
  onRestart: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(text.codeRequired);
      document.getElementById('login-code')?.focus();
      return;
    }
    setSubmitting(true);
    try {
      onSignedIn((await secondFactor({ challenge, code: value })).token);
    } catch (failure) {
      setError(apiErrorMessage(failure) ?? text.failed);
      setCode('');
      setSubmitting(false);
      document.getElementById('login-code')?.focus();
    }
  };

  return (
    <LoginCard heading={text.codeHeading} onSubmit={onSubmit}>
      <p className="sh-login__hint">{text.codeHint}</p>
      <Field
        id="login-code"
        name="code"
        label={text.code}
        type="text"
        autoComplete="one-time-code"
        value={code}
        error={error}
        onChange={setCode}
        autoFocus
      />
      <button type="submit" className="sui-button sh-login__submit" disabled={submitting}>
        {text.codeSubmit}
      </button>
      <button type="button" className="sh-login__back" onClick={onRestart}>
        {text.back}
      </button>
    </LoginCard>
  );
}

interface FieldProps {
  id: string;
  name: string;
  label: string;
  type: string;
  autoComplete: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}

function Field({ id, name, label, type, autoComplete, value, error, onChange, autoFocus }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="sui-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        className="sui-input"
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        autoFocus={autoFocus}
      />
      {error && (
        <p id={errorId} className="sui-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
