import { useId } from 'react';
import { CHECK_ITEMS, checkValue, type CertificateFormValues, type CheckItem } from '../certificate-form';

/**
 * The check items: each box is bound to its own field and records what it shows, ticked = OK (1500 V for
 * the voltage test), unticked = NOT OK. The earlier app bound six boxes to wrong fields and ignored unticking.
 */
export function CheckItems({
  values,
  onChange,
}: {
  values: CertificateFormValues;
  onChange: (field: CheckItem['field'], value: string) => void;
}) {
  const id = useId();
  return (
    <ul className="cert-checks">
      {CHECK_ITEMS.map((item) => {
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
            <label htmlFor={inputId}>{item.label}</label>
            <span className={ticked ? 'cert-check__value' : 'cert-check__value cert-check__value--failed'}>
              {values[item.field]}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
