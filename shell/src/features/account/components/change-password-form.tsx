import { PASSWORD_MIN } from 'contracts';
import { useState, type FormEvent } from 'react';
import { notify, useFieldErrors, useT, type FieldErrors } from 'shared-ui';
import { appCatalogs } from '../../../app/catalogs';
import { FormField } from '../../../components/form-field';
import { useChangePassword } from '../api/change-password';
import { accountCatalogs } from '../catalogs';

const FIELDS = ['current_password', 'new_password', 'repeat'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = { current_password: '', new_password: '', repeat: '' };

/** Current password, new one twice; the API's reasons (wrong, too common) land on their fields. */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const t = useT(accountCatalogs);
  const appT = useT(appCatalogs);
  const [values, setValues] = useState(EMPTY);
  const { errors, show, showApiError } = useFieldErrors(FIELDS, (field) => `password-${field}`);
  const change = useChangePassword();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors<Field> = {};
    if (!values.current_password) found.current_password = t('password.required');
    if (!values.new_password) found.new_password = t('password.required');
    else if ([...values.new_password].length < PASSWORD_MIN)
      found.new_password = t('password.tooShort', { min: PASSWORD_MIN });
    if (values.new_password && values.repeat !== values.new_password) found.repeat = t('password.mismatch');
    if (show(found)) return;
    try {
      await change.mutateAsync({
        current_password: values.current_password,
        new_password: values.new_password,
      });
      setValues(EMPTY);
      notify.success(t('password.changed'));
      onChanged();
    } catch (error) {
      showApiError(error, appT('failed'));
    }
  };

  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <FormField
      id={`password-${name}`}
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      hint={hint}
      onChange={(value) => setValues({ ...values, [name]: value })}
    />
  );

  return (
    <form className="sh-form" onSubmit={onSubmit} noValidate>
      {field('current_password', t('password.current'), 'current-password')}
      {field('new_password', t('password.next'), 'new-password', t('password.hint', { min: PASSWORD_MIN }))}
      {field('repeat', t('password.repeat'), 'new-password')}
      <button type="submit" className="sui-button" disabled={change.isPending}>
        {t('password.submit')}
      </button>
    </form>
  );
}
