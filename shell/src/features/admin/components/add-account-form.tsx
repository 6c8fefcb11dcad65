import {
  DEFAULT_STAFF_LANGUAGE,
  EMAIL_PATTERN,
  PASSWORD_MIN,
  type Role,
  type StaffLanguage,
} from 'contracts';
import { useState, type FormEvent } from 'react';
import { notify, useFieldErrors, useT, type FieldErrors } from 'shared-ui';
import { appCatalogs } from '../../../app/catalogs';
import { FormField } from '../../../components/form-field';
import { LanguageSwitch } from '../../../components/language-switch';
import { useCreateAccount } from '../api/create-account';
import { adminCatalogs } from '../catalogs';
import { RolesFieldset } from './roles-fieldset';

const ADD_FIELDS = ['email', 'password', 'roles'] as const;
type AddField = (typeof ADD_FIELDS)[number];

/** A new account: e-mail, name, a first password the person changes at the first sign-in, and roles. */
export function AddAccountForm({ onDone }: { onDone: () => void }) {
  const t = useT(adminCatalogs);
  const appT = useT(appCatalogs);
  const create = useCreateAccount();
  const [values, setValues] = useState({ email: '', name: '', password: '' });
  const [roles, setRoles] = useState<Role[]>(['pruefer']);
  const [language, setLanguage] = useState<StaffLanguage>(DEFAULT_STAFF_LANGUAGE);
  // The roles have no one input: their first checkbox takes the keyboard.
  const { errors, show, showApiError } = useFieldErrors(ADD_FIELDS, (field) =>
    field === 'roles' ? 'account-roles-admin' : `account-${field}`,
  );
  const set = (field: keyof typeof values) => (value: string) => setValues({ ...values, [field]: value });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors<AddField> = {};
    if (!values.email.trim()) found.email = t('accounts.required');
    else if (!EMAIL_PATTERN.test(values.email.trim())) found.email = t('accounts.emailInvalid');
    if (!values.password) found.password = t('accounts.required');
    else if ([...values.password].length < PASSWORD_MIN)
      found.password = t('accounts.tooShort', { min: PASSWORD_MIN });
    if (!roles.length) found.roles = t('accounts.rolesRequired');
    if (show(found)) return;
    try {
      const account = await create.mutateAsync({
        email: values.email.trim(),
        name: values.name.trim(),
        password: values.password,
        roles,
        language,
      });
      notify.success(t('accounts.created', { email: account.email }));
      onDone();
    } catch (error) {
      showApiError(error, appT('failed'));
    }
  };

  return (
    <section className="sh-card" aria-labelledby="add-account-heading">
      <h2 id="add-account-heading">{t('accounts.addHeading')}</h2>
      <p>{t('accounts.addHint', { min: PASSWORD_MIN })}</p>
      <form className="sh-form" onSubmit={onSubmit} noValidate>
        <FormField
          id="account-email"
          label={t('accounts.email')}
          type="email"
          autoComplete="off"
          value={values.email}
          error={errors.email}
          onChange={set('email')}
          autoFocus
        />
        <FormField
          id="account-name"
          label={t('accounts.name')}
          autoComplete="off"
          value={values.name}
          onChange={set('name')}
        />
        <FormField
          id="account-password"
          label={t('accounts.firstPassword')}
          autoComplete="off"
          spellCheck={false}
          value={values.password}
          error={errors.password}
          onChange={set('password')}
        />
        <RolesFieldset
          id="account-roles"
          legend={t('accounts.roles')}
          value={roles}
          error={errors.roles}
          onChange={setRoles}
        />
        <LanguageSwitch className="sh-form__language" value={language} onChange={setLanguage} />
        <div className="sh-actions">
          <button type="submit" className="sui-button" disabled={create.isPending || create.isSuccess}>
            {t('accounts.create')}
          </button>
          <button type="button" className="sui-button sui-button--secondary" onClick={onDone}>
            {t('accounts.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
