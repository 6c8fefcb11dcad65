import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_PLAN_STEPS,
  type ImportMappingBody,
  type ImportMappingList,
  type MeasurementIds,
  type PlanStep,
} from 'contracts';
import { http } from 'shared-ui';
import { renderScreen } from '../../../test/render';
import { ImportMappingsPanel } from './import-mappings-panel';
import { MeasurementIdsPanel } from './measurement-ids-panel';

/** The default plan with its insulation resistance measured per unit in MΩ. */
const steps: PlanStep[] = DEFAULT_PLAN_STEPS.map((step) =>
  step.key === 'insulation_resistance' ? { ...step, kind: 'numeric', unit: 'MΩ', per_unit: true } : step,
);
const saved: ImportMappingList = {
  data: [
    {
      id: 3,
      machine_id: 7,
      tester_model: 'Benning ST 725',
      serial_column: 'Seriennummer',
      steps: { insulation_resistance: 'Riso [MΩ]' },
      updated_at: '2026-11-28T10:00:00.000Z',
      updated_by_name: 'Anna Berg',
    },
  ],
};
const server = {
  mappings: jest.fn<() => Promise<ImportMappingList>>(),
  save: jest.fn<(body: ImportMappingBody) => Promise<void>>(),
  remove: jest.fn<(url: string) => Promise<void>>(),
  ids: jest.fn<() => Promise<MeasurementIds>>(),
  saveIds: jest.fn<(body: MeasurementIds) => Promise<MeasurementIds>>(),
};

beforeEach(() => {
  for (const mock of Object.values(server)) mock.mockReset();
  server.mappings.mockResolvedValue(saved);
  server.ids.mockResolvedValue({ data: [{ column_key: '69/139', step_key: 'insulation_resistance' }] });
  jest.mocked(http.get).mockImplementation(async (url: string) => {
    if (url === '/import-mappings?machine_id=7') return { data: await server.mappings() } as never;
    if (url === '/tester-measurement-ids/metrel') return { data: await server.ids() } as never;
    throw new Error(`unexpected GET ${url}`);
  });
  jest.mocked(http.put).mockImplementation(async (url: string, body?: unknown) => {
    if (url === '/import-mappings') return { data: await server.save(body as ImportMappingBody) } as never;
    if (url === '/tester-measurement-ids/metrel')
      return { data: await server.saveIds(body as MeasurementIds) } as never;
    throw new Error(`unexpected PUT ${url}`);
  });
  jest.spyOn(http, 'delete').mockImplementation(async (url: string) => {
    await server.remove(url);
    return { data: null } as never;
  });
});

describe('ImportMappingsPanel', () => {
  it("lists the machine's mappings and edits one: the serial by row order, a step's column changed", async () => {
    const user = userEvent.setup();
    server.save.mockResolvedValue(undefined);
    renderScreen(<ImportMappingsPanel machineId={7} steps={steps} />, { roles: ['freigabe'] });
    const row = await screen.findByRole('row', { name: /Benning ST 725/ });
    expect(row).toHaveTextContent('Seriennummer');
    expect(row).toHaveTextContent('Isolationswiderstand: Riso [MΩ]');
    expect(row).toHaveTextContent('Anna Berg');

    await user.click(screen.getByRole('button', { name: 'Bearbeiten: Benning ST 725' }));
    const editor = screen.getByRole('form', { name: 'Zuordnung für Benning ST 725 bearbeiten' });
    // A serial column left empty is refused before anything is sent.
    await user.clear(within(editor).getByLabelText('Spalte der Seriennummer'));
    await user.click(within(editor).getByRole('button', { name: 'SPEICHERN' }));
    expect(within(editor).getByRole('alert')).toHaveTextContent('Bitte die Spalte der Seriennummer angeben');
    expect(server.save).not.toHaveBeenCalled();

    await user.click(within(editor).getByLabelText(/Reihenfolge der Zeilen/));
    const column = within(editor).getByLabelText('Isolationswiderstand [MΩ]');
    await user.clear(column);
    await user.type(column, ' R ISO ');
    await user.click(within(editor).getByRole('button', { name: 'SPEICHERN' }));
    await waitFor(() =>
      expect(server.save).toHaveBeenCalledWith({
        machine_id: 7,
        tester_model: 'Benning ST 725',
        serial_column: null,
        steps: { insulation_resistance: 'R ISO' },
      }),
    );
    expect(await screen.findByText('Zuordnung für Benning ST 725 gespeichert.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('deletes a mapping after asking', async () => {
    const user = userEvent.setup();
    server.remove.mockResolvedValue(undefined);
    renderScreen(<ImportMappingsPanel machineId={7} steps={steps} />, { roles: ['freigabe'] });
    await user.click(await screen.findByRole('button', { name: 'Löschen: Benning ST 725' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Zuordnung löschen?' });
    server.mappings.mockResolvedValue({ data: [] });
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(server.remove).toHaveBeenCalledWith('/import-mappings/3'));
    expect(
      await screen.findByText('Für diese Maschine ist noch keine Zuordnung gespeichert.'),
    ).toBeInTheDocument();
  });
});

describe('MeasurementIdsPanel', () => {
  it("shows each id's step with its kind and unit, refuses a bad or repeated id, saves the table", async () => {
    const user = userEvent.setup();
    server.saveIds.mockImplementation(async (body) => body);
    renderScreen(<MeasurementIdsPanel steps={steps} />, { roles: ['freigabe'] });
    const first = await screen.findByLabelText('Messungs-ID, Zeile 1');
    expect(first).toHaveValue('69/139');
    expect(screen.getByRole('row', { name: /Messwert, MΩ/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Zeile hinzufügen' }));
    const added = screen.getByLabelText('Messungs-ID, Zeile 2');
    await waitFor(() => expect(added).toHaveFocus());
    await user.type(added, '69/139');
    await user.click(screen.getByRole('button', { name: 'MESSUNGS-IDS SPEICHERN' }));
    expect(added).toHaveAccessibleErrorMessage('Diese ID steht schon weiter oben');
    expect(screen.getByLabelText('Prüfschritt, Zeile 2')).toHaveAccessibleErrorMessage(
      'Bitte einen Prüfschritt wählen',
    );
    expect(server.saveIds).not.toHaveBeenCalled();

    await user.clear(added);
    await user.type(added, '68-135');
    await user.click(screen.getByRole('button', { name: 'MESSUNGS-IDS SPEICHERN' }));
    expect(added).toHaveAccessibleErrorMessage('Zwei Nummern mit „/“, z. B. 68/135');

    await user.clear(added);
    await user.type(added, ' 70/139');
    await user.selectOptions(screen.getByLabelText('Prüfschritt, Zeile 2'), 'insulation_resistance');
    await user.click(screen.getByRole('button', { name: 'MESSUNGS-IDS SPEICHERN' }));
    await waitFor(() =>
      expect(server.saveIds).toHaveBeenCalledWith({
        data: [
          { column_key: '69/139', step_key: 'insulation_resistance' },
          { column_key: '70/139', step_key: 'insulation_resistance' },
        ],
      }),
    );
    expect(await screen.findByText('Messungs-IDs gespeichert.')).toBeInTheDocument();
  });
});
