import { PLAN_LANGUAGES, type PlanDiff, type PlanStep } from 'contracts';
import type { machineCatalogs } from '../../catalogs';

type T = typeof machineCatalogs.t;

/** One changed field of a step as read: its name, what it was and what it is. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** A field's value in words: limits as numbers of the reader's locale with the unit, kinds by their names. */
function valueOf(step: PlanStep, field: string, t: T, locale: string): string {
  const value = step[field as keyof PlanStep];
  switch (field) {
    case 'lower':
    case 'upper':
    case 'plausible_min':
    case 'plausible_max':
      return typeof value === 'number'
        ? `${value.toLocaleString(locale, { maximumFractionDigits: 6 })} ${step.unit}`.trim()
        : t('history.fieldNone');
    case 'kind':
      return t(`stepKind.${step.kind}`);
    case 'instrument_kind':
      return step.instrument_kind ? t(`instrumentKind.${step.instrument_kind}`) : t('plan.anyInstrument');
    case 'required':
      return step.required ? t('plan.yes') : t('plan.no');
    case 'per_unit':
      return step.per_unit ? t('plan.perUnitYes') : t('plan.perUnitNo');
    default:
      if (Array.isArray(value)) return value.join(', ') || t('history.fieldNone');
      return value === undefined || value === null || value === '' ? t('history.fieldNone') : String(value);
  }
}

/** The label of a field the editor names; a field it does not know is named by its key. */
function labelOf(field: string, t: T): string {
  const labels: Record<string, string> = {
    kind: t('plan.kind'),
    unit: t('plan.unit'),
    lower: t('plan.lower'),
    upper: t('plan.upper'),
    plausible_min: t('plan.plausibleMin'),
    plausible_max: t('plan.plausibleMax'),
    decimals: t('plan.decimals'),
    instrument_kind: t('plan.instrument'),
    options: t('history.options'),
    passing: t('plan.passing'),
    parameters: t('plan.parameters'),
    standard: t('plan.standard'),
    required: t('plan.requiredColumn'),
    per_unit: t('plan.perUnit'),
  };
  return labels[field] ?? field;
}

/** The changes of one step, a title by each language whose text changed. */
export function fieldChanges(
  { before, after, fields }: PlanDiff['changed'][number],
  t: T,
  locale: string,
): FieldChange[] {
  return fields.flatMap((field) =>
    field === 'title'
      ? PLAN_LANGUAGES.filter((language) => before.title[language] !== after.title[language]).map(
          (language) => ({
            field: `${t('plan.titles')} (${t(`plan.languages.${language}`)})`,
            before: before.title[language] || t('history.fieldNone'),
            after: after.title[language] || t('history.fieldNone'),
          }),
        )
      : [
          {
            field: labelOf(field, t),
            before: valueOf(before, field, t, locale),
            after: valueOf(after, field, t, locale),
          },
        ],
  );
}
