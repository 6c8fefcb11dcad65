import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { berlinIsoDate, type PaperRequest } from 'contracts';
import { http } from 'shared-ui';
import { apiError, renderScreen } from '../../../test/render';
import PaperRequestsPanel from './paper-requests-panel';

const request = (over: Partial<PaperRequest>): PaperRequest => ({
  id: 1,
  machine_id: 3,
  machine_name: 'MAB 825',
  serial: '4852406001',
  kind: 'instructions',
  language: 'de',
  name: 'Erika Mustermann',
  address: 'Heidestraße 17\n51147 Köln',
  email: 'erika@example.com',
  created_at: '2026-01-02T09:00:00.000Z',
  due: '2026-02-01',
  sent_on: null,
  erased: false,
  ...over,
});

const list = jest.fn<() => Promise<PaperRequest[]>>();
const sent = jest.fn<(url: string, body: unknown) => Promise<void>>();

describe('PaperRequestsPanel', () => {
  beforeEach(() => {
    list.mockReset();
    sent.mockReset().mockResolvedValue(undefined);
    jest.spyOn(http, 'get').mockImplementation(async (url: string) => {
      if (url !== '/paper-requests') throw new Error(`unexpected GET ${url}`);
      return { data: { data: await list() } } as never;
    });
    jest.spyOn(http, 'post').mockImplementation(async (url: string, body?: unknown) => {
      await sent(url, body);
      return { data: undefined } as never;
    });
  });

  it('marks an overdue open request in words; a done one shows its day; erased data says so', async () => {
    list.mockResolvedValue([
      request({ id: 1 }),
      request({ id: 2, due: '2999-01-01', name: 'Max Muster' }),
      request({ id: 3, sent_on: '2026-01-20', name: 'Sent Person' }),
      request({ id: 4, sent_on: '2025-01-20', name: '', address: '', email: '', erased: true }),
    ]);
    renderScreen(<PaperRequestsPanel />);
    const rows = await screen.findAllByTestId('paper-request-row');
    expect(rows[0]).toHaveTextContent('ÜBERFÄLLIG');
    expect(rows[0]).toHaveTextContent('Betriebsanleitung (DE)');
    expect(rows[1]).not.toHaveTextContent('ÜBERFÄLLIG');
    expect(rows[2]).toHaveTextContent('versandt am 20.01.2026');
    expect(rows[2]).not.toHaveTextContent('ÜBERFÄLLIG');
    expect(rows[3]).toHaveTextContent('Personendaten gelöscht');
  });

  it('done with the day sent, today unless changed', async () => {
    const user = userEvent.setup();
    list.mockResolvedValue([request({})]);
    renderScreen(<PaperRequestsPanel />);
    const row = (await screen.findAllByTestId('paper-request-row'))[0];
    expect(within(row).getByLabelText('Versandt am')).toHaveValue(berlinIsoDate(new Date()));
    await user.click(within(row).getByRole('button', { name: 'ALS VERSANDT ERLEDIGEN' }));
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith('/paper-requests/1/sent', { sent_on: berlinIsoDate(new Date()) }),
    );
  });

  it('an account without the Stammdaten role is told who sees the requests', async () => {
    list.mockRejectedValue(apiError(403, 'Verboten'));
    renderScreen(<PaperRequestsPanel />, { roles: ['lesen'] });
    expect(
      await screen.findByText('Anfragen nach Papierexemplaren sieht, wer die Rolle „Stammdaten“ hat.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
