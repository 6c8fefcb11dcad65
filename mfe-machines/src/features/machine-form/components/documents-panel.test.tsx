import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import type { DocumentVersionList, StaffLanguage } from 'contracts';
import { http, setLanguage } from 'shared-ui';
import { renderScreen } from '../../../test/render';
import DocumentsPanel from './documents-panel';

const documents: DocumentVersionList = {
  data: [
    {
      id: 3,
      machine_id: 7,
      kind: 'instructions',
      language: 'pl',
      valid_from: '2026-03-01',
      size: 1_540_000,
      sha256: '0'.repeat(64),
      file_name: 'mab-825_instructions-for-use_PL_2026-03-01.pdf',
      created_at: '2026-03-01T08:00:00.000Z',
      superseded_by: null,
    },
  ],
};

afterEach(() => act(() => setLanguage('de')));

describe('DocumentsPanel in each staff language', () => {
  it.each<[StaffLanguage, string[], string[], string]>([
    [
      'de',
      ['ART', 'SPRACHE', 'GÜLTIG AB', 'GRÖSSE', 'STATUS', 'DATEI'],
      ['Betriebsanleitung', 'PL', '01.03.2026', '1,5 MB', 'gilt'],
      'PDF-DATEI (höchstens 64 MB)',
    ],
    [
      'en',
      ['TYPE', 'LANGUAGE', 'VALID FROM', 'SIZE', 'STATUS', 'FILE'],
      ['Instructions for use', 'PL', '01/03/2026', '1.5 MB', 'current'],
      'PDF FILE (at most 64 MB)',
    ],
    [
      'pl',
      ['RODZAJ', 'JĘZYK', 'OBOWIĄZUJE OD', 'ROZMIAR', 'STATUS', 'PLIK'],
      ['Instrukcja obsługi', 'PL', '01.03.2026', '1,5 MB', 'obowiązująca'],
      'PLIK PDF (maks. 64 MB)',
    ],
  ])(
    'in %s: the versions with their day and size, and the upload form',
    async (language, columns, cells, file) => {
      jest.mocked(http.get).mockResolvedValueOnce({ data: documents });
      await act(() => setLanguage(language));
      renderScreen(<DocumentsPanel machineId={7} />);
      const table = await screen.findByRole('table');
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(columns);
      expect(
        within(table)
          .getAllByRole('cell')
          .map((td) => td.textContent)
          .slice(0, 5),
      ).toEqual(cells);
      expect(screen.getByLabelText(file)).toHaveAttribute('type', 'file');
    },
  );
});

describe('DocumentsPanel: a version valid from a later day', () => {
  const version = (id: number, valid_from: string, superseded_by: number | null) => ({
    ...documents.data[0],
    id,
    language: 'de',
    valid_from,
    file_name: `mab-825_instructions-for-use_DE_${valid_from}.pdf`,
    superseded_by,
  });
  const versions: DocumentVersionList = {
    data: [version(1, '2026-01-01', 2), version(2, '2026-11-29', 3), version(3, '2027-03-01', null)],
  };
  const statuses = async () =>
    within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[4].textContent);

  afterEach(() => {
    jest.useRealTimers();
  });

  it.each<[StaffLanguage, string, string[]]>([
    ['de', '2026-11-28T22:59:00Z', ['gilt', 'gilt ab 29.11.2026', 'gilt ab 01.03.2027']],
    ['en', '2026-11-28T22:59:00Z', ['current', 'valid from 29/11/2026', 'valid from 01/03/2027']],
    ['pl', '2026-11-28T22:59:00Z', ['obowiązująca', 'obowiązuje od 29.11.2026', 'obowiązuje od 01.03.2027']],
    // 00:00 in Berlin is still 28 November in UTC: the day that counts is Berlin's.
    ['de', '2026-11-28T23:00:00Z', ['abgelöst', 'gilt', 'gilt ab 01.03.2027']],
  ])('in %s at %s: the one in force stays so until the later one’s day', async (language, now, expected) => {
    jest.useFakeTimers({ now: new Date(now), advanceTimers: true });
    jest.mocked(http.get).mockResolvedValueOnce({ data: versions });
    await act(() => setLanguage(language));
    renderScreen(<DocumentsPanel machineId={7} />);
    expect(await statuses()).toEqual(expected);
  });
});
