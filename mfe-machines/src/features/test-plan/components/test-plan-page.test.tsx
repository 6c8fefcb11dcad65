import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_PLAN_STEPS,
  type Machine,
  type MachineList,
  type Role,
  type StaffLanguage,
  type PlanDiff,
  type TestPlan,
  type TestPlanBody,
  type TestPlanVersions,
} from 'contracts';
import { http, setLanguage } from 'shared-ui';
import { apiError, renderScreen } from '../../../test/render';
import TestPlanPage from './test-plan-page';

const machine = { id: 7, name: 'MAB 825' } as Machine;
const defaultPlan: TestPlan = {
  machine_id: 7,
  version: 0,
  steps: [...DEFAULT_PLAN_STEPS],
  created_at: null,
  created_by_name: null,
  reason: null,
};
const others: MachineList = {
  data: [
    { id: 7, pos: 1, name: 'MAB 825', brand_name: 'MABtec', ean_number: '', created_at: '2026-01-01' },
    { id: 9, pos: 2, name: 'MAB 900', brand_name: 'MABtec', ean_number: '', created_at: '2026-01-01' },
  ],
  total: 2,
};

const server = {
  plan: jest.fn<() => Promise<TestPlan>>(),
  save: jest.fn<(body: TestPlanBody) => Promise<TestPlan>>(),
  copy: jest.fn<(body: { from_machine_id: number }) => Promise<TestPlan>>(),
  machines: jest.fn<(params: unknown) => Promise<MachineList>>(),
  version: jest.fn<(version: number) => Promise<TestPlan>>(),
  versions: jest.fn<() => Promise<TestPlanVersions>>(),
  diff: jest.fn<(url: string) => Promise<PlanDiff>>(),
};

beforeEach(() => {
  for (const mock of Object.values(server)) mock.mockReset();
  server.plan.mockResolvedValue(defaultPlan);
  server.machines.mockResolvedValue(others);
  server.versions.mockResolvedValue({ data: [] });
  jest.mocked(http.get).mockImplementation(async (url: string, config?: { params?: unknown }) => {
    const version = (config?.params as { version?: number } | undefined)?.version;
    if (url === '/machine/7/test-plan' && version !== undefined)
      return { data: await server.version(version) } as never;
    if (url === '/machine/7/test-plan') return { data: await server.plan() } as never;
    if (url === '/machine/7/test-plan/versions') return { data: await server.versions() } as never;
    if (url.startsWith('/machine/7/test-plan/diff?')) return { data: await server.diff(url) } as never;
    if (url === '/machine/7') return { data: machine } as never;
    if (url === '/machines') return { data: await server.machines(config?.params) } as never;
    throw new Error(`unexpected GET ${url}`);
  });
  jest.mocked(http.put).mockImplementation(async (url: string, body?: unknown) => {
    if (url !== '/machine/7/test-plan') throw new Error(`unexpected PUT ${url}`);
    return { data: await server.save(body as TestPlanBody) } as never;
  });
  jest.mocked(http.post).mockImplementation(async (url: string, body?: unknown) => {
    if (url !== '/machine/7/test-plan/copy') throw new Error(`unexpected POST ${url}`);
    return { data: await server.copy(body as { from_machine_id: number }) } as never;
  });
});

const renderPage = (roles: Role[] = ['freigabe'], path = '/machines/7/test-plan') =>
  renderScreen(<TestPlanPage />, { path, route: '/machines/:id/test-plan', roles });
const stepSection = (position: number) =>
  screen.getByRole('region', { name: new RegExp(`^Schritt ${position}\\b`) });
const saveButton = () => screen.getByRole('button', { name: 'SPEICHERN' });

