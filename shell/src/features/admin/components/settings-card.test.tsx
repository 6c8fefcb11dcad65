import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Settings } from 'contracts';
import { Route } from 'react-router-dom';
import { http } from 'shared-ui';
import { renderAt } from '../../../test/render';
import { SettingsCard } from './settings-card';

const stored: Settings = { require_two_factor: true, release_by_second_person: false };
const put = jest.spyOn(http, 'put');

beforeEach(() => {
  jest.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/settings') return { data: stored } as never;
    throw new Error(`unexpected GET ${url}`);
  });
  put.mockReset();
  put.mockImplementation(async (_url: string, body?: unknown) => ({ data: body }) as never);
});

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
      }),
    );
    expect(await screen.findByText('Einstellung gespeichert.')).toBeInTheDocument();
    await waitFor(() => expect(release).toBeChecked());
    expect(
      screen.getByRole('checkbox', { name: 'Zwei-Faktor-Anmeldung für alle Konten vorschreiben' }),
    ).toBeChecked();
  });
});
