import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Account, Settings, StaffLanguage } from 'contracts';
import { Route } from 'react-router-dom';
import { http, setLanguage } from 'shared-ui';
import { renderAt, testMe } from '../../../test/render';
import AccountsPage from './accounts-page';

const colleague: Account = {
  id: 2,
  email: 'anna@example.com',
  name: 'Anna Berg',
  roles: ['pruefer', 'lesen'],
  disabled: false,
  must_change_password: false,
  two_factor: true,
  two_factor_required: false,
  locked_until: '2026-11-28T09:45:00.000Z',
  last_sign_in_at: '2026-11-28T08:15:00.000Z',
  created_at: '2026-11-01T08:00:00.000Z',
  directory: false,
  roles_synced_at: null,
  language: 'pl',
};
const settings: Settings = {
  require_two_factor: false,
  release_by_second_person: false,
  directory_only: false,
};

beforeEach(() => {
  jest.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/accounts') return { data: { data: [colleague] } } as never;
    if (url === '/settings') return { data: settings } as never;
    throw new Error(`unexpected GET ${url}`);
  });
});
afterEach(() => act(() => setLanguage('de')));

async function renderIn(language: StaffLanguage) {
  await act(() => setLanguage(language));
  renderAt('/admin/accounts', <Route path="/admin/accounts" element={<AccountsPage />} />, {}, testMe);
}

/** What the administrator reads of one account, and the add form's checks, in each language. */
const EXPECTED = {
  de: {
    heading: 'Konten',
    roles: ['Prüfer', 'Lesen'],
    lastSignIn: '28.11.2026 09:15',
    locked: 'Nach Fehlversuchen gesperrt bis 28.11.2026 10:45',
    add: 'KONTO ANLEGEN',
    create: 'ANLEGEN',
    email: 'E-Mail',
    password: 'Erstes Passwort',
    required: 'Pflichtfeld',
    tooShort: 'Mindestens 10 Zeichen',
    hint: /\(mindestens 10 Zeichen\)/,
    settings: 'Regeln für alle Konten',
    edit: 'Bearbeiten: anna@example.com',
    editHeading: 'Konto anna@example.com',
    roleBox: 'Freigabe (Qualität)',
  },
  en: {
    heading: 'Accounts',
    roles: ['Checker', 'Read only'],
    lastSignIn: '28/11/2026 09:15',
    locked: 'Locked after failed attempts until 28/11/2026 10:45',
    add: 'ADD ACCOUNT',
    create: 'CREATE',
    email: 'E-mail',
    password: 'First password',
    required: 'Required',
    tooShort: 'At least 10 characters',
    hint: /\(at least 10 characters\)/,
    settings: 'Rules for every account',
    edit: 'Edit: anna@example.com',
    editHeading: 'Account anna@example.com',
    roleBox: 'Release (quality)',
  },
  pl: {
    heading: 'Konta',
    roles: ['Sprawdzający', 'Tylko odczyt'],
    lastSignIn: '28.11.2026 09:15',
    locked: 'Zablokowane po nieudanych próbach do 28.11.2026 10:45',
    add: 'DODAJ KONTO',
    create: 'UTWÓRZ',
    email: 'E-mail',
    password: 'Pierwsze hasło',
    required: 'Pole wymagane',
    tooShort: 'Co najmniej 10 znaków',
    hint: /\(co najmniej 10 znaków\)/,
    settings: 'Zasady dla wszystkich kont',
    edit: 'Edytuj: anna@example.com',
    editHeading: 'Konto anna@example.com',
    roleBox: 'Zwolnienie (jakość)',
  },
} satisfies Record<StaffLanguage, unknown>;

describe.each(Object.entries(EXPECTED))('AccountsPage in %s', (language, text) => {
  it('lists an account with its roles, lock and last sign-in', async () => {
    await renderIn(language as StaffLanguage);
    expect(screen.getByRole('heading', { level: 1, name: text.heading })).toBeInTheDocument();
    const row = await screen.findByTestId('account-anna@example.com');
    for (const role of text.roles) expect(within(row).getByText(role)).toBeInTheDocument();
    expect(row).toHaveTextContent(text.lastSignIn);
    expect(row).toHaveTextContent(text.locked);
    expect(await screen.findByRole('heading', { name: text.settings })).toBeInTheDocument();
  });

  it('checks a new account in the language: a field left empty, a first password too short', async () => {
    const user = userEvent.setup();
    const post = jest.spyOn(http, 'post');
    await renderIn(language as StaffLanguage);
    await user.click(screen.getByRole('button', { name: text.add }));
    expect(screen.getByText(text.hint)).toBeInTheDocument();
    await user.type(screen.getByLabelText(text.password), 'kurz');
    await user.click(screen.getByRole('button', { name: text.create }));
    expect(screen.getByLabelText(text.email)).toHaveAccessibleDescription(text.required);
    expect(screen.getByLabelText(text.password)).toHaveAccessibleDescription(text.tooShort);
    expect(post).not.toHaveBeenCalled();
  });

  it("opens an account's editor with its roles to tick", async () => {
    const user = userEvent.setup();
    await renderIn(language as StaffLanguage);
    await user.click(await screen.findByRole('button', { name: text.edit }));
    const editor = screen.getByTestId('account-editor');
    expect(within(editor).getByRole('heading', { name: text.editHeading })).toHaveFocus();
    expect(within(editor).getByRole('checkbox', { name: text.roles[0] })).toBeChecked();
    expect(within(editor).getByRole('checkbox', { name: text.roleBox })).not.toBeChecked();
  });
});

describe('AccountsPage', () => {
  it('follows a change of language at once, dates included', async () => {
    await renderIn('de');
    const row = await screen.findByTestId('account-anna@example.com');
    expect(row).toHaveTextContent('28.11.2026 09:15');
    expect(within(row).getByText('Prüfer')).toBeInTheDocument();
    await act(() => setLanguage('en'));
    expect(screen.getByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument();
    expect(row).toHaveTextContent('28/11/2026 09:15');
    expect(within(row).getByText('Checker')).toBeInTheDocument();
  });
});
