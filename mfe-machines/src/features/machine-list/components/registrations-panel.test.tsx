import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Registration } from 'contracts';
import { http } from 'shared-ui';
import { apiError, renderScreen } from '../../../test/render';
import RegistrationsPanel from './registrations-panel';

const registration = (over: Partial<Registration>): Registration => ({
  id: 1,
  serial: '4852406001',
  status: 'active',
  owner: 'Schreinerei Muster',
  email: 'erika@example.com',
  country: 'AT',
  purchased_on: '2026-11-02',
  dealer: null,
  language: 'de',
  consent_version: '2026-11',
  mailed: true,
  confirmed_at: '2026-11-03T10:00:00.000Z',
  created_at: '2026-11-03T09:00:00.000Z',
  unsubscribed_at: null,
  ...over,
});

const list = jest.fn<() => Promise<Registration[]>>();
const deleted = jest.fn<(url: string, config: unknown) => Promise<void>>();

describe('RegistrationsPanel', () => {
  beforeEach(() => {
    list.mockReset();
    deleted.mockReset().mockResolvedValue(undefined);
    jest.spyOn(http, 'get').mockImplementation(async (url: string) => {
      if (url !== '/registrations') throw new Error(`unexpected GET ${url}`);
      return { data: { data: await list() } } as never;
    });
    jest.spyOn(http, 'delete').mockImplementation(async (url: string, config?: unknown) => {
      await deleted(url, config);
      return { data: undefined } as never;
    });
  });

  it('shows each owner with the state of the registration, the owner’s text as text', async () => {
    list.mockResolvedValue([
      registration({ id: 1, owner: '<b>Fett</b>', unsubscribed_at: '2026-11-20T10:00:00.000Z' }),
      registration({ id: 2, status: 'conflict', confirmed_at: null }),
      registration({ id: 3, confirmed_at: null }),
      registration({ id: 4, confirmed_at: null, mailed: false, dealer: 'Werkzeug Meier' }),
    ]);
    renderScreen(<RegistrationsPanel />);
    const rows = await screen.findAllByTestId('registration-row');
    expect(rows[0]).toHaveTextContent('<b>Fett</b>');
    expect(rows[0]).toHaveTextContent('bestätigt am 03.11.2026');
    expect(rows[0]).toHaveTextContent('keine Informations-E-Mails seit 20.11.2026');
    expect(rows[2]).not.toHaveTextContent('Informations-E-Mails');
    expect(rows[1]).toHaveTextContent('Konflikt: schon registriert');
    expect(rows[2]).toHaveTextContent('Bestätigung ausstehend');
    expect(rows[3]).toHaveTextContent('ohne E-Mail-Bestätigung');
    expect(rows[3]).toHaveTextContent('AT · 02.11.2026 · Werkzeug Meier');
  });

  it('deletes on request only with a reason', async () => {
    const user = userEvent.setup();
    list.mockResolvedValue([registration({ id: 7 })]);
    renderScreen(<RegistrationsPanel />);
    const row = (await screen.findAllByTestId('registration-row'))[0];
    const button = within(row).getByRole('button', { name: 'LÖSCHEN' });
    expect(button).toBeDisabled();
    await user.type(within(row).getByLabelText('Grund (Antrag des Besitzers)'), 'Brief vom 28.11.');
    await user.click(button);
    await waitFor(() =>
      expect(deleted).toHaveBeenCalledWith('/registrations/7', { data: { reason: 'Brief vom 28.11.' } }),
    );
  });

  it('an account without the release role is told who sees the owners', async () => {
    list.mockRejectedValue(apiError(403, 'Verboten'));
    renderScreen(<RegistrationsPanel />, { roles: ['lesen'] });
    expect(
      await screen.findByText('Registrierungen sehen Konten mit der Rolle „Freigabe (Qualität)“.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
