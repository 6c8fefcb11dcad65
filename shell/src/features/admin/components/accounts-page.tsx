import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EMAIL_PATTERN,
  formatDateTime,
  PASSWORD_MIN,
  ROLE_LABELS,
  staffRoutes,
  type Account,
  type Role,
} from 'contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  apiErrorMessage,
  apiFieldErrors,
  ConfirmDialog,
  LoadError,
  meQuery,
  meQueryKey,
  notify,
  Spinner,
} from 'shared-ui';
import { FormField } from '../../../components/form-field';
import { useFieldErrors, type FieldErrors } from '../../../components/use-field-errors';
import { changeAccount } from '../api/change-account';
import { createAccount } from '../api/create-account';
import { accountsQuery, accountsQueryKey } from '../api/get-accounts';
import { saveSettings, settingsQuery, settingsQueryKey } from '../api/settings';
import { adminMessages } from '../messages';
import { AdminNav } from './admin-nav';
import { RolesFieldset } from './roles-fieldset';
import '../../../components/page.css';
import './admin.css';

const text = adminMessages.accounts;

/** `/admin/accounts`: every staff account, adding one, changing roles, password and status; the 2FA rule. */
export default function AccountsPage() {
  const accounts = useQuery(accountsQuery);
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const editing = accounts.data?.find((account) => account.id === editingId) ?? null;

  return (
    <div className="sh-page">
      <AdminNav />
      <div className="sh-page__title">
        <h1>{text.heading}</h1>
        {!adding && (
          <button type="button" className="sui-button" onClick={() => setAdding(true)}>
            {text.add}
          </button>
        )}
      </div>
      {adding && <AddAccount onDone={() => setAdding(false)} />}
      {editing && <EditAccount key={editing.id} account={editing} onClose={() => setEditingId(null)} />}
      {accounts.isError && (
        <LoadError
          message={apiErrorMessage(accounts.error) ?? adminMessages.failed}
          onRetry={() => accounts.refetch()}
        />
      )}
      {accounts.isPending && <Spinner />}
      {accounts.data && <AccountsTable accounts={accounts.data} onEdit={setEditingId} />}
      <SettingsCard />
    </div>
  );
}

