import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Brand, Machine, MachineBody, StaffLanguage } from 'contracts';
import { setLanguage } from 'shared-ui';
import { uploadImage } from '../../../api/upload-image';
import { apiError, renderScreen, sharedFetchers, writeFetchers } from '../../../test/render';
import MachineFormPage from './machine-form-page';

jest.mock('../../../api/upload-image');
const mocks = {
  getBrands: sharedFetchers.getBrands,
  uploadImage: jest.mocked(uploadImage),
  createMachine: writeFetchers.createMachine,
  getMachine: sharedFetchers.getMachine,
  updateMachine: writeFetchers.updateMachine,
};

const brands: Brand[] = [
  { id: 1, name: 'BDS Maschinen', logo: '', email: '', website_link: '' },
  { id: 2, name: 'MABtec', logo: '', email: '', website_link: '' },
];
const machine: Machine = {
  id: 7,
  brand_id: 2,
  name: 'MAB 825',
  serial_prefix: '485',
  ean_number: '4006381333931',
  link_en: 'https://example.com/en',
  link_ger: 'https://example.com/de',
  image: 'uploads/abc.png',
  electronic_circuit_board: 1,
  voltage_resistance: '1500 V',
  observation: '230 Volt',
  description: 'Beschreibung',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const renderAdd = () => renderScreen(<MachineFormPage />, { path: '/machines' });
const renderEdit = () => renderScreen(<MachineFormPage />, { path: '/machines/7', route: '/machines/:id' });
const save = () => screen.getByRole('button', { name: 'SPEICHERN' });
const errorOf = (label: string) => screen.getByLabelText(label).getAttribute('aria-describedby');

async function fillValidMachine(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByLabelText('MARKE'));
  await user.click(screen.getByText('MABtec'));
  await user.type(screen.getByLabelText('ARTIKELNUMMER'), 'MAB 900');
  await user.type(screen.getByLabelText('SERIENNUMMER PRÄFIX'), '490');
  await user.type(screen.getByLabelText('DEUTSCHE PRODUKTSEITE'), 'https://example.com/de');
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('MachineFormPage', () => {
  beforeEach(() => {
    for (const mock of Object.values(mocks)) mock.mockReset();
    mocks.getBrands.mockResolvedValue(brands);
    mocks.getMachine.mockResolvedValue(machine);
  });

  it('adds: the fields of the spec with corrected labels and NEIN as default', async () => {
    renderAdd();
    expect(screen.getByRole('heading', { name: 'MASCHINE HINZUFÜGEN' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Zurück/ })).toHaveAttribute('href', '/?tab=machine_list');
    expect(await screen.findByText('wählen...')).toBeInTheDocument();
    for (const label of [
      'ARTIKELNUMMER',
      'SERIENNUMMER PRÄFIX',
      'DEUTSCHE PRODUKTSEITE',
      'ENGLISCHE PRODUKTSEITE',
      'PRODUKTFOTO',
      'GEBEN SIE DIE EAN-NUMMER EIN',
    ])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText('DEUTSCHE PRODUKTSEITE')).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText('PRODUKTFOTO')).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif');
    expect(screen.getByRole('radio', { name: 'NEIN' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Ja' })).not.toBeChecked();
    expect(mocks.getMachine).not.toHaveBeenCalled();
  });

  it('shows the German messages under the fields and sends nothing while any is wrong', async () => {
    const user = userEvent.setup();
    renderAdd();
    await user.click(await screen.findByRole('button', { name: 'SPEICHERN' }));
    expect(screen.getByText('Bitte wählen')).toBeInTheDocument();
    expect(screen.getAllByText('Pflichtfeld')).toHaveLength(2);
    expect(screen.getByLabelText('MARKE')).toHaveFocus();

    await user.type(screen.getByLabelText('ARTIKELNUMMER'), 'X');
    await user.type(screen.getByLabelText('SERIENNUMMER PRÄFIX'), '48 5');
    await user.type(screen.getByLabelText('ENGLISCHE PRODUKTSEITE'), 'javascript:alert(1)');
    await user.type(screen.getByLabelText('GEBEN SIE DIE EAN-NUMMER EIN'), '4006381333932');
    await user.click(save());
    expect(screen.getByText('Nur Buchstaben, Ziffern und „-“ erlaubt')).toBeInTheDocument();
    expect(screen.getByText('Bitte eine gültige Adresse mit http:// oder https:// eingeben').id).toBe(
      errorOf('ENGLISCHE PRODUKTSEITE'),
    );
    expect(screen.getByText('Ungültige EAN: 8 oder 13 Ziffern mit gültiger Prüfziffer')).toBeInTheDocument();
    expect(screen.getByLabelText('ARTIKELNUMMER')).not.toHaveAttribute('aria-invalid');
    expect(mocks.createMachine).not.toHaveBeenCalled();
  });

  it('sends one request for a double click, with SPEICHERN disabled while saving, then shows the new machine', async () => {
    const user = userEvent.setup();
    const pending = deferred<Machine>();
    mocks.createMachine.mockReturnValue(pending.promise);
    // The add and edit routes in one, as the shell has both: the new machine's page can open.
    renderScreen(<MachineFormPage />, { path: '/machines', route: '/machines/:id?' });
    await fillValidMachine(user);
    await user.click(screen.getByRole('radio', { name: 'Ja' }));
    // Two clicks before React renders again: the button cannot be disabled yet for the second one.
    act(() => {
      fireEvent.click(save());
      fireEvent.click(save());
    });
    await waitFor(() => expect(save()).toBeDisabled());
    // The request starts a few microtasks after the click: wait for it, not for luck.
    await waitFor(() => expect(mocks.createMachine).toHaveBeenCalledTimes(1));
    const expected: MachineBody = {
      brand_id: 2,
      electronic_circuit_board: 1,
      name: 'MAB 900',
      serial_prefix: '490',
      link_ger: 'https://example.com/de',
      link_en: '',
      image: '',
      ean_number: '',
      voltage_resistance: '',
      observation: '',
      description: '',
    };
    expect(mocks.createMachine.mock.calls[0][0]).toEqual(expected);
    const created = { ...machine, id: 8, name: 'MAB 900' };
    // The page may ask again for what it was handed (this test's cache keeps nothing fresh).
    mocks.getMachine.mockResolvedValue(created);
    pending.resolve(created);
    expect(await screen.findByText('Maschine erfolgreich hinzugefügt!')).toBeInTheDocument();
    expect(mocks.createMachine).toHaveBeenCalledTimes(1);
    // Its own page, not the list (whose first page need not show it), with the machine as saved.
    expect(await screen.findByRole('heading', { name: 'MASCHINE BEARBEITEN' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/machines\/8$/);
    expect(await screen.findByLabelText('ARTIKELNUMMER')).toHaveValue('MAB 900');
    // And it stays there.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/machines\/8$/);
  });

  it('keeps everything typed after a failure, shows the API reason under its field, and can save again', async () => {
    const user = userEvent.setup();
    mocks.createMachine.mockRejectedValueOnce(
      apiError(409, 'Diese Artikelnummer gibt es für diese Marke schon.', {
        name: 'Diese Artikelnummer gibt es für diese Marke schon',
      }),
    );
    renderAdd();
    await fillValidMachine(user);
    await user.click(save());
    // Trying again would fail again: the toast points at the field instead.
    expect(
      await screen.findByText(
        'Die Maschine konnte nicht hinzugefügt werden. Bitte die markierten Felder prüfen.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/erneut/)).not.toBeInTheDocument();
    expect(screen.getByText('Diese Artikelnummer gibt es für diese Marke schon').id).toBe(
      errorOf('ARTIKELNUMMER'),
    );
    expect(screen.getByLabelText('ARTIKELNUMMER')).toHaveFocus();
    expect(screen.getByLabelText('ARTIKELNUMMER')).toHaveValue('MAB 900');
    expect(screen.getByLabelText('SERIENNUMMER PRÄFIX')).toHaveValue('490');
    expect(screen.getByLabelText('DEUTSCHE PRODUKTSEITE')).toHaveValue('https://example.com/de');
    expect(screen.getByText('MABtec')).toBeInTheDocument();
    expect(save()).toBeEnabled();

    mocks.createMachine.mockRejectedValueOnce(apiError(503, 'Die Datenbank ist gerade nicht erreichbar.'));
    await user.click(save());
    expect(await screen.findByText('Die Datenbank ist gerade nicht erreichbar.')).toBeInTheDocument();
    expect(save()).toBeEnabled();
    expect(mocks.createMachine).toHaveBeenCalledTimes(2);
  });

  it('edits: brands first, then the machine once, its brand preselected; hidden fields are kept', async () => {
    const user = userEvent.setup();
    mocks.updateMachine.mockResolvedValue(machine);
    renderEdit();
    expect(screen.getByRole('heading', { name: 'MASCHINE BEARBEITEN' })).toBeInTheDocument();
    expect(screen.getByText('Wird geladen …')).toBeInTheDocument();
    expect(await screen.findByLabelText('ARTIKELNUMMER')).toHaveValue('MAB 825');
    expect(screen.getByRole('link', { name: 'Prüfplan' })).toHaveAttribute('href', '/machines/7/test-plan');
    expect(mocks.getBrands.mock.invocationCallOrder[0]).toBeLessThan(
      mocks.getMachine.mock.invocationCallOrder[0],
    );
    expect(mocks.getMachine).toHaveBeenCalledTimes(1);
    expect(mocks.getMachine).toHaveBeenCalledWith(7);
    expect(screen.getByText('MABtec')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Ja' })).toBeChecked();
    expect(screen.getByRole('img', { name: /PRODUKTFOTO/ })).toHaveAttribute('src', '/api/uploads/abc.png');

    await user.clear(screen.getByLabelText('ARTIKELNUMMER'));
    await user.type(screen.getByLabelText('ARTIKELNUMMER'), 'MAB 826');
    await user.click(save());
    expect(await screen.findByText('Maschine erfolgreich aktualisiert!')).toBeInTheDocument();
    const expected: MachineBody = {
      brand_id: 2,
      electronic_circuit_board: 1,
      name: 'MAB 826',
      serial_prefix: '485',
      link_ger: 'https://example.com/de',
      link_en: 'https://example.com/en',
      image: 'uploads/abc.png',
      ean_number: '4006381333931',
      voltage_resistance: '1500 V',
      observation: '230 Volt',
      description: 'Beschreibung',
    };
    expect(mocks.updateMachine).toHaveBeenCalledWith(7, expected);
  });

  it('clearing the brand (✕) leaves it empty and asks for one instead of crashing', async () => {
    const user = userEvent.setup();
    const { container } = renderEdit();
    await screen.findByLabelText('ARTIKELNUMMER');
    await user.click(container.querySelector('.mach-select__clear-indicator')!);
    expect(screen.getByText('wählen...')).toBeInTheDocument();
    await user.click(save());
    expect(screen.getByText('Bitte wählen')).toBeInTheDocument();
    expect(mocks.updateMachine).not.toHaveBeenCalled();
  });

  it('SPEICHERN waits for a running photo upload, then saves the uploaded path', async () => {
    const user = userEvent.setup();
    const pending = deferred<string>();
    mocks.uploadImage.mockReturnValue(pending.promise);
    mocks.createMachine.mockResolvedValue(machine);
    renderAdd();
    await fillValidMachine(user);
    await user.upload(
      screen.getByLabelText('PRODUKTFOTO'),
      new File(['png'], 'foto.png', { type: 'image/png' }),
    );
    expect(save()).toBeDisabled();
    pending.resolve('uploads/neu.png');
    expect(await screen.findByRole('img', { name: /PRODUKTFOTO/ })).toHaveAttribute(
      'src',
      '/api/uploads/neu.png',
    );
    await user.click(save());
    await waitFor(() => expect(mocks.createMachine).toHaveBeenCalled());
    expect(mocks.createMachine.mock.calls[0][0]).toMatchObject({ image: 'uploads/neu.png' });
  });

  it('says so when the machine does not exist or the address is no machine id', async () => {
    mocks.getMachine.mockRejectedValue(apiError(404, 'Maschine nicht gefunden.'));
    const { unmount } = renderEdit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Maschine nicht gefunden.');
    unmount();
    mocks.getMachine.mockClear();
    renderScreen(<MachineFormPage />, { path: '/machines/abc', route: '/machines/:id' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Maschine nicht gefunden.');
    expect(mocks.getMachine).not.toHaveBeenCalled();
  });

  it('says in German when the brands cannot be loaded, and loads them again on retry', async () => {
    const user = userEvent.setup();
    mocks.getBrands.mockRejectedValueOnce(apiError(503, 'Die Datenbank ist gerade nicht erreichbar.'));
    renderEdit();
    expect(await screen.findByText('Die Daten konnten nicht geladen werden.')).toBeInTheDocument();
    expect(mocks.getMachine).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByLabelText('ARTIKELNUMMER')).toHaveValue('MAB 825');
  });

  it('a failed update says so and keeps the form', async () => {
    const user = userEvent.setup();
    mocks.updateMachine.mockRejectedValue(new Error('Network Error'));
    renderEdit();
    await user.type(await screen.findByLabelText('SERIENNUMMER PRÄFIX'), '-X');
    await user.click(save());
    expect(
      await screen.findByText(
        'Die Maschine konnte nicht aktualisiert werden. Bitte versuchen Sie es erneut!',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('SERIENNUMMER PRÄFIX')).toHaveValue('485-X');
    expect(save()).toBeEnabled();
  });

  describe('unsaved changes', () => {
    const location = () => screen.getByTestId('location');
    const back = () => screen.getByRole('link', { name: /Zurück/ });
    /** What a browser does before it closes the tab or loads another page: true when it would ask first. */
    const leavingAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

    it('Zurück without a change goes back at once, and closing the tab does not ask', async () => {
      const user = userEvent.setup();
      renderEdit();
      expect(await screen.findByLabelText('ARTIKELNUMMER')).toHaveValue('MAB 825');
      expect(leavingAsks()).toBe(false);
      await user.click(back());
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(location()).toHaveTextContent('/?tab=machine_list');
    });

    it('Zurück after a change asks first; ABBRECHEN keeps everything, VERWERFEN leaves', async () => {
      const user = userEvent.setup();
      renderEdit();
      await user.type(await screen.findByLabelText('ARTIKELNUMMER'), ' neu');
      expect(leavingAsks()).toBe(true);
      await user.click(back());
      const dialog = await screen.findByRole('alertdialog', { name: 'Änderungen verwerfen?' });
      expect(dialog).toHaveAccessibleDescription(
        'Ihre Änderungen an dieser Maschine sind noch nicht gespeichert. Wenn Sie die Seite jetzt verlassen, gehen sie verloren.',
      );
      expect(location()).toHaveTextContent('/machines/7');
      // The harmless answer has the focus.
      expect(screen.getByRole('button', { name: 'ABBRECHEN' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(screen.getByLabelText('ARTIKELNUMMER')).toHaveValue('MAB 825 neu');
      expect(location()).toHaveTextContent('/machines/7');

      // Escape answers the same.
      await user.click(back());
      await screen.findByRole('alertdialog');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(location()).toHaveTextContent('/machines/7');

      await user.click(back());
      await user.click(await screen.findByRole('button', { name: 'VERWERFEN' }));
      await waitFor(() => expect(location()).toHaveTextContent('/?tab=machine_list'));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });

    it('asks before any other navigation in the app too (a tab in the header, Back in the browser)', async () => {
      const user = userEvent.setup();
      const { router } = renderAdd();
      await user.type(await screen.findByLabelText('SERIENNUMMER PRÄFIX'), '490');
      await act(() => router.navigate('/?tab=certificate_create'));
      expect(await screen.findByRole('alertdialog', { name: 'Änderungen verwerfen?' })).toBeInTheDocument();
      expect(location()).toHaveTextContent('/machines');
      await user.click(screen.getByRole('button', { name: 'ABBRECHEN' }));
      expect(screen.getByLabelText('SERIENNUMMER PRÄFIX')).toHaveValue('490');

      // Typing it away again is no change any more.
      await user.clear(screen.getByLabelText('SERIENNUMMER PRÄFIX'));
      expect(leavingAsks()).toBe(false);
      await act(() => router.navigate('/?tab=certificate_create'));
      expect(location()).toHaveTextContent('/?tab=certificate_create');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });

    it('a new photo counts as a change; a saved form leaves without asking', async () => {
      const user = userEvent.setup();
      mocks.uploadImage.mockResolvedValue('uploads/neu.png');
      mocks.updateMachine.mockResolvedValue(machine);
      renderEdit();
      await user.upload(
        await screen.findByLabelText('PRODUKTFOTO'),
        new File(['png'], 'foto.png', { type: 'image/png' }),
      );
      expect(await screen.findByRole('img', { name: /PRODUKTFOTO/ })).toHaveAttribute(
        'src',
        '/api/uploads/neu.png',
      );
      expect(leavingAsks()).toBe(true);
      await user.click(save());
      expect(await screen.findByText('Maschine erfolgreich aktualisiert!')).toBeInTheDocument();
      expect(leavingAsks()).toBe(false);
      await waitFor(() => expect(location()).toHaveTextContent('/?tab=machine_list'), { timeout: 4000 });
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });

    it('a session that ran out goes to the sign-in page without asking', async () => {
      const user = userEvent.setup();
      const { router } = renderEdit();
      await user.type(await screen.findByLabelText('ARTIKELNUMMER'), ' neu');
      await act(() => router.navigate('/login', { replace: true }));
      expect(location()).toHaveTextContent('/login');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
  });
});

describe('MachineFormPage in each staff language', () => {
  beforeEach(() => {
    for (const mock of Object.values(mocks)) mock.mockReset();
    mocks.getBrands.mockResolvedValue(brands);
  });
  afterEach(() => act(() => setLanguage('de')));

  const texts = {
    de: {
      title: 'MASCHINE HINZUFÜGEN',
      labels: [
        'MARKE',
        'ARTIKELNUMMER',
        'SERIENNUMMER PRÄFIX',
        'ENGLISCHE PRODUKTSEITE',
        'GEBEN SIE DIE EAN-NUMMER EIN',
      ],
      choose: 'wählen...',
      no: 'NEIN',
      save: 'SPEICHERN',
      messages: [
        'Bitte wählen',
        'Pflichtfeld',
        'Nur Buchstaben, Ziffern und „-“ erlaubt',
        'Bitte eine gültige Adresse mit http:// oder https:// eingeben',
        'Ungültige EAN: 8 oder 13 Ziffern mit gültiger Prüfziffer',
      ],
    },
    en: {
      title: 'ADD MACHINE',
      labels: [
        'BRAND',
        'ARTICLE NUMBER',
        'SERIAL NUMBER PREFIX',
        'ENGLISH PRODUCT PAGE',
        'ENTER THE EAN NUMBER',
      ],
      choose: 'choose...',
      no: 'NO',
      save: 'SAVE',
      messages: [
        'Please choose',
        'Required field',
        'Only letters, digits and “-” are allowed',
        'Please enter a valid address starting with http:// or https://',
        'Invalid EAN: 8 or 13 digits with a valid check digit',
      ],
    },
    pl: {
      title: 'DODAJ MASZYNĘ',
      labels: [
        'MARKA',
        'NUMER KATALOGOWY',
        'PREFIKS NUMERU SERYJNEGO',
        'ANGIELSKA STRONA PRODUKTU',
        'WPISZ NUMER EAN',
      ],
      choose: 'wybierz...',
      no: 'NIE',
      save: 'ZAPISZ',
      messages: [
        'Wybierz',
        'Pole obowiązkowe',
        'Dozwolone są tylko litery, cyfry i „-”',
        'Wpisz prawidłowy adres zaczynający się od http:// lub https://',
        'Nieprawidłowy EAN: 8 lub 13 cyfr z prawidłową cyfrą kontrolną',
      ],
    },
  } satisfies Record<StaffLanguage, unknown>;

  it.each(Object.keys(texts) as StaffLanguage[])(
    'in %s: the form and the messages of its checks before sending',
    async (language) => {
      const text = texts[language];
      const [brand, name, prefix, linkEn, ean] = text.labels;
      const user = userEvent.setup();
      await act(() => setLanguage(language));
      renderAdd();
      expect(screen.getByRole('heading', { name: text.title })).toBeInTheDocument();
      expect(await screen.findByText(text.choose)).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: text.no })).toBeChecked();
      await user.type(screen.getByLabelText(prefix), '48 5');
      await user.type(screen.getByLabelText(linkEn), 'javascript:alert(1)');
      await user.type(screen.getByLabelText(ean), '4006381333932');
      await user.click(screen.getByRole('button', { name: text.save }));
      const [chooseOne, required, serialPrefix, url, invalidEan] = text.messages;
      expect(screen.getByLabelText(brand)).toHaveFocus();
      expect(screen.getByText(chooseOne)).toBeInTheDocument();
      expect(screen.getByLabelText(name)).toHaveAccessibleDescription(required);
      expect(screen.getByLabelText(prefix)).toHaveAccessibleDescription(serialPrefix);
      expect(screen.getByLabelText(linkEn)).toHaveAccessibleDescription(url);
      expect(screen.getByLabelText(ean)).toHaveAccessibleDescription(invalidEan);
      expect(mocks.createMachine).not.toHaveBeenCalled();
    },
  );
});
