import { useQuery } from '@tanstack/react-query';
import {
  berlinIsoDate,
  instrumentStanding,
  type Instrument,
  type InstrumentKind,
  type PlanStep,
} from 'contracts';
import { useEffect, useRef } from 'react';
import { formatDay, LoadError, meQuery, useT } from 'shared-ui';
import { instrumentsQuery } from '../../api/get-instruments';
import { certificateCatalogs, translate } from '../../catalogs';
import { rememberedInstruments, rememberInstrument } from './instrument-memory';
import { instrumentSteps, stepTitle, valueFieldId } from './step-entry';
import { ValueNote } from './value-note';

const kindName = (kind: InstrumentKind) => translate(`instrumentKind.${kind}`);

export interface InstrumentChoicesProps {
  /** The plan's steps; a choice for each that names an instrument kind, nothing when none does. */
  steps: readonly PlanStep[];
  /** The chosen instrument of each step (step key → instrument id). */
  chosen: Record<string, number> | undefined;
  /** Where a step's choice has its message in `errors` (the API's key) and its field's id. */
  keyOf: (stepKey: string) => string;
  errors: Record<string, string>;
  /** `undefined` clears the choice. */
  onChoose: (stepKey: string, instrumentId: number | undefined) => void;
}

/** Why `instrument` cannot take the values of a step needing `kind`, in words; undefined when it can. */
function refusal(instrument: Instrument, kind: InstrumentKind, today: string): string | undefined {
  const standing = instrumentStanding(instrument, today);
  if (standing === 'overdue') return translate('instrument.overdue', { day: formatDay(instrument.due) });
  if (standing === 'blocked' || standing === 'retired') return translate(`instrument.${standing}`);
  if (instrument.kind !== kind) return translate('instrument.otherKind', { kind: kindName(instrument.kind) });
  return undefined;
}

/**
 * The instrument of each measured step (docs/decisions/0018-instruments.md): a select of the register's
 * instruments of the step's kind, each with its inventory number, name and due date. Due soon says so in the
 * option and beside the choice; overdue and blocked ones are listed disabled with the reason (retired ones not at
 * all). The account's last choice per step is preselected while it is still usable (instrument-memory.ts).
 */
export function InstrumentChoices({ steps, chosen, keyOf, errors, onChoose }: InstrumentChoicesProps) {
  const t = useT(certificateCatalogs);
  const measured = instrumentSteps(steps);
  const instruments = useQuery({ ...instrumentsQuery, enabled: measured.length > 0 });
  const accountId = useQuery(meQuery).data?.id;
  const today = berlinIsoDate(new Date());
  const list = instruments.data;
  /** The steps already preselected for: a choice cleared by hand stays cleared. */
  const preselected = useRef(new Set<string>());
  const refused = measured.some((step) => errors[keyOf(step.key)]);
  const { refetch } = instruments;

  useEffect(() => {
    if (!list || accountId === undefined) return;
    const remembered = rememberedInstruments(accountId);
    for (const step of measured) {
      if (preselected.current.has(step.key)) continue;
      preselected.current.add(step.key);
      const last = list.find((instrument) => instrument.id === remembered[step.key]);
      if (chosen?.[step.key] === undefined && last && !refusal(last, step.instrument_kind!, today))
        onChoose(step.key, last.id);
    }
  });

  // A refused choice (the API's 409: blocked or overdue meanwhile) shows the register as it is now.
  useEffect(() => {
    if (refused) void refetch();
  }, [refused, refetch]);

  if (!measured.length) return null;

  const choose = (stepKey: string, text: string) => {
    const id = text ? Number(text) : undefined;
    if (id !== undefined && accountId !== undefined) rememberInstrument(accountId, stepKey, id);
    onChoose(stepKey, id);
  };

  return (
    <div className="test-entry__part">
      <h3 className="test-entry__subheading">{t('instrument.heading')}</h3>
      <p className="test-entry__hint">{t('instrument.hint')}</p>
      {instruments.isError && (
        <LoadError message={t('instrument.failed')} onRetry={() => void instruments.refetch()} />
      )}
      <div className="test-entry__steps test-entry__instruments">
        {measured.map((step) => (
          <InstrumentChoice
            key={step.key}
            step={step}
            list={list}
            loading={instruments.isPending}
            value={chosen?.[step.key]}
            errorKey={keyOf(step.key)}
            error={errors[keyOf(step.key)]}
            today={today}
            onChange={(text) => choose(step.key, text)}
          />
        ))}
      </div>
    </div>
  );
}

