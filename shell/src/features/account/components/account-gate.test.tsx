import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { currentLanguage, setLanguage } from 'shared-ui';
import { renderAtAsync, testMe } from '../../../test/render';
import { AccountGate } from './account-gate';

afterEach(() => act(() => setLanguage('de')));

const gate = <Route path="/" element={<AccountGate>Arbeitsbereich</AccountGate>} />;

describe('AccountGate', () => {
  it("asks a new account for its own password in the account's language", async () => {
    await renderAtAsync('/', gate, {}, { ...testMe, must_change_password: true, language: 'pl' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ustaw własne hasło' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Zmiana hasła' })).toBeInTheDocument();
    expect(currentLanguage()).toBe('pl');
    expect(screen.queryByText('Arbeitsbereich')).toBeNull();
  });

  it('asks for two-factor sign-in where it is required, in English', async () => {
    await renderAtAsync('/', gate, {}, { ...testMe, two_factor_required: true, language: 'en' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Please set up two-factor sign-in' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^An administrator has made two-factor sign-in a requirement/),
    ).toBeInTheDocument();
  });

  it('asks in German as before', async () => {
    await renderAtAsync('/', gate, {}, { ...testMe, must_change_password: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bitte wählen Sie Ihr eigenes Passwort' }),
    ).toBeInTheDocument();
  });

  it('lets an account that has done both through', async () => {
    await renderAtAsync('/', gate, {}, testMe);
    expect(await screen.findByText('Arbeitsbereich')).toBeInTheDocument();
  });
});
