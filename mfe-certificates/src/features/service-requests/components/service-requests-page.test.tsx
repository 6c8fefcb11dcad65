import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServiceRequest, ServiceRequestDetail } from 'contracts';
import { MemoryRouter } from 'react-router-dom';
import { http } from 'shared-ui';
import ServiceRequestsPage from './service-requests-page';

// The unit's own page is tested in unit-page.test.tsx; here it only has to be shown for the right serial.
jest.mock('../../../components/unit-record/unit-record', () => ({
  UnitRecord: ({ serial }: { serial: string }) => <p>Prüfergebnisse von {serial}</p>,
}));

const getMock = jest.spyOn(http, 'get');
const putMock = jest.spyOn(http, 'put');
const postMock = jest.spyOn(http, 'post');
const deleteMock = jest.spyOn(http, 'delete');
const answer = (data: unknown) => ({ data }) as never;

const request = (id: number, fields: Partial<ServiceRequest> = {}): ServiceRequest => ({
  id,
  serial: `48526110${id}`,
  status: 'new',
  text: 'Der Motor brummt.\nDer Schalter wird heiß.',
  name: 'Erika Muster',
  email: 'erika@example.com',
  phone: '+49 30 123',
  language: 'de',
  photos: 1,
  created_at: '2026-11-28T09:00:00.000Z',
  updated_at: '2026-11-28T09:00:00.000Z',
  ...fields,
});
let detail: ServiceRequestDetail;

beforeEach(() => {
  detail = {
    ...request(2, { text: '<script>alert(1)</script> Riss im Gehäuse' }),
    notes: [{ id: 1, text: 'Rückruf vereinbart', author: 'Quinn Qualität', at: '2026-11-28T10:00:00.000Z' }],
  };
  Object.assign(URL, { createObjectURL: () => 'blob:foto', revokeObjectURL: () => {} });
  getMock.mockImplementation(async (url: string, options?: { params?: unknown }) => {
    if (url === '/service-requests') {
      const all = [request(2, { text: detail.text }), request(1, { status: 'done' })];
      const status = (options?.params as { status?: string } | undefined)?.status;
      return answer({ data: all.filter((row) => !status || row.status === status), new_count: 1 });
    }
    if (url === '/service-requests/2') return answer(detail);
    if (url === '/service-requests/2/photos/1') return answer(new Blob(['png']));
    throw new Error(`unexpected GET ${url}`);
  });
});
afterEach(() => {
  jest.clearAllMocks();
});

async function renderPage() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ServiceRequestsPage />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return screen.findByRole('list', { name: 'Serviceanfragen, die neueste zuerst' });
}

describe('ServiceRequestsPage: the inbox', () => {
  it('lists newest first with the count of new ones and filters by status', async () => {
    const list = await renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('1 neue Anfrage');
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('485261102neu'),
      expect.stringContaining('485261101erledigt'),
    ]);
    await userEvent.selectOptions(screen.getByLabelText('Status anzeigen'), 'erledigt');
    expect(getMock).toHaveBeenLastCalledWith('/service-requests', { params: { status: 'done' } });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1));
  });

  it('shows the selected request as text, its photo, contact, notes and the unit’s test results', async () => {
    const list = await renderPage();
    await userEvent.click(within(list).getAllByRole('button')[0]);
    const shown = await screen.findByTestId('service-request-detail');
    expect(within(shown).getByText('<script>alert(1)</script> Riss im Gehäuse')).toBeInTheDocument();
    expect(await within(shown).findByRole('img', { name: 'Foto 1 zur Einheit 485261102' })).toHaveAttribute(
      'src',
      'blob:foto',
    );
    expect(within(shown).getByRole('link', { name: 'erika@example.com' })).toHaveAttribute(
      'href',
      'mailto:erika@example.com',
    );
    expect(within(shown).getByText(/Quinn Qualität/)).toBeInTheDocument();
    expect(screen.getByText('Prüfergebnisse von 485261102')).toBeInTheDocument();
  });

  it('adds a note, sets the status and deletes on request, each shown from the API’s answer', async () => {
    const list = await renderPage();
    await userEvent.click(within(list).getAllByRole('button')[0]);
    await screen.findByTestId('service-request-detail');
    postMock.mockResolvedValueOnce(
      answer({
        ...detail,
        notes: [...detail.notes, { id: 2, text: 'Schalter bestellt', author: 'Max', at: detail.created_at }],
      }),
    );
    await userEvent.type(screen.getByLabelText('Neue Notiz'), 'Schalter bestellt');
    await userEvent.click(screen.getByRole('button', { name: 'NOTIZ HINZUFÜGEN' }));
    expect(postMock).toHaveBeenCalledWith('/service-requests/2/notes', { text: 'Schalter bestellt' });
    expect(await screen.findByText('Schalter bestellt')).toBeInTheDocument();

    putMock.mockResolvedValueOnce(answer({ ...detail, status: 'done' }));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'erledigt');
    expect(putMock).toHaveBeenCalledWith('/service-requests/2/status', { status: 'done' });

    deleteMock.mockRejectedValueOnce(
      Object.assign(new Error('403'), {
        isAxiosError: true,
        response: {
          status: 404,
          data: { error: { code: 'NOT_FOUND', message: 'Diese Serviceanfrage gibt es nicht (mehr).' } },
        },
      }),
    );
    await userEvent.type(screen.getByLabelText('Auf Wunsch löschen: Grund'), 'Anruf der Kundin');
    await userEvent.click(screen.getByRole('button', { name: 'ANFRAGE LÖSCHEN' }));
    expect(deleteMock).toHaveBeenCalledWith('/service-requests/2', { data: { reason: 'Anruf der Kundin' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Diese Serviceanfrage gibt es nicht (mehr).');

    // Deleted: the request leaves the screen.
    deleteMock.mockResolvedValueOnce(answer(null));
    await userEvent.click(screen.getByRole('button', { name: 'ANFRAGE LÖSCHEN' }));
    expect(await screen.findByText(/Wählen Sie eine Anfrage/)).toBeInTheDocument();
    expect(screen.queryByTestId('service-request-detail')).not.toBeInTheDocument();
  });
});
