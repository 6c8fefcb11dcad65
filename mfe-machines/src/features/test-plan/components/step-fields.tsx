import {
  INSTRUMENT_KINDS,
  PLAN_LANGUAGES,
  STEP_DECIMALS_MAX,
  STEP_KINDS,
  STEP_TEXT_MAX,
  STEP_TITLE_MAX,
  type InstrumentKind,
  type StepKind,
} from 'contracts';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { OPTION_MAX, optionsOf, type DraftStep } from '../plan-draft';

/** The id of a step's input for `field` (an API field name after `steps.N.`), so an error can focus it. */
export const inputId = (step: Pick<DraftStep, 'uid'>, field: string) => `plan-${step.uid}-${field}`;

/** "Schritt 3: Isolationswiderstand", or "Schritt 3" while the step has no title. */
export const stepName = (t: typeof machineCatalogs.t, position: number, title: string) =>
  title ? t('plan.stepTitled', { position, title }) : t('plan.step', { position });

interface Props {
  step: DraftStep;
  position: number;
  count: number;
  /** Messages by field name after `steps.N.` (`title.de`, `lower`, …). */
  errors: Record<string, string>;
  onChange: (changed: Partial<DraftStep>, field: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  /** Open, the step shows its fields; closed, one line of what it checks. */
  expanded: boolean;
  onToggle: () => void;
}

/**
 * What a closed step shows of itself: kind, limits or passing options, the instrument kind that measures it,
 * where it is measured, the standard.
 */
function summary(step: DraftStep, t: typeof machineCatalogs.t) {
  const limits =
    step.kind === 'numeric'
      ? [step.lower && `≥ ${step.lower}`, step.upper && `≤ ${step.upper}`, step.unit]
          .filter(Boolean)
          .join(' ')
      : step.kind === 'choice'
        ? `${t('plan.passing')}: ${step.passing.join(', ')}`
        : '';
  return [
    t(`stepKind.${step.kind}`),
    limits,
    step.kind === 'numeric' && step.instrument_kind && t(`instrumentKind.${step.instrument_kind}`),
    step.per_unit ? t('plan.perUnitYes') : t('plan.perUnitNo'),
    step.required ? t('plan.requiredShort') : t('plan.optionalShort'),
    step.parameters,
    step.standard,
  ]
    .filter(Boolean)
    .join(' · ');
}

function Field({
  step,
  field,
  label,
  hint,
  groupHint,
  error,
  children,
}: {
  step: DraftStep;
  field: string;
  label: string;
  hint?: string;
  /** A hint shared by several fields (shown once by the group). */
  groupHint?: string;
  error?: string;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = inputId(step, field);
  const described = [hint && `${id}-hint`, groupHint, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="sui-field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="mach-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="sui-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** One step of the plan as a form: what it is called, how it is judged, where it comes from. */
export function StepFields({
  step,
  position,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
  expanded,
  onToggle,
}: Props) {
  const t = useT(machineCatalogs);
  const text = (
    field: 'unit' | 'lower' | 'upper' | 'plausible_min' | 'plausible_max' | 'parameters' | 'standard',
    max: number,
    props: InputHTMLAttributes<HTMLInputElement>,
  ) => (
    <input
      {...props}
      className="sui-input"
      maxLength={max}
      value={step[field]}
      onChange={(event) => onChange({ [field]: event.target.value }, field)}
    />
  );
  const options = optionsOf(step);
  const headingId = inputId(step, 'heading');

  return (
    <section className="mach-step" aria-labelledby={headingId}>
      <div className="mach-step__head">
        <h3 id={headingId} className="mach-step__title" tabIndex={-1}>
          {stepName(t, position, step.title.de)}
        </h3>
        <div className="mach-step__tools">
          <button
            id={inputId(step, 'toggle')}
            type="button"
            className="sui-button sui-button--secondary mach-step__tool"
            aria-label={t(expanded ? 'plan.collapse' : 'plan.expand', { position })}
            aria-expanded={expanded}
            aria-controls={inputId(step, 'fields')}
            onClick={onToggle}
          >
            {expanded ? t('plan.collapseText') : t('plan.expandText')}
          </button>
          <button
            id={inputId(step, 'up')}
            type="button"
            className="sui-button sui-button--secondary mach-step__tool mach-step__tool--up"
            aria-label={t('plan.moveUp', { position })}
            disabled={position === 1}
            onClick={() => onMove(-1)}
          >
            {t('plan.up')}
          </button>
          <button
            id={inputId(step, 'down')}
            type="button"
            className="sui-button sui-button--secondary mach-step__tool mach-step__tool--down"
            aria-label={t('plan.moveDown', { position })}
            disabled={position === count}
            onClick={() => onMove(1)}
          >
            {t('plan.down')}
          </button>
          <button
            type="button"
            className="sui-button sui-button--secondary mach-step__tool"
            aria-label={t('plan.removeStep', { position })}
            disabled={count === 1}
            onClick={onRemove}
          >
            {t('plan.remove')}
          </button>
        </div>
      </div>

      {!expanded && <p className="mach-step__summary">{summary(step, t)}</p>}
      {expanded && (
        <div id={inputId(step, 'fields')}>
          <fieldset className="mach-step__group">
            <legend>{t('plan.titles')}</legend>
            <p id={inputId(step, 'titles-hint')} className="mach-hint mach-step__titles-hint">
              {t('plan.translationHint')}
            </p>
            <div className="mach-step__titles">
              {PLAN_LANGUAGES.map((language) => (
                <Field
                  key={language}
                  step={step}
                  field={`title.${language}`}
                  label={language === 'de' ? `${t('plan.languages.de')} *` : t(`plan.languages.${language}`)}
                  groupHint={language === 'de' ? undefined : inputId(step, 'titles-hint')}
                  error={errors[`title.${language}`]}
                >
                  {(props) => (
                    <input
                      {...props}
                      className="sui-input"
                      lang={language}
                      maxLength={STEP_TITLE_MAX}
                      required={language === 'de'}
                      value={step.title[language]}
                      onChange={(event) =>
                        onChange(
                          { title: { ...step.title, [language]: event.target.value } },
                          `title.${language}`,
                        )
                      }
                    />
                  )}
                </Field>
              ))}
            </div>
          </fieldset>

          <div className="mach-step__row">
            <Field
              step={step}
              field="key"
              label={t('plan.key')}
              hint={step.isNew ? t('plan.keyHint') : undefined}
              error={errors.key}
            >
              {(props) => (
                <input
                  {...props}
                  className="sui-input"
                  maxLength={40}
                  readOnly={!step.isNew}
                  value={step.key}
                  onChange={(event) => onChange({ key: event.target.value }, 'key')}
                />
              )}
            </Field>
            <Field step={step} field="kind" label={t('plan.kind')} error={errors.kind}>
              {(props) => (
                <select
                  {...props}
                  className="sui-input"
                  value={step.kind}
                  onChange={(event) => onChange({ kind: event.target.value as StepKind }, 'kind')}
                >
                  {STEP_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`stepKind.${kind}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field step={step} field="per_unit" label={t('plan.perUnit')} error={errors.per_unit}>
              {(props) => (
                <select
                  {...props}
                  className="sui-input"
                  value={step.per_unit ? 'unit' : 'certificate'}
                  onChange={(event) => onChange({ per_unit: event.target.value === 'unit' }, 'per_unit')}
                >
                  <option value="unit">{t('plan.perUnitYes')}</option>
                  <option value="certificate">{t('plan.perUnitNo')}</option>
                </select>
              )}
            </Field>
          </div>

          {step.kind === 'numeric' && (
            <div className="mach-step__row">
              <Field step={step} field="unit" label={t('plan.unit')} error={errors.unit}>
                {(props) => text('unit', 20, props)}
              </Field>
              <Field
                step={step}
                field="lower"
                label={t('plan.lower')}
                hint={t('plan.limitHint')}
                error={errors.lower}
              >
                {(props) => text('lower', 20, { ...props, inputMode: 'decimal' })}
              </Field>
              <Field step={step} field="upper" label={t('plan.upper')} error={errors.upper}>
                {(props) => text('upper', 20, { ...props, inputMode: 'decimal' })}
              </Field>
              <Field
                step={step}
                field="plausible_min"
                label={t('plan.plausibleMin')}
                hint={t('plan.plausibleHint')}
                error={errors.plausible_min}
              >
                {(props) => text('plausible_min', 20, { ...props, inputMode: 'decimal' })}
              </Field>
              <Field
                step={step}
                field="plausible_max"
                label={t('plan.plausibleMax')}
                error={errors.plausible_max}
              >
                {(props) => text('plausible_max', 20, { ...props, inputMode: 'decimal' })}
              </Field>
              <Field step={step} field="decimals" label={t('plan.decimals')} error={errors.decimals}>
                {(props) => (
                  <input
                    {...props}
                    className="sui-input"
                    type="number"
                    min={0}
                    max={STEP_DECIMALS_MAX}
                    step={1}
                    value={step.decimals}
                    onChange={(event) => onChange({ decimals: event.target.value }, 'decimals')}
                  />
                )}
              </Field>
              <Field
                step={step}
                field="instrument_kind"
                label={t('plan.instrument')}
                error={errors.instrument_kind}
              >
                {(props) => (
                  <select
                    {...props}
                    className="sui-input"
                    value={step.instrument_kind ?? ''}
                    onChange={(event) =>
                      onChange(
                        { instrument_kind: (event.target.value || undefined) as InstrumentKind | undefined },
                        'instrument_kind',
                      )
                    }
                  >
                    <option value="">{t('plan.anyInstrument')}</option>
                    {INSTRUMENT_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {t(`instrumentKind.${kind}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
          )}

          {step.kind === 'choice' && (
            <div className="mach-step__row">
              <Field step={step} field="options" label={t('plan.options')} error={errors.options}>
                {(props) => (
                  <textarea
                    {...props}
                    className="sui-input"
                    rows={3}
                    maxLength={(OPTION_MAX + 1) * 20}
                    value={step.options}
                    onChange={(event) => onChange({ options: event.target.value }, 'options')}
                  />
                )}
              </Field>
              <fieldset
                id={inputId(step, 'passing')}
                className="mach-step__group"
                tabIndex={-1}
                aria-describedby={errors.passing ? `${inputId(step, 'passing')}-error` : undefined}
              >
                <legend>{t('plan.passing')}</legend>
                {options.map((option) => (
                  <label key={option} className="mach-check">
                    <input
                      type="checkbox"
                      checked={step.passing.includes(option)}
                      onChange={(event) =>
                        onChange(
                          {
                            passing: event.target.checked
                              ? [...step.passing, option]
                              : step.passing.filter((passing) => passing !== option),
                          },
                          'passing',
                        )
                      }
                    />
                    {option}
                  </label>
                ))}
                {errors.passing && (
                  <p id={`${inputId(step, 'passing')}-error`} className="sui-field-error">
                    {errors.passing}
                  </p>
                )}
              </fieldset>
            </div>
          )}

          <div className="mach-step__row">
            <Field
              step={step}
              field="parameters"
              label={t('plan.parameters')}
              hint={t('plan.parametersHint')}
              error={errors.parameters}
            >
              {(props) => text('parameters', STEP_TEXT_MAX, props)}
            </Field>
            <Field
              step={step}
              field="standard"
              label={t('plan.standard')}
              hint={t('plan.standardHint')}
              error={errors.standard}
            >
              {(props) => text('standard', STEP_TEXT_MAX, props)}
            </Field>
          </div>
          <label className="mach-check">
            <input
              type="checkbox"
              checked={step.required}
              onChange={(event) => onChange({ required: event.target.checked }, 'required')}
            />
            {t('plan.required')}
          </label>
        </div>
      )}
    </section>
  );
}
