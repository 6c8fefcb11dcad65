import { EMAIL_PATTERN, PASSWORD_MIN, type Role } from 'contracts';
import { useState, type FormEvent } from 'react';
import { notify, useFieldErrors, type FieldErrors } from 'shared-ui';
import { FormField } from '../../../components/form-field';
import { useCreateAccount } from '../api/create-account';
import { adminMessages } from '../messages';
import { RolesFieldset } from './roles-fieldset';

const text = adminMessages.accounts;

const ADD_FIELDS = ['email', 'password', 'roles'] as const;
type AddField = (typeof ADD_FIELDS)[number];

/** A new account: e-mail, name, a first password the person changes at the first sign-in, and roles. */
export function AddAccountForm({ onDone }: { onDone: () => void }) {
  const create = useCreateAccount();
  const [values, setValues] = useState({ email: '', name: '', password: '' });
  const [roles, setRoles] = useState<Role[]>(['pruefer']);
  // The roles have no one input: their first checkbox takes the keyboard.
  const { errors, show, showApiError } = useFieldErrors(ADD_FIELDS, (field) =>
    field === 'roles' ? 'account-roles-admin' : `account-${field}`,
  );
  const set = (field: keyof typeof values) => (value: string) => setValues({ ...values, [field]: value });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors<AddField> = {};
    if (!values.email.trim()) found.email = text.required;
    else if (!EMAIL_PATTERN.test(values.email.trim())) found.email = text.emailInvalid;
    if (!values.password) found.password = text.required;
    else if ([...values.password].length < PASSWORD_MIN) found.password = text.tooShort;
    if (!roles.length) found.roles = text.rolesRequired;
    if (show(found)) return;
    try {
      const account = await create.mutateAsync({
        email: values.email.trim(),
        name: values.name.trim(),
        password: values.password,
        roles,
      });
      notify.success(text.created(account.email));
      onDone();
    } catch (error) {
      showApiError(error, adminMessages.failed);
    }
  };

  return (
    <section className="sh-card" aria-labelledby="add-account-heading">
      <h2 id="add-account-heading">{text.addHeading}</h2>
      <p>{text.addHint}</p>
      <form className="sh-form" onSubmit={onSubmit} noValidate>
        <FormField
          id="account-email"
          label={text.email}
          type="email"
          autoComplete="off"
          value={values.email}
          error={errors.email}
          onChange={set('email')}
          autoFocus
        />
        <FormField
          id="account-name"
          label={text.name}
          autoComplete="off"
          value={values.name}
          onChange={set('name')}
        />
        <FormField
          id="account-password"
          label={text.firstPassword}
          autoComplete="off"
          spellCheck={false}
          value={values.password}
          error={errors.password}
          onChange={set('password')}
        />
        <RolesFieldset
          id="account-roles"
          legend={text.roles}
          value={roles}
          error={errors.roles}
          onChange={setRoles}
        />
        <div className="sh-actions">
          <button type="submit" className="sui-button" disabled={create.isPending || create.isSuccess}>
            {text.create}
          </button>
          <button type="button" className="sui-button sui-button--secondary" onClick={onDone}>
            {text.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}
