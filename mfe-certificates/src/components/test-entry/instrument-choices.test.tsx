import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate, type Instrument, type PlanStep } from 'contracts';
import { useState } from 'react';
import { http } from 'shared-ui';
import { InstrumentChoices } from './instrument-choices';
import { rememberedInstruments, rememberInstrument } from './instrument-memory';
import { certificateInstrumentKey } from './step-entry';
import {
  INSULATION_STEP,
  instrumentRegister,
  MEASURED_INSULATION_STEP,
} from '../../test-support/test-record';

const getMock = jest.spyOn(http, 'get');
const answer = (data: unknown) => ({ data }) as never;
const me = (id: number) => ({
  id,
  email: `pruefer${id}@example.com`,
  name: `Prüfer ${id}`,
  roles: ['pruefer'],
  must_change_password: false,
  two_factor: false,
  two_factor_required: false,
  language: 'de',
});
const LABEL = 'Prüfmittel: Isolationswiderstand';
const storageKey = (accountId: number) => `pruefbericht.instruments.${accountId}`;

let register: Instrument[];
let account: number;

beforeEach(() => {
  register = instrumentRegister();
  account = 5;
  localStorage.clear();
  getMock.mockImplementation(async (url: string) => {
    if (url === '/instruments') return answer({ data: register });
    if (url === '/me') return answer(me(account));
    throw new Error(`unexpected GET ${url}`);
  });
});

afterEach(() => {
  getMock.mockReset();
  document.body.innerHTML = '';
});

/** The choices as a form holds them: what was chosen, with the messages the form passes down. */
/** A second measured step: its preselection shows that the account's choices were read. */
const SECOND: PlanStep = {
  ...MEASURED_INSULATION_STEP,
  key: 'insulation_after_repair',
  title: { ...MEASURED_INSULATION_STEP.title, de: 'Isolation nach Reparatur' },
};
const SECOND_LABEL = 'Prüfmittel: Isolation nach Reparatur';

function Harness({
  errors = {},
  onChoose,
  initial,
  steps = [MEASURED_INSULATION_STEP, { ...INSULATION_STEP, key: 'unmeasured' }],
}: {
  errors?: Record<string, string>;
  onChoose?: (stepKey: string, id: number | undefined) => void;
  initial?: Record<string, number>;
  steps?: PlanStep[];
}) {
  const [chosen, setChosen] = useState<Record<string, number> | undefined>(initial);
  return (
    <InstrumentChoices
      steps={steps}
      chosen={chosen}
      keyOf={certificateInstrumentKey}
      errors={errors}
      onChoose={(stepKey, id) => {
        onChoose?.(stepKey, id);
        setChosen(({ [stepKey]: _old, ...others } = {}) =>
          id === undefined ? others : { ...others, [stepKey]: id },
        );
      }}
    />
  );
}

function renderChoices(props: Parameters<typeof Harness>[0] = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), client, view };
}

const select = () => screen.getByRole('combobox', { name: LABEL });
const optionTexts = () =>
  within(select())
    .getAllByRole('option')
    .map((option) => option.textContent);
const due = (id: number) => formatDate(register.find((instrument) => instrument.id === id)!.due);

