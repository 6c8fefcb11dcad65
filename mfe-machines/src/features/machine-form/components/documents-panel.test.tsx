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
