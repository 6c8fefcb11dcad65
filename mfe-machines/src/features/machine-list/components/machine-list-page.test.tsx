import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MachineList, MachineListQuery, StaffLanguage } from 'contracts';
import { setLanguage } from 'shared-ui';
import { apiError, renderScreen, sharedFetchers, writeFetchers } from '../../../test/render';
import MachineListPage from './machine-list-page';

const listMachines = sharedFetchers.getMachines;

function page(count: number, total = count, from = 1): MachineList {
  return {
    total,
    data: Array.from({ length: count }, (_, i) => ({
      id: from + i,
      pos: from + i,
      name: `Maschine ${from + i}`,
      brand_name: 'BDS Maschinen',
      ean_number: '40063810',
      created_at: '2026-03-31T22:30:00.000Z',
    })),
  };
}

const lastQuery = (): MachineListQuery => listMachines.mock.calls.at(-1)![0];

describe('MachineListPage', () => {
  beforeEach(() => {
    listMachines.mockReset();
    listMachines.mockResolvedValue(page(10, 25));
  });

  it('shows the add button, the focused search box, the columns and the rows with German dates', async () => {
    renderScreen(<MachineListPage />);
    expect(screen.getByRole('link', { name: '+ HINZUFÜGEN' })).toHaveAttribute('href', '/machines');
    expect(screen.getByPlaceholderText('SUCHEN...')).toHaveFocus();
    expect(
      (await screen.findAllByRole('columnheader')).map((th) => th.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['POS.', 'ARTIKELNUMMER', 'MARKE', 'EAN-NUMMER', 'ERSTELLUNGSDATUM', 'AKTION', 'PRÜFPLAN']);
    const row = screen.getAllByRole('row')[1];
    // 22:30 UTC on 31 March is 1 April in Berlin.
    expect(within(row).getByText('01.04.2026')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Bearbeiten' })).toHaveAttribute('href', '/machines/1');
    expect(within(row).getByRole('link', { name: 'Prüfplan' })).toHaveAttribute(
      'href',
      '/machines/1/test-plan',
    );
    expect(lastQuery()).toEqual({ page: 1, per_page: 10 });
  });

  it('shows an account without Stammdaten the catalogue without adding or editing', async () => {
    renderScreen(<MachineListPage />, { roles: ['pruefer', 'lesen'] });
    expect(
      (await screen.findAllByRole('columnheader')).map((th) => th.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['POS.', 'ARTIKELNUMMER', 'MARKE', 'EAN-NUMMER', 'ERSTELLUNGSDATUM', 'PRÜFPLAN']);
    expect(screen.queryByRole('link', { name: '+ HINZUFÜGEN' })).toBeNull();
    // Every role reads a machine's test plan.
    expect(screen.getAllByRole('link', { name: 'Prüfplan' })[0]).toHaveAttribute(
      'href',
      '/machines/1/test-plan',
    );
    expect(screen.queryByRole('link', { name: 'Bearbeiten' })).toBeNull();
    expect(screen.getByText('Maschine 1')).toBeInTheDocument();
  });

  it('searches only on the button or Enter, with the trimmed text, from page 1', async () => {
    const user = userEvent.setup();
    renderScreen(<MachineListPage />);
    await user.click(await screen.findByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(lastQuery().page).toBe(2));

    const box = screen.getByPlaceholderText('SUCHEN...');
    await user.type(box, '  öl  ');
    expect(listMachines).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: 'SUCHEN' }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, per_page: 10, search: 'öl' }));
    expect(box).toHaveValue('  öl  ');

    await user.clear(box);
    await user.type(box, ' MAB{Enter}');
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, per_page: 10, search: 'MAB' }));
  });

  it('sorts on the server over the whole list and pages with the chosen size', async () => {
    const user = userEvent.setup();
    renderScreen(<MachineListPage />);
    await user.click(await screen.findByRole('button', { name: /ARTIKELNUMMER/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'name', order: 'asc', page: 1 }));
    await user.click(screen.getByRole('button', { name: /ARTIKELNUMMER/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'name', order: 'desc' }));
    // EAN-NUMMER and AKTION are not sortable.
    expect(screen.queryByRole('button', { name: /EAN-NUMMER/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await user.selectOptions(screen.getByLabelText(/ZEILEN PRO SEITE/), '20');
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: 1, per_page: 20 }));
  });

  it('says in German when loading fails and loads again on retry', async () => {
    const user = userEvent.setup();
    listMachines.mockRejectedValueOnce(apiError(503, 'Die Datenbank ist gerade nicht erreichbar.'));
    renderScreen(<MachineListPage />);
    expect(await screen.findByText('Die Maschinen konnten nicht geladen werden.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Maschine 1')).toBeInTheDocument();
  });

  it('shows a name that looks like HTML as text', async () => {
    listMachines.mockResolvedValue({
      total: 1,
      data: [{ ...page(1).data[0], name: '<img src=x onerror=alert(1)>' }],
    });
    const { container } = renderScreen(<MachineListPage />);
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it("switches to 'Marken' and back; the machine search stays as it was", async () => {
    const user = userEvent.setup();
    sharedFetchers.getBrands.mockResolvedValue([
      { id: 1, name: 'Kernbohr Pro', logo: '', email: '', website_link: '' },
    ]);
    renderScreen(<MachineListPage />);
    await user.type(screen.getByPlaceholderText('SUCHEN...'), 'MAB');
    await user.click(screen.getByRole('button', { name: 'Marken' }));
    expect(screen.getByRole('button', { name: 'Marken' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Kernbohr Pro')).toBeVisible();
    expect(screen.getByPlaceholderText('SUCHEN...')).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Maschinen' }));
    expect(screen.getByPlaceholderText('SUCHEN...')).toBeVisible();
    expect(screen.getByPlaceholderText('SUCHEN...')).toHaveValue('MAB');
    expect(screen.getByText('Kernbohr Pro')).not.toBeVisible();
  });
});

describe('MachineListPage in each staff language', () => {
  beforeEach(() => {
    listMachines.mockReset();
    listMachines.mockResolvedValue(page(1));
    sharedFetchers.getBrands.mockResolvedValue([]);
  });
  afterEach(() => act(() => setLanguage('de')));

  const columns = () =>
    screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, ''));

  it.each<[StaffLanguage, string[], string, string, string]>([
    [
      'de',
      ['POS.', 'ARTIKELNUMMER', 'MARKE', 'EAN-NUMMER', 'ERSTELLUNGSDATUM', 'AKTION', 'PRÜFPLAN'],
      '01.04.2026',
      'SUCHEN...',
      'Papierexemplare',
    ],
    [
      'en',
      ['POS.', 'ARTICLE NUMBER', 'BRAND', 'EAN NUMBER', 'CREATED ON', 'ACTION', 'TEST PLAN'],
      '01/04/2026',
      'SEARCH...',
      'Paper copies',
    ],
    [
      'pl',
      ['POZ.', 'NUMER KATALOGOWY', 'MARKA', 'NUMER EAN', 'DATA UTWORZENIA', 'AKCJA', 'PLAN BADAŃ'],
      '01.04.2026',
      'SZUKAJ...',
      'Kopie papierowe',
    ],
  ])(
    'in %s: the columns, the day as the language writes it, the search and the views',
    async (language, names, day, search, paper) => {
      await act(() => setLanguage(language));
      renderScreen(<MachineListPage />);
      await screen.findByText('Maschine 1');
      expect(columns()).toEqual(names);
      expect(screen.getByText(day)).toBeInTheDocument();
      expect(screen.getByPlaceholderText(search)).toHaveFocus();
      expect(screen.getByRole('button', { name: paper })).toHaveAttribute('aria-pressed', 'false');
    },
  );

  it('changes language at once while shown, and checks a brand in Polish before sending', async () => {
    const user = userEvent.setup();
    renderScreen(<MachineListPage />);
    await screen.findByText('Maschine 1');
    await act(() => setLanguage('pl'));
    expect(columns()).toContain('NUMER KATALOGOWY');
    await user.click(screen.getByRole('button', { name: 'Marki' }));
    await user.click(await screen.findByRole('button', { name: '+ DODAJ' }));
    await user.type(screen.getByLabelText('E-MAIL'), 'kein-email');
    await user.click(screen.getByRole('button', { name: 'ZAPISZ' }));
    expect(screen.getByLabelText('NAZWA')).toHaveAccessibleDescription('Pole obowiązkowe');
    expect(screen.getByLabelText('E-MAIL')).toHaveAccessibleDescription('Wpisz prawidłowy adres e-mail');
    expect(writeFetchers.createBrand).not.toHaveBeenCalled();
  });
});
