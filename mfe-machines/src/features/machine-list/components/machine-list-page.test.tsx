import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import MachineListPage from './machine-list-page';

describe('MachineListPage', () => {
  it('has the add button, the search box and the table columns', async () => {
    render(
      <MemoryRouter>
        <MachineListPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '+ HINZUFÜGEN' })).toHaveAttribute('href', '/machines');
    expect(screen.getByPlaceholderText('SUCHEN...')).toBeInTheDocument();
    expect(
      (await screen.findAllByRole('columnheader')).map((th) => th.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['POS.', 'ARTIKELNUMMER', 'MARKE', 'EAN-NUMMER', 'ERSTELLUNGSDATUM', 'AKTION']);
  });
});
