import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me, StaffLanguage } from 'contracts';
import { Route } from 'react-router-dom';
import { http, setLanguage } from 'shared-ui';
import { renderAt, testMe } from '../../../test/render';
import AccountPage from './account-page';

const me: Me = { ...testMe, name: 'Anna Berg', roles: ['pruefer', 'freigabe'] };

beforeEach(() => {
  jest.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/me/sign-ins')
      return {
        data: {
          data: [
            { at: '2026-11-28T08:15:00.000Z', ok: true, address: '10.0.0.7' },
            { at: '2026-11-27T16:02:00.000Z', ok: false, address: '10.0.0.9' },
          ],
        },
      } as never;
    throw new Error(`unexpected GET ${url}`);
  });
});
afterEach(() => act(() => setLanguage('de')));

async function renderIn(language: StaffLanguage) {
  await act(() => setLanguage(language));
  renderAt('/account', <Route path="/account" element={<AccountPage />} />, {}, me);
}

/** The own account in each language: roles by name, recent sign-ins with their times, the password's checks. */
const EXPECTED = {
  de: {
    heading: 'Mein Konto',
    lead: 'Anna Berg · chef@example.com · Rollen: Prüfer, Freigabe (Qualität)',
    signIns: 'Letzte Anmeldungen',
    rows: [
      ['28.11.2026 09:15', 'Angemeldet', '10.0.0.7'],
      ['27.11.2026 17:02', 'Fehlgeschlagen', '10.0.0.9'],
    ],
    current: 'Bisheriges Passwort',
    next: 'Neues Passwort',
    repeat: 'Neues Passwort wiederholen',
    submit: 'PASSWORT ÄNDERN',
    required: 'Pflichtfeld',
    tooShort: 'Mindestens 10 Zeichen',
    mismatch: 'Die beiden Passwörter stimmen nicht überein',
    hint: 'Mindestens 10 Zeichen; verbreitete Passwörter werden abgelehnt.',
    twoFactor: 'Zwei-Faktor-Anmeldung',
    twoFactorOff: /^Nicht eingerichtet\./,
    start: 'EINRICHTEN',
    everywhere: 'ÜBERALL ABMELDEN',
    language: 'Sprache',
  },
  en: {
    heading: 'My account',
    lead: 'Anna Berg · chef@example.com · Roles: Checker, Release (quality)',
    signIns: 'Recent sign-ins',
    rows: [
      ['28/11/2026 09:15', 'Signed in', '10.0.0.7'],
      ['27/11/2026 17:02', 'Failed', '10.0.0.9'],
    ],
    current: 'Current password',
    next: 'New password',
    repeat: 'Repeat new password',
    submit: 'CHANGE PASSWORD',
    required: 'Required',
    tooShort: 'At least 10 characters',
    mismatch: 'The two passwords do not match',
    hint: 'At least 10 characters; common passwords are refused.',
    twoFactor: 'Two-factor sign-in',
    twoFactorOff: /^Not set up\./,
    start: 'SET UP',
    everywhere: 'SIGN OUT EVERYWHERE',
    language: 'Language',
  },
  pl: {
    heading: 'Moje konto',
    lead: 'Anna Berg · chef@example.com · Role: Sprawdzający, Zwolnienie (jakość)',
    signIns: 'Ostatnie logowania',
    rows: [
      ['28.11.2026 09:15', 'Zalogowano', '10.0.0.7'],
      ['27.11.2026 17:02', 'Nieudane', '10.0.0.9'],
    ],
    current: 'Dotychczasowe hasło',
    next: 'Nowe hasło',
    repeat: 'Powtórz nowe hasło',
    submit: 'ZMIEŃ HASŁO',
    required: 'Pole wymagane',
    tooShort: 'Co najmniej 10 znaków',
    mismatch: 'Hasła nie są zgodne',
    hint: 'Co najmniej 10 znaków; popularne hasła są odrzucane.',
    twoFactor: 'Logowanie dwuskładnikowe',
    twoFactorOff: /^Nieskonfigurowane\./,
    start: 'SKONFIGURUJ',
    everywhere: 'WYLOGUJ WSZĘDZIE',
    language: 'Język',
  },
} satisfies Record<StaffLanguage, unknown>;

describe.each(Object.entries(EXPECTED))('AccountPage in %s', (language, text) => {
  it('shows the account with its roles, its two-factor sign-in and its recent sign-ins', async () => {
    await renderIn(language as StaffLanguage);
    expect(screen.getByRole('heading', { level: 1, name: text.heading })).toBeInTheDocument();
    expect(screen.getByText(text.lead)).toBeInTheDocument();
    const twoFactor = screen.getByRole('region', { name: text.twoFactor });
    expect(within(twoFactor).getByText(text.twoFactorOff)).toBeInTheDocument();
    expect(within(twoFactor).getByRole('button', { name: text.start })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.everywhere })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: text.language })).toHaveValue(language);
    const signIns = screen.getByRole('region', { name: text.signIns });
    const rows = (await within(signIns).findAllByRole('row')).slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual(text.rows);
  });

  it('checks a new password in the language before sending it', async () => {
    const user = userEvent.setup();
    const put = jest.spyOn(http, 'put');
    await renderIn(language as StaffLanguage);
    expect(screen.getByLabelText(text.next)).toHaveAccessibleDescription(text.hint);
    await user.type(screen.getByLabelText(text.next), 'kurz');
    await user.type(screen.getByLabelText(text.repeat), 'anders');
    await user.click(screen.getByRole('button', { name: text.submit }));
    expect(screen.getByLabelText(text.current)).toHaveAccessibleDescription(text.required);
    expect(screen.getByLabelText(text.next)).toHaveAccessibleDescription(`${text.tooShort} ${text.hint}`);
    expect(screen.getByLabelText(text.repeat)).toHaveAccessibleDescription(text.mismatch);
    expect(put).not.toHaveBeenCalled();
  });
});
