import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import type { StaffLanguage, TypedAuditEvent } from 'contracts';
import { Route } from 'react-router-dom';
import { http, setLanguage } from 'shared-ui';
import { renderAtAsync } from '../../../test/render';
import AuditLogPage from './audit-log-page';

const events = [
  {
    id: 9,
    at: '2026-11-28T08:15:00.000Z',
    account_id: null,
    account_email: null,
    action: 'auth.sign_in_failed',
    subject_type: 'account',
    subject_id: '2',
    details: {},
  },
  {
    id: 8,
    at: '2026-07-01T22:05:00.000Z',
    account_id: 1,
    account_email: 'chef@example.com',
    account_name: 'Clara Chefin',
    action: 'units.released_by_deviation',
    subject_type: 'certificate',
    subject_id: '7',
    details: { reason: 'Kunde wartet', serials: ['4852611004'] },
  },
] as TypedAuditEvent[];

const get = jest.spyOn(http, 'get');
beforeEach(() => {
  get.mockImplementation(async (url: string) => {
    if (url === '/audit') return { data: { data: events, next: 8 } } as never;
    if (url === '/accounts') return { data: { data: [] } } as never;
    if (url === '/brands') return { data: { data: [] } } as never;
    throw new Error(`unexpected GET ${url}`);
  });
});
afterEach(() => act(() => setLanguage('de')));

async function renderIn(language: StaffLanguage, search = '') {
  await act(() => setLanguage(language));
  // The trail's words arrive with the first audit table (shared-ui's useAuditText), so the page suspends.
  await renderAtAsync(`/admin/audit${search}`, <Route path="/admin/audit" element={<AuditLogPage />} />);
}

/** The trail as an auditor reads it in each language: the actions by their code, dates in the language's way. */
const EXPECTED = {
  de: {
    heading: 'Protokoll',
    failed: ['28.11.2026 09:15', '–', 'Anmeldung fehlgeschlagen', 'Konto 2'],
    deviation: ['02.07.2026 00:05', 'Clara Chefin', 'Sonderfreigabe', 'Prüfbericht 7'],
    details: 'Grund: Kunde wartet · Seriennummern: 4852611004',
    page: 'Seite 1',
    older: 'Ältere →',
    action: 'Aktion',
    anyAction: 'Alle Aktionen',
    option: 'Kalibrierschein hochgeladen',
    export: 'EXPORTIEREN',
    csv: 'CSV (Semikolon, UTF-8)',
    only: 'Nur Konto 2',
  },
  en: {
    heading: 'Audit log',
    failed: ['28/11/2026 09:15', '–', 'Sign-in failed', 'Account 2'],
    deviation: ['02/07/2026 00:05', 'Clara Chefin', 'Released by concession', 'Certificate 7'],
    details: 'Reason: Kunde wartet · Serial numbers: 4852611004',
    page: 'Page 1',
    older: 'Older →',
    action: 'Action',
    anyAction: 'All actions',
    option: 'Calibration certificate uploaded',
    export: 'EXPORT',
    csv: 'CSV (semicolon, UTF-8)',
    only: 'Only Account 2',
  },
  pl: {
    heading: 'Dziennik zdarzeń',
    failed: ['28.11.2026 09:15', '–', 'Nieudane logowanie', 'Konto 2'],
    deviation: ['02.07.2026 00:05', 'Clara Chefin', 'Zwolnienie warunkowe', 'Protokół badania 7'],
    details: 'Powód: Kunde wartet · Numery seryjne: 4852611004',
    page: 'Strona 1',
    older: 'Starsze →',
    action: 'Czynność',
    anyAction: 'Wszystkie czynności',
    option: 'Przesłano świadectwo wzorcowania',
    export: 'EKSPORTUJ',
    csv: 'CSV (średnik, UTF-8)',
    only: 'Tylko: Konto 2',
  },
} satisfies Record<StaffLanguage, unknown>;

describe.each(Object.entries(EXPECTED))('AuditLogPage in %s', (language, text) => {
  it('shows each event with its time, account, action and subject', async () => {
    await renderIn(language as StaffLanguage);
    expect(screen.getByRole('heading', { level: 1, name: text.heading })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: text.heading });
    const cells = (row: number) =>
      within(within(table).getAllByRole('row')[row])
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 4);
    expect(cells(1)).toEqual(text.failed);
    expect(cells(2)).toEqual(text.deviation);
    expect(within(table).getByText(text.details)).toHaveClass('sh-details');
    expect(within(table).getByRole('link', { name: text.deviation[3] })).toHaveAttribute(
      'href',
      '/certificates/7',
    );
    expect(screen.getByText(text.page)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.older })).toBeEnabled();
  });

  it('offers every action by its name, and the export in both formats', async () => {
    await renderIn(language as StaffLanguage);
    const actions = screen.getByRole('combobox', { name: text.action });
    expect(within(actions).getByRole('option', { name: text.anyAction })).toHaveValue('');
    expect(within(actions).getByRole('option', { name: text.option })).toHaveValue(
      'calibration.certificate_uploaded',
    );
    expect(screen.getByRole('option', { name: text.csv })).toHaveValue('csv');
    expect(screen.getByRole('button', { name: text.export })).toBeEnabled();
  });

  it("names the subject an account's history is filtered by", async () => {
    await renderIn(language as StaffLanguage, '?subject_type=account&subject_id=2');
    expect(screen.getByText(text.only)).toBeInTheDocument();
  });
});

describe('AuditLogPage', () => {
  it('shows a subject type the shell does not name as it comes', async () => {
    await renderIn('en', '?subject_type=widget&subject_id=3');
    expect(screen.getByText('Only widget 3')).toBeInTheDocument();
  });
});
