import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PLAN_STEPS, type CertificateTestRecord, type TestAttempt } from 'contracts';
import { http, notify } from 'shared-ui';
import RetestForm from './retest-form';
import {
  instrumentRegister,
  instrumentUnfit,
  MEASURED_INSULATION_STEP,
} from '../../test-support/test-record';

const getMock = jest.spyOn(http, 'get');
const postMock = jest.spyOn(http, 'post');
const answer = (data: unknown) => ({ data }) as never;
const SERIAL = '4852611002';
const guide = DEFAULT_PLAN_STEPS.find((step) => step.key === 'guide')!;
const SAVE = 'NACHPRÜFUNG SPEICHERN';

beforeEach(() => {
  localStorage.clear();
  getMock.mockImplementation(async (url: string) => {
    if (url === '/instruments') return answer({ data: instrumentRegister() });
    if (url === '/failure-reasons')
      return answer([
        { id: 1, code: 'ISO', name: 'Isolationsfehler', used: 0 },
        { id: 2, code: 'MONT', name: 'Montagefehler', used: 3 },
      ]);
    if (url === '/me')
      return answer({ id: 5, email: 'max@example.com', name: 'Max Prüfer', roles: ['pruefer'] });
    throw new Error(`unexpected GET ${url}`);
  });
});

afterEach(() => {
  getMock.mockReset();
  postMock.mockReset();
  jest.clearAllMocks();
});

const REASON = 'Fehlergrund';

function renderForm(
  last?: TestAttempt,
  record: Pick<CertificateTestRecord, 'steps' | 'plan_version' | 'retest_all'> = {
    plan_version: 4,
    steps: [guide, MEASURED_INSULATION_STEP],
  },
) {
  const onRecorded = jest.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RetestForm serial={SERIAL} machineId={11} record={record} last={last} onRecorded={onRecorded} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onRecorded };
}

describe('RetestForm: the instrument of a measured step', () => {
  it('preselects the account’s last choice, sends it, and shows a 409 at the choice keeping every value', async () => {
    localStorage.setItem('pruefbericht.instruments.5', JSON.stringify({ insulation_mohm: 102 }));
    const toast = jest.spyOn(notify, 'error');
    const { user, onRecorded } = renderForm();
    const choice = screen.getByRole('combobox', { name: 'Prüfmittel: Isolationswiderstand' });
    await waitFor(() => expect(choice).toHaveValue('102'));
    await user.click(screen.getByRole('button', { name: 'Alle bestanden' }));
    await user.type(screen.getByLabelText('Isolationswiderstand'), '2,4');
    await user.selectOptions(await screen.findByRole('combobox', { name: REASON }), 'ISO');

    postMock.mockRejectedValueOnce(
      instrumentUnfit('instruments.insulation_mohm', 'PM-0102', 'Kalibrierung fällig seit 2026-11-01'),
    );
    await user.click(screen.getByRole('button', { name: SAVE }));
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(1));
    expect(postMock.mock.calls[0]).toEqual([
      `/units/${SERIAL}/attempts`,
      {
        values: { guide: 'pass', insulation_mohm: '2,4' },
        instruments: { insulation_mohm: 102 },
        failure_reason: 'ISO',
        finding: '',
      },
    ]);
    await waitFor(() =>
      expect(choice).toHaveAccessibleDescription(
        'Isolationsmessgerät Prüfmittel PM-0102: Kalibrierung fällig seit 2026-11-01',
      ),
    );
    expect(choice).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(choice).toHaveFocus());
    expect(toast).toHaveBeenCalledWith(
      'Die Nachprüfung wurde nicht gespeichert. Prüfmittel PM-0102: Kalibrierung fällig seit 2026-11-01',
    );
    expect(screen.getByLabelText('Isolationswiderstand')).toHaveValue('2,4');
    expect(screen.getByRole('radio', { name: 'Bestanden' })).toBeChecked();

    postMock.mockResolvedValueOnce(answer({ id: 7 }));
    await user.selectOptions(choice, '101');
    expect(choice).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: SAVE }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalled());
    expect(postMock.mock.calls[1][1]).toEqual({
      values: { guide: 'pass', insulation_mohm: '2,4' },
      instruments: { insulation_mohm: 101 },
      failure_reason: 'ISO',
      finding: '',
    });
  });

  it('holds up a retest without an instrument at the choice, sending nothing', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Alle bestanden' }));
    await user.type(screen.getByLabelText('Isolationswiderstand'), '2,4');
    await user.selectOptions(await screen.findByRole('combobox', { name: REASON }), 'ISO');
    await user.click(screen.getByRole('button', { name: SAVE }));
    const choice = screen.getByRole('combobox', { name: 'Prüfmittel: Isolationswiderstand' });
    await waitFor(() => expect(choice).toHaveFocus());
    expect(choice).toHaveAccessibleDescription('Isolationsmessgerät Bitte das Prüfmittel wählen');
    expect(postMock).not.toHaveBeenCalled();
  });
});

/** Attempt 1 of the unit: the guide passed, the insulation resistance failed, both measured with PM-0101. */
const failedInsulation: TestAttempt = {
  attempt: 1,
  values: { guide: 'pass', insulation_mohm: '0,4' },
  verdicts: { guide: 'pass', insulation_mohm: 'fail' },
  passed: false,
  tested_by_name: 'Max Prüfer',
  tested_at: '2026-11-28T08:00:00.000Z',
};

