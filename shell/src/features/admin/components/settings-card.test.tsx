import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Settings } from 'contracts';
import { Route } from 'react-router-dom';
import { http, setLanguage } from 'shared-ui';
import { renderAt } from '../../../test/render';
import { SettingsCard } from './settings-card';

const stored: Settings = { require_two_factor: true, release_by_second_person: false, directory_only: false };
const put = jest.spyOn(http, 'put');

beforeEach(() => {
  jest.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/settings') return { data: stored } as never;
    throw new Error(`unexpected GET ${url}`);
  });
  put.mockReset();
  put.mockImplementation(async (_url: string, body?: unknown) => ({ data: body }) as never);
});
afterEach(() => act(() => setLanguage('de')));

describe('SettingsCard', () => {
  it('turns on release by a second person and keeps the two-factor rule as stored', async () => {
    const user = userEvent.setup();
    renderAt('/', <Route path="/" element={<SettingsCard />} />);
    const release = await screen.findByRole('checkbox', { name: 'Freigabe durch eine zweite Person' });
    expect(release).not.toBeChecked();
    expect(release).toHaveAccessibleDescription(/nicht geprüft hat/);
    await user.click(release);
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/settings', {
        require_two_factor: true,
        release_by_second_person: true,
        directory_only: false,
      }),
    );
    expect(await screen.findByText('Einstellung gespeichert.')).toBeInTheDocument();
    await waitFor(() => expect(release).toBeChecked());
    expect(
      screen.getByRole('checkbox', { name: 'Zwei-Faktor-Anmeldung für alle Konten vorschreiben' }),
    ).toBeChecked();
  });
});

describe('„Nur Firmenkonto“', () => {
  it('is offered only when the company account is configured', async () => {
    renderAt('/', <Route path="/" element={<SettingsCard />} />);
    await screen.findByRole('checkbox', { name: 'Freigabe durch eine zweite Person' });
    expect(screen.queryByRole('checkbox', { name: 'Nur Firmenkonto' })).toBeNull();
  });

  it('turns on local sign-in for administrators only', async () => {
    const user = userEvent.setup();
    renderAt('/', <Route path="/" element={<SettingsCard />} />, {
      companySignIn: 'Mit Firmenkonto anmelden',
    });
    const only = await screen.findByRole('checkbox', { name: 'Nur Firmenkonto' });
    expect(only).toHaveAccessibleDescription(/nur noch für Administratoren/);
    await user.click(only);
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/settings', {
        require_two_factor: true,
        release_by_second_person: false,
        directory_only: true,
      }),
    );
  });
});

describe.each([
  {
    language: 'en' as const,
    release: 'Release by a second person',
    hint: /who did not test them/,
    twoFactor: 'Require two-factor sign-in for every account',
    only: 'Company account only',
    saved: 'Setting saved.',
  },
  {
    language: 'pl' as const,
    release: 'Zwolnienie przez drugą osobę',
    hint: /która ich nie badała/,
    twoFactor: 'Wymagaj logowania dwuskładnikowego dla wszystkich kont',
    only: 'Tylko konto firmowe',
    saved: 'Zapisano ustawienie.',
  },
])('SettingsCard in $language', (text) => {
  it('names each rule and says it saved one', async () => {
    const user = userEvent.setup();
    await act(() => setLanguage(text.language));
    renderAt('/', <Route path="/" element={<SettingsCard />} />, { companySignIn: 'SSO' });
    const release = await screen.findByRole('checkbox', { name: text.release });
    expect(release).toHaveAccessibleDescription(text.hint);
    expect(screen.getByRole('checkbox', { name: text.twoFactor })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: text.only })).not.toBeChecked();
    await user.click(release);
    expect(await screen.findByText(text.saved)).toBeInTheDocument();
  });
});
