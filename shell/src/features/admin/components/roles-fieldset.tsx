import { ROLES, type Role } from 'contracts';
import { useT } from 'shared-ui';
import { appCatalogs } from '../../../app/catalogs';

/** A checkbox per role; an account may hold several. */
export function RolesFieldset({
  id,
  legend,
  value,
  error,
  onChange,
}: {
  id: string;
  legend: string;
  value: Role[];
  error?: string;
  onChange: (roles: Role[]) => void;
}) {
  const t = useT(appCatalogs);
  return (
    <fieldset className="sh-roles" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {ROLES.map((role) => (
        <label key={role}>
          <input
            type="checkbox"
            id={`${id}-${role}`}
            name={`${id}-${role}`}
            checked={value.includes(role)}
            onChange={(event) =>
              onChange(event.target.checked ? [...value, role] : value.filter((r) => r !== role))
            }
          />
          {t(`role.${role}`)}
        </label>
      ))}
      {error && (
        <p id={`${id}-error`} className="sui-field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
