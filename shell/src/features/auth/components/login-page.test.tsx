import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { Route } from 'react-router-dom';
import { getToken, setLanguage, setToken } from 'shared-ui';
import { renderAt } from '../../../test/render';
import { login } from '../api/login';
import { secondFactor } from '../api/second-factor';
import { validateLogin } from './login-page';
import { LoginRoute } from './login-route';

jest.mock('../api/login', () => ({ login: jest.fn() }));
jest.mock('../api/second-factor', () => ({ secondFactor: jest.fn() }));
const loginMock = login as jest.MockedFunction<typeof login>;
const secondFactorMock = secondFactor as jest.MockedFunction<typeof secondFactor>;

function httpError(status: number, headers: Record<string, string> = {}) {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  return new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, {
    status,
    statusText: '',
    headers,
    config,
    data: { error: { code: 'X', message: 'Zu viele Versuche. Bitte später erneut versuchen.' } },
  });
}

function renderLogin() {
  renderAt(
    '/login',
    <>
      <Route path="/login" element={<LoginRoute />} />
      <Route path="/" element={<p>Dashboard</p>} />
    </>,
  );
}

const email = () => screen.getByLabelText('E-Mail');
const password = () => screen.getByLabelText('Passwort');
const submit = () => screen.getByRole('button', { name: 'EINLOGGEN' });

beforeEach(() => {
  loginMock.mockReset();
});
afterEach(async () => {
  window.localStorage.clear();
  await act(() => setLanguage('de'));
});

describe('validateLogin', () => {
  it('gives the spec messages', () => {
    expect(validateLogin('  ', '')).toEqual({
      username: 'E-Mail ist erforderlich',
      password: 'Passwort ist erforderlich',
    });
    expect(validateLogin('max@beispiel', 'x')).toEqual({ username: 'Email NICHT gültig' });
    expect(validateLogin(' max@beispiel.de ', 'x')).toEqual({});
  });
});