describe('TestPlanPage', () => {
  it('says that version 0 is the built-in default plan and shows its steps, each opened on demand', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(/Version 0: der eingebaute Standard-Prüfplan/)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: `Prüfschritte (${DEFAULT_PLAN_STEPS.length})` }),
    ).toBeInTheDocument();
    expect(stepSection(7)).toHaveTextContent(
      'Bestanden / nicht bestanden · einmal je Prüfbericht · Pflicht · 500 V DC · IEC 60204-1, 18.3',
    );
    expect(within(stepSection(1)).queryByLabelText('Deutsch *')).toBeNull();
    const open = screen.getByRole('button', { name: 'Bearbeiten: Schritt 1' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(screen.getByRole('button', { name: 'Zuklappen: Schritt 1' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(stepSection(1)).getByLabelText('Deutsch *')).toHaveValue('Rechtwinkligkeit');
    expect(within(stepSection(1)).getByLabelText('Englisch')).toHaveAccessibleDescription(
      /Deutsch ist Pflicht/,
    );
    // A stored step's key names its results: it cannot change any more.
    expect(within(stepSection(1)).getByLabelText('Schlüssel')).toHaveAttribute('readonly');
  });

  it('adds a measured step, its key made from the German title, and saves it as the next version', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: '+ SCHRITT HINZUFÜGEN' }));
    const step = stepSection(DEFAULT_PLAN_STEPS.length + 1);
    const title = within(step).getByLabelText('Deutsch *');
    expect(title).toHaveFocus();
    // Saved before a title is typed: the title and the key (made from it) are marked; the title fixes both.
    await user.click(saveButton());
    expect(title).toHaveFocus();
    expect(within(step).getByLabelText('Schlüssel')).toHaveAttribute('aria-invalid', 'true');
    await user.type(title, 'Isolationswiderstand');
    expect(within(step).getByLabelText('Schlüssel')).not.toHaveAttribute('aria-invalid');
    expect(title).not.toHaveAttribute('aria-invalid');
    expect(within(step).getByLabelText('Schlüssel')).toHaveValue('isolationswiderstand');
    expect(within(step).getByLabelText('Schlüssel')).not.toHaveAttribute('readonly');
    await user.type(within(step).getByLabelText('Englisch'), 'Insulation resistance');
    await user.selectOptions(within(step).getByLabelText('Art'), 'Messwert');
    await user.type(within(step).getByLabelText('Einheit'), 'MΩ');
    await user.type(within(step).getByLabelText('Untere Grenze'), '1');
    await user.clear(within(step).getByLabelText('Nachkommastellen'));
    await user.type(within(step).getByLabelText('Nachkommastellen'), '1');
    await user.type(within(step).getByLabelText('Prüfbedingungen'), '500 V DC');
    await user.type(within(step).getByLabelText('Norm und Abschnitt'), 'IEC 60204-1, 18.3');
    server.save.mockImplementation(async (body) => ({ ...defaultPlan, version: 1, steps: body.steps }));
    server.plan.mockResolvedValue({ ...defaultPlan, version: 1 });
    await user.click(saveButton());

    await waitFor(() => expect(server.save).toHaveBeenCalledTimes(1));
    const body = server.save.mock.calls[0][0];
    expect(body.based_on).toBe(0);
    expect(body.steps).toHaveLength(DEFAULT_PLAN_STEPS.length + 1);
    expect(body.steps.at(-1)).toEqual({
      key: 'isolationswiderstand',
      title: { de: 'Isolationswiderstand', en: 'Insulation resistance', fr: '', es: '', it: '', pt: '' },
      kind: 'numeric',
      unit: 'MΩ',
      lower: 1,
      upper: null,
      decimals: 1,
      options: [],
      passing: [],
      parameters: '500 V DC',
      standard: 'IEC 60204-1, 18.3',
      required: true,
      per_unit: true,
    });
    expect(await screen.findByText('Prüfplan gespeichert: Version 1.')).toBeInTheDocument();
    expect(screen.getByTestId('plan-version')).toHaveTextContent('Version 1');
  });

  it('checks before sending: an empty German title and limits the wrong way round stay at their fields', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Bearbeiten: Schritt 1' }));
    const first = within(stepSection(1));
    await user.clear(first.getByLabelText('Deutsch *'));
    await user.click(saveButton());
    expect(server.save).not.toHaveBeenCalled();
    const title = first.getByLabelText('Deutsch *');
    expect(title).toHaveFocus();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Bitte den deutschen Titel angeben');
    // Typing corrects it: the message goes.
    await user.type(title, 'Rechtwinkligkeit');
    expect(title).not.toHaveAttribute('aria-invalid');

    await user.selectOptions(first.getByLabelText('Art'), 'Messwert');
    await user.type(first.getByLabelText('Untere Grenze'), '2');
    await user.type(first.getByLabelText('Obere Grenze'), '1,5');
    await user.click(saveButton());
    expect(server.save).not.toHaveBeenCalled();
    expect(first.getByLabelText('Untere Grenze')).toHaveAccessibleDescription(
      /Die untere Grenze liegt über der oberen/,
    );
  });

  it("shows the API's field messages at their fields (steps.3.title.de)", async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: /^Schritt 4\b/ });
    server.save.mockRejectedValue(
      apiError(400, 'Ungültige Eingabe', {
        'steps.3.title.de': 'Bezeichnung zu lang',
        'steps.1.lower': 'Zahl',
      }),
    );
    await user.click(saveButton());
    const title = within(stepSection(4)).getByLabelText('Deutsch *');
    await waitFor(() => expect(title).toHaveAccessibleDescription('Bezeichnung zu lang'));
    expect(within(stepSection(2)).queryByLabelText('Untere Grenze')).toBeNull();
    expect(await screen.findByText(/Bitte die markierten Felder prüfen/)).toBeInTheDocument();
  });

  it('says when someone else changed the plan meanwhile (409) and reloads it on request', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: /^Schritt 1\b/ });
    server.save.mockRejectedValue(apiError(409, 'Der Prüfplan wurde inzwischen geändert.'));
    await user.click(saveButton());
    const alert = await screen.findByText(/Jemand anderes hat diesen Prüfplan inzwischen geändert/);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    server.plan.mockResolvedValue({
      ...defaultPlan,
      version: 2,
      created_by_name: 'Erika Muster',
      created_at: '2026-11-25T10:00:00Z',
    });
    await user.click(screen.getByRole('button', { name: 'NEU LADEN' }));
    expect(
      await screen.findByText(/Version 2, gespeichert von Erika Muster am 25\.11\.2026/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Jemand anderes/)).toBeNull();
  });

  it('reorders and removes steps by keyboard, the focus staying with the moved step', async () => {
    const user = userEvent.setup();
    renderPage();
    const up = await screen.findByRole('button', { name: 'Nach oben: Schritt 2' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(stepSection(1)).toHaveAccessibleName('Schritt 1: Aufnahme / Rundlauf');
    expect(stepSection(2)).toHaveAccessibleName('Schritt 2: Rechtwinkligkeit');
    // At the top "up" is disabled: the keyboard is on "down" of the same step.
    expect(screen.getByRole('button', { name: 'Nach unten: Schritt 1' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Nach oben: Schritt 1' })).toBeDisabled();
    expect(
      screen.getByText('Schritt 1: Aufnahme / Rundlauf', { selector: '[role="status"]' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Entfernen: Schritt 1' }));
    expect(
      screen.getByRole('heading', { name: `Prüfschritte (${DEFAULT_PLAN_STEPS.length - 1})` }),
    ).toHaveFocus();
    server.save.mockImplementation(async (body) => ({ ...defaultPlan, version: 1, steps: body.steps }));
    await user.click(saveButton());
    await waitFor(() => expect(server.save).toHaveBeenCalled());
    expect(server.save.mock.calls[0][0].steps.map((step) => step.key).slice(0, 2)).toEqual([
      'perpendicularity',
      'magnet_base_switch',
    ]);
  });

  it('offers choice options with the ones that pass, and renders hostile text as text', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: '+ SCHRITT HINZUFÜGEN' }));
    const step = stepSection(DEFAULT_PLAN_STEPS.length + 1);
    await user.type(within(step).getByLabelText('Deutsch *'), '<img src=x onerror=alert(1)>');
    expect(within(step).getByRole('heading')).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(document.querySelector('img')).toBeNull();
    expect(within(step).getByLabelText('Deutsch *')).toHaveAttribute('maxLength', '120');
    await user.selectOptions(within(step).getByLabelText('Art'), 'Auswahl');
    await user.type(
      within(step).getByLabelText('Auswahlmöglichkeiten (eine je Zeile)'),
      'gut{Enter}schlecht',
    );
    await user.click(within(step).getByRole('checkbox', { name: 'gut' }));
    server.save.mockImplementation(async (body) => ({ ...defaultPlan, version: 1, steps: body.steps }));
    await user.click(saveButton());
    await waitFor(() => expect(server.save).toHaveBeenCalled());
    expect(server.save.mock.calls[0][0].steps.at(-1)).toMatchObject({
      key: 'img_src_x_onerror_alert_1',
      kind: 'choice',
      options: ['gut', 'schlecht'],
      passing: ['gut'],
    });
  });

  it('copies the plan of another machine after a confirmation naming it', async () => {
    const user = userEvent.setup();
    renderPage(['admin']);
    const select = await screen.findByLabelText('Maschine');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    // The machine itself is not offered.
    expect(within(select).queryByRole('option', { name: /MAB 825/ })).toBeNull();
    await user.selectOptions(select, 'MAB 900 (MABtec)');
    server.copy.mockResolvedValue({ ...defaultPlan, version: 3 });
    await user.click(screen.getByRole('button', { name: 'KOPIEREN' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Den Prüfplan von MAB 900 (MABtec) übernehmen?');
    await user.click(within(dialog).getByRole('button', { name: 'KOPIEREN' }));
    await waitFor(() => expect(server.copy).toHaveBeenCalledWith({ from_machine_id: 9 }));
    expect(
      await screen.findByText('Prüfplan von MAB 900 (MABtec) übernommen: Version 3.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('plan-version')).toHaveTextContent('Version 3');
  });

  it('holds back a user leaving with unsaved changes until they choose to discard them', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Entfernen: Schritt 1' }));
    await user.click(screen.getByRole('link', { name: /Zurück/ }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Ihre Änderungen an diesem Prüfplan sind noch nicht gespeichert.');
    await user.click(within(dialog).getByRole('button', { name: 'ABBRECHEN' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/machines/7/test-plan');
    await user.click(screen.getByRole('link', { name: /Zurück/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'VERWERFEN' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/?tab=machine_list');
  });

  it('lets a user leave freely after discarding the changes', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Entfernen: Schritt 1' }));
    await user.click(screen.getByRole('button', { name: 'Änderungen verwerfen' }));
    expect(
      screen.getByRole('heading', { name: `Prüfschritte (${DEFAULT_PLAN_STEPS.length})` }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /Zurück/ }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/?tab=machine_list');
  });

  it('shows the plan read-only to those without the release right', async () => {
    renderPage(['pruefer', 'lesen']);
    expect(await screen.findByText(/Nur lesen/)).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: /Isolationswiderstand/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SPEICHERN' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByText('Von anderer Maschine kopieren')).toBeNull();
    // The tester files' mappings and Metrel's ids are the quality role's too.
    expect(screen.queryByText('Zuordnungen der Prüfgerätedateien')).toBeNull();
    expect(screen.queryByText('Messungs-IDs von Metrel')).toBeNull();
  });

  it('asks why from the second version on: refused at the field without a reason, sent with it', async () => {
    const user = userEvent.setup();
    server.plan.mockResolvedValue({ ...defaultPlan, version: 1, created_at: '2026-11-27T13:05:00.000Z' });
    renderPage();
    const reason = await screen.findByLabelText('Änderungsgrund *');
    await user.click(saveButton());
    expect(reason).toHaveFocus();
    expect(reason).toHaveAccessibleDescription(
      expect.stringContaining('Bitte geben Sie an, warum der Prüfplan geändert wird (Änderungsgrund).'),
    );
    expect(server.save).not.toHaveBeenCalled();
    await user.type(reason, 'Schutzleiter neu bewertet');
    expect(reason).not.toHaveAttribute('aria-invalid');
    server.save.mockResolvedValue({ ...defaultPlan, version: 2, reason: 'Schutzleiter neu bewertet' });
    await user.click(saveButton());
    await waitFor(() => expect(server.save).toHaveBeenCalledTimes(1));
    expect(server.save.mock.calls[0][0]).toMatchObject({ based_on: 1, reason: 'Schutzleiter neu bewertet' });
  });

  it('lists the versions with their reasons, shows an earlier one read-only and compares two', async () => {
    const user = userEvent.setup();
    const [first, second] = DEFAULT_PLAN_STEPS;
    const limit = { ...first, kind: 'numeric' as const, unit: 'V', upper: 60 };
    server.plan.mockResolvedValue({ ...defaultPlan, version: 2, steps: [{ ...limit, upper: 50 }, second] });
    server.versions.mockResolvedValue({
      data: [
        {
          version: 2,
          created_at: '2026-11-28T09:00:00.000Z',
          created_by_name: 'Anna Nowak',
          reason: '<b>Norm</b>',
          steps: 2,
        },
        {
          version: 1,
          created_at: '2026-11-27T09:00:00.000Z',
          created_by_name: 'Demo',
          reason: null,
          steps: 1,
        },
      ],
    });
    server.diff.mockResolvedValue({
      from: 1,
      to: 2,
      added: [second],
      removed: [],
      changed: [{ before: limit, after: { ...limit, upper: 50 }, fields: ['upper'] }],
    });
    renderPage(['lesen']);
    const versions = await screen.findByRole('table', { name: 'Versionen' });
    const rows = within(versions).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Version 2 (aktuell)28.11.2026 10:00Anna Nowak<b>Norm</b>2');
    expect(rows[2]).toHaveTextContent('erste Version');
    expect(within(rows[2]).getByRole('link', { name: 'Version 1' })).toHaveAttribute(
      'href',
      '/machines/7/test-plan?version=1',
    );
    expect(screen.getByLabelText('Von Version')).toHaveValue('1');
    expect(screen.getByLabelText('Bis Version')).toHaveValue('2');
    await user.click(screen.getByRole('button', { name: 'VERGLEICHEN' }));
    const diff = await screen.findByTestId('plan-diff');
    expect(server.diff).toHaveBeenCalledWith('/machine/7/test-plan/diff?from=1&to=2');
    expect(diff).toHaveTextContent('Änderungen von Version 1 zu Version 2');
    expect(diff).toHaveTextContent(`Hinzugefügt${second.title.de} (${second.key})`);
    expect(diff).toHaveTextContent('Obere Grenze: 60 V → 50 V');
  });

  it('shows an earlier version read-only with its reason, and a way back to the current one', async () => {
    server.plan.mockResolvedValue({ ...defaultPlan, version: 3 });
    server.version.mockResolvedValue({
      ...defaultPlan,
      version: 2,
      created_at: '2026-11-28T09:00:00.000Z',
      created_by_name: 'Anna Nowak',
      reason: 'Restspannung ergänzt',
    });
    renderPage(['freigabe'], '/machines/7/test-plan?version=2');
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Sie sehen Version 2, nicht die aktuelle Version 3.',
    );
    expect(server.version).toHaveBeenCalledWith(2);
    expect(screen.getByTestId('plan-reason')).toHaveTextContent('Änderungsgrund: Restspannung ergänzt');
    expect(screen.getByRole('link', { name: 'Zur aktuellen Version' })).toHaveAttribute(
      'href',
      '/machines/7/test-plan',
    );
    expect(screen.queryByRole('button', { name: 'SPEICHERN' })).toBeNull();
  });

  it('says so when the machine does not exist', async () => {
    server.plan.mockRejectedValue(apiError(404, 'Nicht gefunden'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Maschine nicht gefunden.');
  });
});

describe('TestPlanPage in each staff language', () => {
  const measured: TestPlan = {
    machine_id: 7,
    version: 3,
    created_at: '2026-11-27T13:05:00.000Z',
    created_by_name: 'Anna Nowak',
    reason: 'Schutzleiter nach IEC 60204-1 gemessen',
    steps: [
      {
        key: 'pe_resistance',
        title: { de: 'Schutzleiterwiderstand', en: '', fr: '', es: '', it: '', pt: '' },
        kind: 'numeric',
        unit: 'Ω',
        lower: null,
        upper: 0.3,
        decimals: 2,
        options: [],
        passing: [],
        parameters: '10 A AC',
        standard: 'IEC 60204-1, 18.2.2',
        required: true,
        per_unit: true,
        instrument_kind: 'earth_bond_tester',
      },
    ],
  };
  beforeEach(() => {
    server.plan.mockResolvedValue(measured);
  });
  afterEach(() => act(() => setLanguage('de')));

  const texts = {
    de: {
      heading: 'PRÜFPLAN · Maschine MAB 825',
      version: 'Version 3, gespeichert von Anna Nowak am 27.11.2026 14:05',
      step: 'Schritt 1: Schutzleiterwiderstand',
      summary:
        'Messwert · ≤ 0,3 Ω · Schutzleiterprüfgerät · je Einheit · Pflicht · 10 A AC · IEC 60204-1, 18.2.2',
      open: 'Bearbeiten: Schritt 1',
      fields: {
        'Deutsch *': 'Schutzleiterwiderstand',
        'Obere Grenze': '0,3',
        Messgerät: 'Schutzleiterprüfgerät',
      },
      lower: 'Untere Grenze',
      save: 'SPEICHERN',
      lowerAboveUpper: 'Die untere Grenze liegt über der oberen',
      titleMissing: 'Bitte den deutschen Titel angeben',
      table: ['Messwert Schutzleiterprüfgerät', '≤ 0,3 Ω', 'je Einheit', 'ja'],
    },
    en: {
      heading: 'TEST PLAN · Machine MAB 825',
      version: 'Version 3, saved by Anna Nowak on 27/11/2026 14:05',
      step: 'Step 1: Schutzleiterwiderstand',
      summary:
        'Measured value · ≤ 0.3 Ω · Protective conductor tester · per unit · required · 10 A AC · IEC 60204-1, 18.2.2',
      open: 'Edit: step 1',
      fields: {
        'German *': 'Schutzleiterwiderstand',
        'Upper limit': '0.3',
        'Measuring instrument': 'Protective conductor tester',
      },
      lower: 'Lower limit',
      save: 'SAVE',
      lowerAboveUpper: 'The lower limit is above the upper limit',
      titleMissing: 'Please enter the German title',
      table: ['Measured value Protective conductor tester', '≤ 0.3 Ω', 'per unit', 'yes'],
    },
    pl: {
      heading: 'PLAN BADAŃ · Maszyna MAB 825',
      version: 'Wersja 3, zapisana przez Anna Nowak, 27.11.2026 14:05',
      step: 'Krok 1: Schutzleiterwiderstand',
      summary:
        'Wartość zmierzona · ≤ 0,3 Ω · Miernik ciągłości przewodu ochronnego · dla każdego egzemplarza · obowiązkowe · 10 A AC · IEC 60204-1, 18.2.2',
      open: 'Edytuj: krok 1',
      fields: {
        'Niemiecki *': 'Schutzleiterwiderstand',
        'Górna granica': '0,3',
        'Przyrząd pomiarowy': 'Miernik ciągłości przewodu ochronnego',
      },
      lower: 'Dolna granica',
      save: 'ZAPISZ',
      lowerAboveUpper: 'Dolna granica jest wyższa niż górna',
      titleMissing: 'Podaj nazwę w języku niemieckim',
      table: [
        'Wartość zmierzona Miernik ciągłości przewodu ochronnego',
        '≤ 0,3 Ω',
        'dla każdego egzemplarza',
        'tak',
      ],
    },
  } satisfies Record<StaffLanguage, unknown>;

  it.each(Object.keys(texts) as StaffLanguage[])(
    'in %s: the version, a measured step with the decimal separator of the language, and the checks before saving',
    async (language) => {
      const text = texts[language];
      const user = userEvent.setup();
      await act(() => setLanguage(language));
      renderPage();
      expect(await screen.findByTestId('plan-version')).toHaveTextContent(text.version);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(text.heading);
      const step = screen.getByRole('region', { name: text.step });
      expect(step).toHaveTextContent(text.summary);
      await user.click(within(step).getByRole('button', { name: text.open }));
      for (const [label, value] of Object.entries(text.fields))
        expect(within(step).getByLabelText(label)).toHaveDisplayValue(value);
      const [title] = Object.keys(text.fields);
      await user.clear(within(step).getByLabelText(title));
      await user.type(within(step).getByLabelText(text.lower), '1');
      await user.click(screen.getByRole('button', { name: text.save }));
      expect(within(step).getByLabelText(title)).toHaveAccessibleDescription(text.titleMissing);
      expect(within(step).getByLabelText(text.lower)).toHaveAccessibleDescription(
        expect.stringContaining(text.lowerAboveUpper),
      );
      expect(server.save).not.toHaveBeenCalled();
    },
  );

  it.each(Object.keys(texts) as StaffLanguage[])('in %s: the plan as a reader sees it', async (language) => {
    await act(() => setLanguage(language));
    renderPage(['lesen']);
    const row = (await screen.findAllByRole('row'))[1];
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect([cells[2], cells[3], cells[6], cells[7]]).toEqual(texts[language].table);
  });
});
