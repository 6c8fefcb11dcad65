import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { Route } from 'react-router-dom';
import { getToken } from 'shared-ui';
import { renderAt } from '../../../test/render';
import { startCompanySignIn, takeCompanySession } from '../api/company-sign-in';
import { LoginPage } from './login-page';

jest.mock('../api/company-sign-in', () => ({ startCompanySignIn: jest.fn(), takeCompanySession: jest.fn() }));
const start = startCompanySignIn as jest.MockedFunction<typeof startCompanySignIn>;
const take = takeCompanySession as jest.MockedFunction<typeof takeCompanySession>;

function apiError(status: number, message: string) {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  return new AxiosError('failed', 'ERR', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data: { error: { code: 'X', message } },
  });
}

function renderLogin(props: Parameters<typeof LoginPage>[0], companySignIn: string | null) {
  renderAt('/login', <Route path="/login" element={<LoginPage {...props} />} />, { companySignIn });
}

beforeEach(() => {
  start.mockReset();
  take.mockReset();
});
afterEach(() => window.localStorage.clear());

describe('sign-in with the company account', () => {
  it('is not offered when the API has no provider', () => {
    renderLogin({}, null);
    expect(screen.queryByRole('button', { name: 'Mit Firmenkonto anmelden' })).toBeNull();
    expect(screen.getByRole('button', { name: 'EINLOGGEN' })).toBeTruthy();
  });

  it('asks the API for the provider with the wanted path, and shows its German refusal', async () => {
    start.mockRejectedValue(apiError(503, 'Der Anmeldedienst Ihrer Firma ist gerade nicht erreichbar.'));
    renderLogin({ returnTo: '/certificates/5' }, 'Mit Firmenkonto anmelden');
    await userEvent.click(screen.getByRole('button', { name: 'Mit Firmenkonto anmelden' }));
    expect(start).toHaveBeenCalledWith('/certificates/5');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Der Anmeldedienst Ihrer Firma ist gerade nicht erreichbar.',
    );
    expect(screen.getByText('oder mit E-Mail und Passwort')).toBeTruthy();
  });

  it('shows a configured label as it is', () => {
    renderLogin({}, 'Anmelden mit ACME-ID');
    expect(screen.getByRole('button', { name: 'Anmelden mit ACME-ID' })).toBeTruthy();
  });

  it('back from the provider, takes the session once and goes where the user wanted', async () => {
    take.mockResolvedValue({ token: 'token-vom-firmenkonto-0123456789', return_to: '/machines?page=2' });
    const signedIn = jest.fn();
    renderLogin({ companyReturned: true, onSignedIn: signedIn }, 'Mit Firmenkonto anmelden');
    await waitFor(() => expect(signedIn).toHaveBeenCalledWith('/machines?page=2'));
    expect(getToken()).toBe('token-vom-firmenkonto-0123456789');
    expect(take).toHaveBeenCalledTimes(1);
  });

  it('back from the provider with a refusal, says why and keeps the form', async () => {
    take.mockRejectedValue(apiError(403, 'Keine Berechtigung für Prüfbericht.'));
    renderLogin({ companyReturned: true }, 'Mit Firmenkonto anmelden');
    expect((await screen.findByRole('alert')).textContent).toBe('Keine Berechtigung für Prüfbericht.');
    expect(getToken()).toBeNull();
    expect(screen.getByLabelText('E-Mail')).toBeTruthy();
    // Nobody came back from the provider to type a password.
    expect(screen.getByLabelText('E-Mail')).not.toHaveFocus();
  });

  it('puts the cursor into E-Mail when the login page is simply opened', () => {
    renderLogin({}, 'Mit Firmenkonto anmelden');
    expect(screen.getByLabelText('E-Mail')).toHaveFocus();
  });
});