describe('LoginPage', () => {
  it('shows the form with the heading einloggen', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'einloggen' })).toBeInTheDocument();
    expect(email()).toHaveAttribute('name', 'username');
    expect(password()).toHaveAttribute('name', 'password');
  });

  it('switches to Polish and to English at once, and validates in that language', async () => {
    renderLogin();
    await userEvent.selectOptions(screen.getByLabelText('Sprache'), 'Polski');
    expect(await screen.findByRole('heading', { name: 'logowanie' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'ZALOGUJ' }));
    expect(screen.getByText('Adres e-mail jest wymagany')).toBeInTheDocument();
    expect(screen.getByLabelText('Hasło')).toHaveAttribute('aria-invalid', 'true');
    expect(document.title).toBe('Logowanie – BDS PRÜFBERICHT SOFTWARE');
    await userEvent.selectOptions(screen.getByLabelText('Język'), 'English');
    expect(await screen.findByRole('button', { name: 'SIGN IN' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('validates before sending and sends nothing while errors exist', async () => {
    renderLogin();
    await userEvent.click(submit());
    expect(screen.getByText('E-Mail ist erforderlich')).toBeInTheDocument();
    expect(screen.getByText('Passwort ist erforderlich')).toBeInTheDocument();
    await userEvent.type(email(), 'kein-email');
    await userEvent.click(submit());
    expect(screen.getByText('Email NICHT gültig')).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(loginMock).not.toHaveBeenCalled();
  });

  it('signs in, stores the token and goes to /', async () => {
    let resolve: (value: { token: string }) => void = () => {};
    loginMock.mockReturnValue(new Promise((r) => (resolve = r)));
    renderLogin();
    await userEvent.type(email(), ' staff@example.com ');
    await userEvent.type(password(), 'geheim');
    await userEvent.click(submit());
    expect(submit()).toBeDisabled();
    expect(loginMock).toHaveBeenCalledWith({ username: 'staff@example.com', password: 'geheim' });
    resolve({ token: 'tok' });
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
    expect(getToken()).toBe('tok');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('marks both fields on an HTTP error and enables the button again', async () => {
    loginMock.mockRejectedValue(httpError(401));
    renderLogin();
    await userEvent.type(email(), 'staff@example.com');
    await userEvent.type(password(), 'falsch');
    await userEvent.click(submit());
    expect(await screen.findByText('E-Mail ist ungültig')).toBeInTheDocument();
    expect(screen.getByText('Passwort ist ungültig')).toBeInTheDocument();
    expect(submit()).toBeEnabled();
    expect(getToken()).toBeNull();
  });

  it('keeps a lockout on the form with its end, without calling the fields wrong, until the next try', async () => {
    jest.useFakeTimers({ now: new Date(2026, 10, 25, 14, 0, 0), advanceTimers: true });
    try {
      loginMock.mockRejectedValueOnce(httpError(429, { 'retry-after': '900' }));
      renderLogin();
      await userEvent.type(email(), 'staff@example.com');
      await userEvent.type(password(), 'falsch');
      await userEvent.click(submit());
      const notice = await screen.findByRole('alert');
      expect(notice).toHaveTextContent(
        'Zu viele Versuche. Bitte später erneut versuchen. Gesperrt bis 14:15 Uhr.',
      );
      expect(screen.queryByText('E-Mail ist ungültig')).not.toBeInTheDocument();
      // A toast would be gone after 5 s; the notice is still there much later.
      jest.advanceTimersByTime(60_000);
      expect(screen.getByRole('alert')).toBeInTheDocument();
      loginMock.mockRejectedValueOnce(httpError(401));
      await userEvent.click(submit());
      expect(await screen.findByText('E-Mail ist ungültig')).toBeInTheDocument();
      expect(screen.queryByTestId('login-notice')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the toast for errors without an HTTP answer', async () => {
    loginMock.mockRejectedValue(new Error('Network Error'));
    renderLogin();
    await userEvent.type(email(), 'staff@example.com');
    await userEvent.type(password(), 'x');
    await userEvent.click(submit());
    expect(
      await screen.findByText('Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('E-Mail ist ungültig')).not.toBeInTheDocument();
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it('does not call the password wrong when the server fails: a toast with its reason instead', async () => {
    loginMock.mockRejectedValue(httpError(503));
    renderLogin();
    await userEvent.type(email(), 'staff@example.com');
    await userEvent.type(password(), 'richtig');
    await userEvent.click(submit());
    expect(
      await screen.findByText(
        'Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut. Zu viele Versuche. Bitte später erneut versuchen.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Passwort ist ungültig')).not.toBeInTheDocument();
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it('sends a signed-in user to /', () => {
    setToken('t');
    renderLogin();
    expect(screen.getByText('Dashboard')).toBeInTheDocument();
  });
});

describe('two-factor sign-in', () => {
  it('asks for the code after a right password, shows a wrong one and signs in with the right one', async () => {
    loginMock.mockResolvedValue({ second_factor: 'totp', challenge: 'c'.repeat(43) });
    renderLogin();
    await userEvent.type(email(), 'a@b.de');
    await userEvent.type(password(), 'richtiges-Passwort');
    await userEvent.click(submit());
    const code = await screen.findByLabelText('Code');
    expect(code).toHaveFocus();
    expect(getToken()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'BESTÄTIGEN' }));
    expect(screen.getByText('Code ist erforderlich')).toBeInTheDocument();
    expect(secondFactorMock).not.toHaveBeenCalled();
    secondFactorMock.mockRejectedValueOnce(httpError(401));
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'BESTÄTIGEN' }));
    expect(await screen.findByText('Zu viele Versuche. Bitte später erneut versuchen.')).toBeInTheDocument();
    secondFactorMock.mockResolvedValueOnce({ token: 'neues-token' });
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'BESTÄTIGEN' }));
    await waitFor(() => expect(getToken()).toBe('neues-token'));
    expect(secondFactorMock).toHaveBeenLastCalledWith({ challenge: 'c'.repeat(43), code: '123456' });
  });
});