describe('InstrumentChoices: the instrument of a measured step', () => {
  it('lists the step’s kind with inventory number, name and due date; due soon says so, overdue and blocked cannot be chosen', async () => {
    renderChoices();
    await waitFor(() => expect(optionTexts()).toHaveLength(5));
    expect(screen.getByText('Isolationsmessgerät')).toBeInTheDocument();
    // Only the step that names a kind has a choice.
    expect(screen.getAllByRole('combobox')).toHaveLength(1);
    // Usable first; retired and other kinds not at all.
    expect(optionTexts()).toEqual([
      '– wählen –',
      `PM-0101 · Metrel MI 3152 · bald fällig: ${due(101)}`,
      `PM-0102 · Fluke 1587 FC · fällig am ${due(102)}`,
      `PM-0103 · Gossen Metrahit · überfällig seit ${due(103)}, nicht wählbar`,
      'PM-0104 · Benning IT 130 · gesperrt, nicht wählbar',
    ]);
    const option = (name: RegExp) => within(select()).getByRole('option', { name });
    expect(option(/PM-0101/)).toBeEnabled();
    expect(option(/PM-0102/)).toBeEnabled();
    expect(option(/PM-0103/)).toBeDisabled();
    expect(option(/PM-0104/)).toBeDisabled();
    expect(select()).toHaveValue('');
    expect(select()).toHaveAccessibleDescription('Isolationsmessgerät');
  });

  it('says in words beside the choice that the chosen instrument is due soon', async () => {
    const { user } = renderChoices();
    await waitFor(() => expect(optionTexts()).toHaveLength(5));
    await user.selectOptions(select(), '101');
    expect(select()).toHaveValue('101');
    expect(select()).toHaveAccessibleDescription(`Isolationsmessgerät Kalibrierung bald fällig: ${due(101)}`);
    await user.selectOptions(select(), '102');
    expect(select()).toHaveAccessibleDescription('Isolationsmessgerät');
    expect(select()).not.toHaveAttribute('aria-invalid');
  });

  it('says so when no instrument of the kind is usable', async () => {
    register = register.filter((instrument) => instrument.id > 102);
    renderChoices();
    expect(
      await screen.findByText(/Kein Prüfmittel der Art „Isolationsmessgerät“ ist einsatzbereit\./),
    ).toBeInTheDocument();
    expect(
      within(select())
        .getAllByRole('option')
        .filter((option) => !(option as HTMLOptionElement).disabled),
    ).toHaveLength(1);
  });

  it('preselects the account’s last choice of the step; a choice by hand is remembered for that account', async () => {
    localStorage.setItem(storageKey(5), JSON.stringify({ insulation_mohm: 102 }));
    localStorage.setItem(storageKey(6), JSON.stringify({ insulation_mohm: 101 }));
    const onChoose = jest.fn();
    const { user } = renderChoices({ onChoose });
    await waitFor(() => expect(select()).toHaveValue('102'));
    expect(onChoose).toHaveBeenCalledWith('insulation_mohm', 102);

    await user.selectOptions(select(), '101');
    expect(JSON.parse(localStorage.getItem(storageKey(5))!)).toEqual({ insulation_mohm: 101 });
    expect(JSON.parse(localStorage.getItem(storageKey(6))!)).toEqual({ insulation_mohm: 101 });
    // Cleared by hand, it stays cleared: no second preselection.
    await user.selectOptions(select(), '');
    expect(select()).toHaveValue('');
    expect(onChoose).toHaveBeenLastCalledWith('insulation_mohm', undefined);
    expect(onChoose).toHaveBeenCalledTimes(3);
  });

  it('preselects nothing when the last choice is overdue, blocked, retired or of another kind', async () => {
    const steps = [MEASURED_INSULATION_STEP, SECOND];
    for (const last of [103, 104, 105, 201]) {
      localStorage.setItem(
        storageKey(5),
        JSON.stringify({ insulation_mohm: last, insulation_after_repair: 102 }),
      );
      const onChoose = jest.fn();
      const { view } = renderChoices({ onChoose, steps });
      // The other step's last choice is preselected: the account's choices were read.
      await waitFor(() => expect(screen.getByRole('combobox', { name: SECOND_LABEL })).toHaveValue('102'));
      expect(select()).toHaveValue('');
      expect(onChoose.mock.calls).toEqual([['insulation_after_repair', 102]]);
      view.unmount();
    }
  });

  it('reads only instrument ids of the account’s own entry, anything else preselects nothing', () => {
    localStorage.setItem(
      storageKey(5),
      JSON.stringify({ insulation_mohm: '102', insulation_after_repair: 101 }),
    );
    expect(rememberedInstruments(5)).toEqual({ insulation_after_repair: 101 });
    expect(rememberedInstruments(6)).toEqual({});
    for (const stored of ['[102]', 'nicht json', 'null', '7']) {
      localStorage.setItem(storageKey(5), stored);
      expect(rememberedInstruments(5)).toEqual({});
    }
    rememberInstrument(5, 'insulation_mohm', 102);
    expect(rememberedInstruments(5)).toEqual({ insulation_mohm: 102 });
  });

  it('keeps a choice the form already holds (a restored draft) instead of the last one', async () => {
    localStorage.setItem(
      storageKey(5),
      JSON.stringify({ insulation_mohm: 102, insulation_after_repair: 102 }),
    );
    const onChoose = jest.fn();
    renderChoices({ initial: { insulation_mohm: 101 }, onChoose, steps: [MEASURED_INSULATION_STEP, SECOND] });
    await waitFor(() => expect(screen.getByRole('combobox', { name: SECOND_LABEL })).toHaveValue('102'));
    expect(select()).toHaveValue('101');
    expect(onChoose.mock.calls).toEqual([['insulation_after_repair', 102]]);
  });

  it('shows a refusal at the choice, marked invalid, and loads the register again', async () => {
    const message = 'Prüfmittel PM-0102: gesperrt';
    const { view, client } = renderChoices({ initial: { insulation_mohm: 102 } });
    await waitFor(() => expect(select()).toHaveValue('102'));
    expect(select()).not.toHaveAttribute('aria-invalid');
    expect(select()).not.toHaveAttribute('data-value-error');
    // The API refused the send: the form passes its message down.
    view.rerender(
      <QueryClientProvider client={client}>
        <Harness
          initial={{ insulation_mohm: 102 }}
          errors={{ [certificateInstrumentKey('insulation_mohm')]: message }}
        />
      </QueryClientProvider>,
    );
    expect(select()).toHaveValue('102');
    expect(select()).toHaveAttribute('aria-invalid', 'true');
    expect(select()).toHaveAccessibleDescription(`Isolationsmessgerät ${message}`);
    expect(select()).toHaveAttribute('data-value-error', 'true');
    await waitFor(() => expect(getMock.mock.calls.filter(([url]) => url === '/instruments')).toHaveLength(2));
  });

  it('a chosen instrument that is no longer usable says why, without a message from the form', async () => {
    renderChoices({ initial: { insulation_mohm: 103 } });
    await waitFor(() => expect(select()).toHaveValue('103'));
    expect(select()).toHaveAttribute('aria-invalid', 'true');
    expect(select()).toHaveAccessibleDescription(
      `Isolationsmessgerät Nicht wählbar: überfällig seit ${due(103)}`,
    );
  });

  it('says in German when the register cannot be loaded, with a retry', async () => {
    getMock.mockImplementation(async (url: string) => {
      if (url === '/me') return answer(me(5));
      throw Object.assign(new Error('Network Error'), { isAxiosError: true });
    });
    const { user } = renderChoices();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Prüfmittel konnten nicht geladen werden.',
    );
    getMock.mockImplementation(async (url: string) =>
      url === '/me' ? answer(me(5)) : answer({ data: register }),
    );
    await user.click(within(screen.getByRole('alert')).getByRole('button'));
    await waitFor(() => expect(optionTexts()).toHaveLength(5));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows nothing and loads nothing for a plan that names no instrument', async () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <InstrumentChoices
          steps={[INSULATION_STEP]}
          chosen={undefined}
          keyOf={certificateInstrumentKey}
          errors={{}}
          onChoose={jest.fn()}
        />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(getMock).toHaveBeenCalledWith('/me'));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(getMock).not.toHaveBeenCalledWith('/instruments');
  });
});