describe('RetestForm: the finding and the failed steps', () => {
  it('asks only for the failed step, lists the passed one as carried over, and holds up a retest without a reason', async () => {
    const { user, onRecorded } = renderForm(failedInsulation);
    expect(screen.getByLabelText('Isolationswiderstand')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Bestanden' })).not.toBeInTheDocument();
    const carried = screen.getByRole('list', { name: 'Übernommen aus Versuch 1' });
    expect(carried).toHaveTextContent('Führung/Funktion Bestanden übernommen');

    await screen.findByRole('option', { name: /^PM-0101/ });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Prüfmittel: Isolationswiderstand' }),
      '101',
    );
    await user.type(screen.getByLabelText('Isolationswiderstand'), '2,4');
    await user.click(screen.getByRole('button', { name: SAVE }));
    const reason = screen.getByRole('combobox', { name: REASON });
    await waitFor(() => expect(reason).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte den Fehlergrund wählen');
    expect(postMock).not.toHaveBeenCalled();

    await user.selectOptions(reason, 'ISO');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Befund und Maßnahme'), '  Klemme X1 feucht, getrocknet  ');
    postMock.mockResolvedValueOnce(answer({ id: 7 }));
    await user.click(screen.getByRole('button', { name: SAVE }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalled());
    expect(postMock.mock.calls[0]).toEqual([
      `/units/${SERIAL}/attempts`,
      {
        values: { insulation_mohm: '2,4' },
        instruments: { insulation_mohm: 101 },
        failure_reason: 'ISO',
        finding: 'Klemme X1 feucht, getrocknet',
      },
    ]);
  });

  it('asks for every step where the plan says a retest repeats all', async () => {
    renderForm(failedInsulation, {
      plan_version: 4,
      steps: [guide, MEASURED_INSULATION_STEP],
      retest_all: true,
    });
    expect(screen.getByRole('radio', { name: 'Bestanden' })).toBeInTheDocument();
    expect(screen.getByLabelText('Isolationswiderstand')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Übernommen/ })).not.toBeInTheDocument();
  });
});

describe('RetestForm: values from the tester’s file', () => {
  it('reads the file, shows the preview with the verdict and the differing entry, takes the value and sends the file', async () => {
    const { user, onRecorded } = renderForm();
    await user.type(screen.getByLabelText('Isolationswiderstand'), '3,0');
    postMock.mockImplementation(async (url: string) => {
      if (url === '/tester-files')
        return answer({
          id: 9,
          name: 'messung.csv',
          sha256: 'ab12cd34ef56'.padEnd(64, '0'),
          size: 40,
          format: 'csv',
          machine_id: 11,
          tester_model: 'ST 725',
          tester_serial: '',
          columns: [
            { name: 'Seriennummer', unit: '' },
            { name: 'Riso', unit: 'MΩ' },
          ],
          rows: 1,
          sample: [[SERIAL, '2,4']],
          mapping: { serial_column: 'Seriennummer', steps: { insulation_mohm: 'Riso' } },
          mapping_saved: true,
        });
      if (url === '/tester-files/9/preview')
        return answer({
          file: { id: 9, name: 'messung.csv', sha256: 'ab12cd34ef56'.padEnd(64, '0') },
          units: [
            {
              unit: 2,
              serial: SERIAL,
              row: 1,
              values: { insulation_mohm: '2,4' },
              verdicts: { insulation_mohm: 'pass' },
              errors: {},
              passed: true,
              conflicts: [{ step: 'insulation_mohm', entered: '3,0', file: '2,4' }],
            },
          ],
          not_in_certificate: [],
          missing_units: [],
        });
      if (url === `/units/${SERIAL}/attempts`) return answer({ id: 7 });
      throw new Error(`unexpected POST ${url}`);
    });
    await user.click(screen.getByRole('button', { name: 'Aus Prüfgerätedatei übernehmen' }));
    await user.upload(
      screen.getByLabelText(/^Datei des Prüfgeräts/),
      new File(['Seriennummer;Riso [MΩ]'], 'messung.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Datei lesen' }));
    const preview = await screen.findByRole('table', { name: 'Vorschau: Werte der Datei und ihr Ergebnis' });
    expect(preview).toHaveTextContent('2,4 MΩ ✓');
    expect(preview).toHaveTextContent('eingegeben: 3,0');
    expect(postMock.mock.calls[1]).toEqual([
      '/tester-files/9/preview',
      { serial: SERIAL, entered: [{ insulation_mohm: '3,0' }] },
    ]);
    await user.click(screen.getByRole('radio', { name: 'Durch die Werte der Datei ersetzen' }));
    await user.click(screen.getByRole('button', { name: 'Werte übernehmen' }));
    expect(screen.getByLabelText('Isolationswiderstand')).toHaveValue('2,4');
    expect(screen.getByRole('status')).toHaveTextContent('Werte aus Datei messung.csv übernommen');

    await user.selectOptions(await screen.findByRole('combobox', { name: REASON }), 'ISO');
    await user.click(screen.getByRole('button', { name: 'Alle bestanden' }));
    const choice = screen.getByRole('combobox', { name: 'Prüfmittel: Isolationswiderstand' });
    await waitFor(() => expect(choice.querySelector('option[value="101"]')).not.toBeNull());
    await user.selectOptions(choice, '101');
    await user.click(screen.getByRole('button', { name: SAVE }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalled());
    expect(postMock.mock.calls[2][1]).toMatchObject({
      values: { guide: 'pass', insulation_mohm: '2,4' },
      tester_file: { id: 9, on_conflict: 'keep' },
    });
  });
});
