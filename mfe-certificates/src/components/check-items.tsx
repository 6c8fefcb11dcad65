import { useId } from 'react';
import { useT } from 'shared-ui';
import { certificateCatalogs } from '../catalogs';
import {
  CHECK_FIELDS,
  CHECK_NOT_OK,
  CHECK_OK,
  DEFAULT_PLAN_STEPS,
  VOLTAGE_OK,
  isRevisableCheck,
  type CertificateDraft,
  type CheckField,
  type PlanStep,
} from 'contracts';
import './check-items.css';

type CheckedField = CheckField | 'resistance_to_voltage';
/** The values of the check boxes, as a certificate stores them. */
export type Checks = Pick<CertificateDraft, CheckedField>;

export interface CheckItem {
  /** Its label is the default plan's name of the check, so a box always means the row it fills. */
  field: CheckedField;
  /** The value a ticked box records; an unticked one records NOT OK. */
  okValue: string;
}

const checkedFields: readonly string[] = [...CHECK_FIELDS, 'resistance_to_voltage'];

/** Every check item with its own field, in the order of the default plan, whose steps the certificate prints. */
export const CHECK_ITEMS: readonly CheckItem[] = DEFAULT_PLAN_STEPS.filter((step) =>
  checkedFields.includes(step.key),
).map((step) => ({
  field: step.key as CheckedField,
  okValue: step.key === 'resistance_to_voltage' ? VOLTAGE_OK : CHECK_OK,
}));

export const checkValue = (item: CheckItem, ticked: boolean) => (ticked ? item.okValue : CHECK_NOT_OK);

/**
 * The check items a revision corrects on a certificate's test plan: a plan of its own may have none of them, or
 * some; one it measures as a value is corrected by a retest, and the API refuses a box over it (isRevisableCheck).
 */
export const checkItemsOf = (steps: readonly Pick<PlanStep, 'key' | 'kind'>[]) =>
  CHECK_ITEMS.filter((item) => steps.some((step) => step.key === item.field && isRevisableCheck(step)));

/**
 * The check items: each box is bound to its own field and records what it shows, ticked = OK (1500 V for
 * the voltage test), unticked = NOT OK. The earlier app bound six boxes to wrong fields and ignored unticking
 * (docs/earlier-app.md).
 */
export function CheckItems({
  items,
  values,
  onChange,
}: {
  items: readonly CheckItem[];
  values: Checks;
  onChange: (field: CheckItem['field'], value: string) => void;
}) {
  const t = useT(certificateCatalogs);
  const id = useId();
  if (items.length === 0) return null;
  return (
    <ul className="cert-checks">
      {items.map((item) => {
        const ticked = values[item.field] === item.okValue;
        const inputId = `${id}-${item.field}`;
        return (
          <li key={item.field} className="cert-check">
            <input
              id={inputId}
              type="checkbox"
              name={item.field}
              checked={ticked}
              onChange={(event) => onChange(item.field, checkValue(item, event.target.checked))}
            />
            <label htmlFor={inputId}>{t(`step.${item.field}`).toUpperCase()}</label>
            <span className={ticked ? 'cert-check__value' : 'cert-check__value cert-check__value--failed'}>
              {values[item.field]}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