function AccountsTable({ accounts, onEdit }: { accounts: Account[]; onEdit: (id: number) => void }) {
  return (
    <div className="sh-card sh-card--table">
      <table className="sh-table" aria-label={text.heading}>
        <thead>
          <tr>
            <th scope="col">{text.email}</th>
            <th scope="col">{text.roles}</th>
            <th scope="col">{text.status}</th>
            <th scope="col">{text.lastSignIn}</th>
            <th scope="col">{text.twoFactor}</th>
            <th scope="col">{text.actions}</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => (
            <tr key={account.id} data-testid={`account-${account.email}`}>
              <td>
                {account.email}
                {account.name && <div className="sh-muted">{account.name}</div>}
              </td>
              <td>
                {account.roles.map((role) => (
                  <span key={role} className="sh-badge">
                    {ROLE_LABELS[role]}
                  </span>
                ))}
              </td>
              <td>
                {account.disabled ? (
                  <span className="sh-badge sh-badge--off">{text.disabled}</span>
                ) : (
                  <span className="sh-badge">
                    {account.must_change_password ? text.mustChange : text.active}
                  </span>
                )}
              </td>
              <td>{account.last_sign_in_at ? formatDateTime(account.last_sign_in_at) : text.never}</td>
              <td>{account.two_factor ? text.on : text.off}</td>
              <td className="sh-table__actions">
                <button
                  type="button"
                  className="sui-link-button"
                  onClick={() => onEdit(account.id)}
                  aria-label={`${text.manage}: ${account.email}`}
                >
                  {text.manage}
                </button>
                <Link
                  to={`${staffRoutes.auditLog}?subject_type=account&subject_id=${account.id}`}
                  aria-label={`${text.history}: ${account.email}`}
                >
                  {text.history}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const ADD_FIELDS = ['email', 'password', 'roles'] as const;
type AddField = (typeof ADD_FIELDS)[number];

function AddAccount({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ email: '', name: '', password: '' });
  const [roles, setRoles] = useState<Role[]>(['pruefer']);
  // The roles have no one input: their first checkbox takes the keyboard.
  const { errors, show, showApiError } = useFieldErrors(ADD_FIELDS, (field) =>
    field === 'roles' ? 'account-roles-admin' : `account-${field}`,
  );
  const [busy, setBusy] = useState(false);
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
    setBusy(true);
    try {
      const account = await createAccount({
        email: values.email.trim(),
        name: values.name.trim(),
        password: values.password,
        roles,
      });
      await queryClient.invalidateQueries({ queryKey: accountsQueryKey });
      notify.success(text.created(account.email));
      onDone();
    } catch (error) {
      showApiError(error, adminMessages.failed);
      setBusy(false);
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
          <button type="submit" className="sui-button" disabled={busy}>
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

function EditAccount({ account, onClose }: { account: Account; onClose: () => void }) {
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [roles, setRoles] = useState<Role[]>(account.roles);
  const [rolesError, setRolesError] = useState<string | undefined>();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const own = useQuery(meQuery).data?.id === account.id;
  useEffect(() => heading.current?.focus(), []);

  const change = useMutation({
    mutationFn: (run: () => Promise<Account>) => run(),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountsQueryKey });
      // The administrator may have changed their own roles.
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
  const run = async (
    action: () => Promise<Account>,
    done: string,
    onFieldError?: (message: string) => void,
  ) => {
    try {
      await change.mutateAsync(action);
      notify.success(done);
      return true;
    } catch (error) {
      const field = Object.values(apiFieldErrors(error))[0];
      if (field && onFieldError) onFieldError(field);
      else notify.error(apiErrorMessage(error) ?? adminMessages.failed);
      return false;
    }
  };

  const saveRoles = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!roles.length) return setRolesError(text.rolesRequired);
    setRolesError(undefined);
    await run(() => changeAccount.roles(account.id, roles), text.rolesSaved, setRolesError);
  };
  const resetPassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if ([...password].length < PASSWORD_MIN) {
      setPasswordError(password ? text.tooShort : text.required);
      document.getElementById('reset-password')?.focus();
      return;
    }
    setPasswordError(undefined);
    if (
      await run(() => changeAccount.resetPassword(account.id, password), text.passwordReset, setPasswordError)
    )
      setPassword('');
  };

  return (
    <section className="sh-card" aria-labelledby="edit-account-heading" data-testid="account-editor">
      <div className="sh-page__title">
        <h2 id="edit-account-heading" ref={heading} tabIndex={-1}>
          {text.editHeading(account.email)}
        </h2>
        <button type="button" className="sui-button sui-button--secondary" onClick={onClose}>
          {text.close}
        </button>
      </div>
      <div className="sh-editor">
        <form className="sh-form" onSubmit={saveRoles} noValidate>
          <RolesFieldset
            id="edit-roles"
            legend={text.roles}
            value={roles}
            error={rolesError}
            onChange={setRoles}
          />
          <button type="submit" className="sui-button" disabled={change.isPending}>
            {text.saveRoles}
          </button>
        </form>
        <form className="sh-form" onSubmit={resetPassword} noValidate>
          <FormField
            id="reset-password"
            label={text.newPassword}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={password}
            error={passwordError}
            hint={text.resetHint}
            onChange={setPassword}
          />
          <button type="submit" className="sui-button sui-button--secondary" disabled={change.isPending}>
            {text.resetPassword}
          </button>
        </form>
        <div className="sh-stack">
          <p>
            {text.status}: {account.disabled ? text.disabled : text.active}
          </p>
          <div>
            {own ? (
              <p className="sh-note">{text.ownAccount}</p>
            ) : account.disabled ? (
              <button
                type="button"
                className="sui-button"
                disabled={change.isPending}
                onClick={() => run(() => changeAccount.enable(account.id), text.enabledDone)}
              >
                {text.enable}
              </button>
            ) : (
              <button
                type="button"
                className="sui-button sh-button--danger"
                onClick={() => setConfirming(true)}
              >
                {text.disable}
              </button>
            )}
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={text.disable}
        message={text.disableQuestion(account.email)}
        confirmLabel={text.yes}
        cancelLabel={text.no}
        busy={change.isPending}
        onConfirm={async () => {
          await run(() => changeAccount.disable(account.id), text.disabledDone);
          setConfirming(false);
        }}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

function SettingsCard() {
  const queryClient = useQueryClient();
  const settings = useQuery(settingsQuery);
  const save = useMutation({
    mutationFn: saveSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsQueryKey, saved);
      notify.success(text.settingsSaved);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    onError: (error) => notify.error(apiErrorMessage(error) ?? adminMessages.failed),
  });
  return (
    <section className="sh-card" aria-labelledby="settings-heading">
      <h2 id="settings-heading">{text.settingsHeading}</h2>
      {settings.data && (
        <div className="sh-stack">
          <label className="sh-check">
            <input
              type="checkbox"
              checked={settings.data.require_two_factor}
              disabled={save.isPending}
              aria-describedby="require-two-factor-hint"
              onChange={(event) => save.mutate({ require_two_factor: event.target.checked })}
            />
            {text.requireTwoFactor}
          </label>
          <p id="require-two-factor-hint" className="sh-note">
            {text.requireHint}
          </p>
        </div>
      )}
    </section>
  );
}
