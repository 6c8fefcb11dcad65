import { useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';

/** ELEKTRONISCHE PLATINE: JA or NEIN; `id` goes on JA, the first option. */
export function CircuitBoardField({
  id,
  value: current,
  onChange,
}: {
  id: string;
  value: 0 | 1;
  onChange: (value: 0 | 1) => void;
}) {
  const t = useT(machineCatalogs);
  return (
    <fieldset className="sui-field mach-radios">
      <legend>{t('form.circuitBoard')}</legend>
      <div className="mach-radios__options">
        {(
          [
            [1, t('form.yes')],
            [0, t('form.no')],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="mach-radio">
            <input
              id={value === 1 ? id : undefined}
              type="radio"
              name="electronic_circuit_board"
              value={value}
              checked={current === value}
              onChange={() => onChange(value)}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