/** The instruments a step may be measured with, the usable first: of its kind, not retired, and the chosen one. */
function optionsFor(
  list: readonly Instrument[],
  kind: InstrumentKind,
  value: number | undefined,
  today: string,
) {
  return list
    .filter((instrument) =>
      instrument.id === value ? true : instrument.kind === kind && instrument.status !== 'retired',
    )
    .map((instrument) => ({ instrument, refused: refusal(instrument, kind, today) }))
    .sort(
      (a, b) =>
        Number(Boolean(a.refused)) - Number(Boolean(b.refused)) ||
        a.instrument.inventory_number.localeCompare(b.instrument.inventory_number, 'de', { numeric: true }),
    );
}

/** One step's choice: its label names the step, its description the kind, due soon and any refusal. */
function InstrumentChoice({
  step,
  list,
  loading,
  value,
  errorKey,
  error,
  today,
  onChange,
}: {
  step: PlanStep;
  list: readonly Instrument[] | undefined;
  loading: boolean;
  value: number | undefined;
  errorKey: string;
  error: string | undefined;
  today: string;
  onChange: (text: string) => void;
}) {
  const t = useT(certificateCatalogs);
  const kind = step.instrument_kind!;
  const id = valueFieldId(errorKey);
  const options = optionsFor(list ?? [], kind, value, today);
  const current = options.find((option) => option.instrument.id === value);
  const soon = current && !current.refused && instrumentStanding(current.instrument, today) === 'due_soon';
  const reason =
    error ?? (current?.refused ? t('instrument.unusableNote', { reason: current.refused }) : undefined);
  const none = list && !options.some((option) => !option.refused);
  return (
    <div className="test-step" data-step={step.key}>
      <label className="test-step__title" htmlFor={id}>
        {t('instrument.for', { step: stepTitle(step) })}
      </label>
      <span id={`${id}-kind`} className="test-step__details">
        {kindName(kind)}
        {loading && ` · ${t('instrument.loading')}`}
        {none && ` · ${t('instrument.noneUsable', { kind: kindName(kind) })}`}
      </span>
      <select
        id={id}
        className="sui-input"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={[`${id}-kind`, reason && `${id}-note`, soon && `${id}-soon`]
          .filter(Boolean)
          .join(' ')}
        aria-invalid={reason ? true : undefined}
        // Where the form moves the keyboard when this choice holds up the issue.
        data-value-error={error ? true : undefined}
      >
        <option value="">{t('entry.choose')}</option>
        {options.map(({ instrument, refused }) => {
          const day = formatDay(instrument.due);
          const standing = refused
            ? t('instrument.notChoosable', { reason: refused })
            : instrumentStanding(instrument, today) === 'due_soon'
              ? t('instrument.dueSoon', { day })
              : t('instrument.due', { day });
          return (
            <option key={instrument.id} value={instrument.id} disabled={Boolean(refused)}>
              {`${instrument.inventory_number} · ${instrument.name} · ${standing}`}
            </option>
          );
        })}
      </select>
      {soon && (
        <span id={`${id}-soon`} className="test-note test-note--soon">
          <span aria-hidden="true">⏱</span>{' '}
          {t('instrument.dueSoonNote', { day: formatDay(current.instrument.due) })}
        </span>
      )}
      {reason && <ValueNote id={`${id}-note`} mark={{ kind: 'malformed', reason }} />}
    </div>
  );
}
