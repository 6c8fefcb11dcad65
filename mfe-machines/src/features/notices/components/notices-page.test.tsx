import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AffectedList, MachineList, Notice, Role } from 'contracts';
import { http } from 'shared-ui';
import { apiError, renderScreen } from '../../../test/render';
import NoticesPage from './notices-page';

const HOSTILE = '<img src=x onerror="window.__xss=1">';
const notice: Notice = {
  id: 3,
  machine_id: 7,
  machine_name: 'MAB 825',
  severity: 'recall',
  title_de: `Rückruf Schalter ${HOSTILE}`,
  title_en: 'Recall switch',
  text_de: 'Nicht benutzen.',
  text_en: 'Stop using it.',
  serial_from: '4852611001',
  serial_to: '4852611002',
  issued_from: null,
  issued_to: null,
  published_at: '2026-11-28T10:00:00.000Z',
  published_by_name: 'Qualität',
  closed_at: null,
  closed_by_name: null,
  close_reason: null,
  affected: 2,
};
const units: AffectedList = {
  data: [
    {
      serial: '4852611001',
      certificate_id: 41,
      tested_at: '2026-11-27T09:00:00.000Z',
      release: 'released',
      voided: false,
      registered: true,
      mailed: true,
    },
    {
      serial: '4852611002',
      certificate_id: 41,
      tested_at: '2026-11-27T09:00:00.000Z',
      release: 'failed',
      voided: true,
      registered: true,
      mailed: false,
    },
  ],
  total: 2,
  registered: 2,
  mailed: 1,
};
const machines: MachineList = {
  data: [
    { id: 7, pos: 1, name: 'MAB 825', brand_name: 'BDS', ean_number: '', created_at: '2026-01-01T00:00:00Z' },
  ],
  total: 1,
};

const post = jest.fn<(url: string, body: unknown) => Promise<unknown>>();

beforeEach(() => {
  post.mockReset();
  jest.mocked(http.get).mockImplementation(async (url: string) => {
    if (url === '/notices') return { data: { data: [notice], mailing: true } } as never;
    if (url === '/notices/3/affected') return { data: units } as never;
    if (url === '/machines') return { data: machines } as never;
    throw new Error(`unexpected GET ${url}`);
  });
  jest
    .mocked(http.post)
    .mockImplementation(async (url: string, body?: unknown) => ({ data: await post(url, body) }) as never);
});

const renderPage = (roles: Role[] = ['freigabe']) => renderScreen(<NoticesPage />, { roles });

describe('NoticesPage', () => {
  it('lists a notice with its scope, its title as text, and its units; a reader can neither publish nor close', async () => {
    const user = userEvent.setup();
    renderPage(['lesen']);
    const row = (await screen.findAllByTestId('notice'))[0];
    expect(row).toHaveTextContent('Rückruf');
    expect(row).toHaveTextContent(`Rückruf Schalter ${HOSTILE}`);
    expect(row.querySelector('img')).toBeNull();
    expect(row).toHaveTextContent('Seriennummern 4852611001 bis 4852611002');
    expect(screen.queryByRole('button', { name: 'Neuer Hinweis' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Betroffene Einheiten zeigen' }));
    const list = await screen.findByTestId('affected-units');
    expect(
      within(list)
        .getAllByTestId('affected-unit')
        .map((unit) => unit.textContent),
    ).toEqual([
      expect.stringMatching(/Freigegeben\s*ja\s*ja$/),
      expect.stringMatching(/Nicht bestanden.*storniert\s*ja\s*nein$/),
    ]);
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['SERIENNUMMER', 'PRÜFBERICHT', 'GEPRÜFT AM', 'FREIGABE', 'REGISTRIERT', 'BENACHRICHTIGT']);
    expect(screen.getByTestId('affected-owners')).toHaveTextContent('2 von 2 registriert, 1 benachrichtigt');
    expect(screen.queryByTestId('notices-no-mail')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hinweis schließen' })).toBeNull();
  });

  it('says that no mail goes out when SMTP_URL is not set', async () => {
    const user = userEvent.setup();
    jest.mocked(http.get).mockImplementation(async (url: string) => {
      if (url === '/notices') return { data: { data: [notice], mailing: false } } as never;
      if (url === '/notices/3/affected')
        return {
          data: { ...units, mailed: 0, data: units.data.map((unit) => ({ ...unit, mailed: false })) },
        } as never;
      throw new Error(`unexpected GET ${url}`);
    });
    renderPage(['lesen']);
    expect(await screen.findByTestId('notices-no-mail')).toHaveTextContent(
      'Es ist kein Mailserver eingerichtet (SMTP_URL): registrierte Besitzer erhalten keine E-Mail.',
    );
    await user.click(await screen.findByRole('button', { name: 'Betroffene Einheiten zeigen' }));
    expect(await screen.findByTestId('affected-owners')).toHaveTextContent(
      '2 von 2 registriert, 0 benachrichtigt',
    );
  });

  it('shows the API’s German field message at the field, with the keyboard on it', async () => {
    const user = userEvent.setup();
    post.mockRejectedValue(
      apiError(400, 'Bitte prüfen Sie die markierten Felder.', {
        serial_to: 'Das Ende des Bereichs liegt vor seinem Anfang',
      }),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Neuer Hinweis' }));
    const form = await screen.findByTestId('notice-form');
    await screen.findByRole('option', { name: 'MAB 825 (BDS)' });
    await user.selectOptions(within(form).getByLabelText('Maschine'), '7');
    await user.type(within(form).getByLabelText('Seriennummer von'), '2');
    await user.type(within(form).getByLabelText('Seriennummer bis'), '1');
    await user.click(within(form).getByRole('button', { name: 'Veröffentlichen' }));
    const field = within(form).getByLabelText('Seriennummer bis');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('Das Ende des Bereichs liegt vor seinem Anfang'),
    );
    expect(field).toHaveFocus();
    expect(post).toHaveBeenCalledWith(
      '/notices',
      expect.objectContaining({ machine_id: 7, serial_from: '2', serial_to: '1', issued_from: undefined }),
    );
  });

  it('closes a notice with a reason', async () => {
    const user = userEvent.setup();
    post.mockResolvedValue({ ...notice, closed_at: '2026-11-29T00:00:00.000Z' });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Betroffene Einheiten zeigen' }));
    await user.click(await screen.findByRole('button', { name: 'Hinweis schließen' }));
    await user.type(screen.getByLabelText('Begründung'), 'Alle nachgerüstet');
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/notices/3/close', { reason: 'Alle nachgerüstet' }),
    );
  });
});
