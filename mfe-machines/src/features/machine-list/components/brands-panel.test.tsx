import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Brand } from 'contracts';
import { apiError, renderScreen, sharedFetchers, writeFetchers } from '../../../test/render';
import BrandsPanel from './brands-panel';

const mocks = {
  createBrand: writeFetchers.createBrand,
  getBrands: sharedFetchers.getBrands,
  updateBrand: writeFetchers.updateBrand,
};

const brands: Brand[] = [
  {
    id: 1,
    name: 'BDS Maschinen',
    logo: 'uploads/logo.png',
    email: 'info@bds-maschinen.de',
    website_link: 'https://www.bds-maschinen.de',
  },
  { id: 2, name: 'Alt', logo: '', email: '', website_link: 'javascript:alert(1)' },
];

describe('BrandsPanel', () => {
  beforeEach(() => {
    for (const mock of Object.values(mocks)) mock.mockReset();
    mocks.getBrands.mockResolvedValue(brands);
  });

  it('lists the brands; only http(s) websites become links', async () => {
    renderScreen(<BrandsPanel />);
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]).getByRole('link', { name: 'https://www.bds-maschinen.de' })).toBeInTheDocument();
    expect(within(rows[2]).getByText('javascript:alert(1)')).toBeInTheDocument();
    expect(within(rows[2]).queryByRole('link')).not.toBeInTheDocument();
  });

  it('adds a brand after the German checks pass, and closes the form', async () => {
    const user = userEvent.setup();
    mocks.createBrand.mockResolvedValue({ ...brands[0], id: 3, name: 'Neu' });
    renderScreen(<BrandsPanel />);
    await user.click(await screen.findByRole('button', { name: '+ HINZUFÜGEN' }));
    expect(screen.getByRole('heading', { name: 'MARKE HINZUFÜGEN' })).toBeInTheDocument();
    expect(screen.getByLabelText('NAME')).toHaveFocus();

    await user.type(screen.getByLabelText('E-MAIL'), 'kein-at');
    await user.type(screen.getByLabelText('WEBSEITE'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'SPEICHERN' }));
    expect(screen.getByText('Pflichtfeld')).toBeInTheDocument();
    expect(screen.getByText('Bitte eine gültige E-Mail-Adresse eingeben')).toBeInTheDocument();
    expect(
      screen.getByText('Bitte eine gültige Adresse mit http:// oder https:// eingeben'),
    ).toBeInTheDocument();
    expect(mocks.createBrand).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('NAME'), 'Neu');
    await user.clear(screen.getByLabelText('E-MAIL'));
    await user.type(screen.getByLabelText('E-MAIL'), 'a@b.de');
    await user.clear(screen.getByLabelText('WEBSEITE'));
    await user.type(screen.getByLabelText('WEBSEITE'), 'https://neu.example');
    await user.click(screen.getByRole('button', { name: 'SPEICHERN' }));
    await waitFor(() =>
      expect(mocks.createBrand).toHaveBeenCalledWith({
        name: 'Neu',
        logo: '',
        email: 'a@b.de',
        website_link: 'https://neu.example',
      }),
    );
    expect(await screen.findByText('Marke erfolgreich hinzugefügt!')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'MARKE HINZUFÜGEN' })).not.toBeInTheDocument();
  });

  it('edits a brand; a taken name shows under NAME and the form stays filled', async () => {
    const user = userEvent.setup();
    mocks.updateBrand.mockRejectedValueOnce(
      apiError(409, 'Eine Marke mit diesem Namen gibt es schon.', { name: 'Diese Marke gibt es schon' }),
    );
    renderScreen(<BrandsPanel />);
    const rows = await screen.findAllByRole('row');
    await user.click(within(rows[1]).getByRole('button', { name: 'Bearbeiten' }));
    expect(screen.getByRole('heading', { name: 'MARKE BEARBEITEN' })).toBeInTheDocument();
    expect(screen.getByLabelText('NAME')).toHaveValue('BDS Maschinen');
    expect(screen.getByRole('img', { name: /LOGO/ })).toHaveAttribute('src', '/api/uploads/logo.png');

    await user.clear(screen.getByLabelText('NAME'));
    await user.type(screen.getByLabelText('NAME'), 'Alt');
    await user.click(screen.getByRole('button', { name: 'SPEICHERN' }));
    expect(await screen.findByText('Diese Marke gibt es schon')).toBeInTheDocument();
    expect(
      screen.getByText('Die Marke konnte nicht aktualisiert werden. Bitte die markierten Felder prüfen.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('NAME')).toHaveValue('Alt');
    expect(screen.getByRole('button', { name: 'SPEICHERN' })).toBeEnabled();
    expect(mocks.updateBrand).toHaveBeenCalledWith(1, {
      name: 'Alt',
      logo: 'uploads/logo.png',
      email: 'info@bds-maschinen.de',
      website_link: 'https://www.bds-maschinen.de',
    });
  });

  it('sends one request for two quick clicks on SPEICHERN', async () => {
    const user = userEvent.setup();
    mocks.createBrand.mockResolvedValue({ ...brands[0], id: 3, name: 'Neu' });
    renderScreen(<BrandsPanel />);
    await user.click(await screen.findByRole('button', { name: '+ HINZUFÜGEN' }));
    await user.type(screen.getByLabelText('NAME'), 'Neu');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'SPEICHERN' }));
      fireEvent.click(screen.getByRole('button', { name: 'SPEICHERN' }));
    });
    expect(await screen.findByText('Marke erfolgreich hinzugefügt!')).toBeInTheDocument();
    expect(mocks.createBrand).toHaveBeenCalledTimes(1);
  });
});
