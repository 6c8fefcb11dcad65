import { useQuery } from '@tanstack/react-query';
import { PASSWORD_MIN, type Account, type Role } from 'contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { apiErrorMessage, apiFieldErrors, ConfirmDialog, meQuery, notify, useT } from 'shared-ui';
import { appCatalogs } from '../../../app/catalogs';
import { FormField } from '../../../components/form-field';
import { useChangeAccountRoles } from '../api/change-account-roles';
import { useDisableAccount } from '../api/disable-account';
import { useEnableAccount } from '../api/enable-account';
import { useResetAccountPassword } from '../api/reset-account-password';
import { adminCatalogs } from '../catalogs';
import { AccountSignIn } from './account-sign-in';
import { RolesFieldset } from './roles-fieldset';

/**
 * One account's roles, a new first password, how it signs in (account-sign-in.tsx), and disabling or enabling
 * it. The own account's roles, password and status are another administrator's to change (the API says 409).
 */
export function EditAccount({ account, onClose }: { account: Account; onClose: () => void }) {
  const t = useT(adminCatalogs);
  const appT = useT(appCatalogs);
  const heading = useRef<HTMLHeadingElement>(null);
  const [roles, setRoles] = useState<Role[]>(account.roles);
  const [rolesError, setRolesError] = useState<string | undefined>();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const own = useQuery(meQuery).data?.id === account.id;
  useEffect(() => heading.current?.focus(), []);

  const changeRoles = useChangeAccountRoles(account.id);
  const resetPassword = useResetAccountPassword(account.id);
  const disable = useDisableAccount(account.id);
  const enable = useEnableAccount(account.id);
  // One change at a time: every button waits while any of them runs.
  const busy = changeRoles.isPending || resetPassword.isPending || disable.isPending || enable.isPending;
  const run = async (
    action: () => Promise<Account>,
    done: string,
    onFieldError?: (message: string) => void,
  ) => {
    try {
      await action();
      notify.success(done);
      return true;
    } catch (error) {
      const field = Object.values(apiFieldErrors(error))[0];
      if (field && onFieldError) onFieldError(field);
      else notify.error(apiErrorMessage(error) ?? appT('failed'));
      return false;
    }
  };

  const saveRoles = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!roles.length) return setRolesError(t('accounts.rolesRequired'));
    setRolesError(undefined);
    await run(() => changeRoles.mutateAsync(roles), t('accounts.rolesSaved'), setRolesError);
  };
  const onResetPassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if ([...password].length < PASSWORD_MIN) {
      setPasswordError(password ? t('accounts.tooShort', { min: PASSWORD_MIN }) : t('accounts.required'));
      document.getElementById('reset-password')?.focus();
      return;
    }
    setPasswordError(undefined);
    if (await run(() => resetPassword.mutateAsync(password), t('accounts.passwordReset'), setPasswordError))
      setPassword('');
  };

  return (
    <section className="sh-card" aria-labelledby="edit-account-heading" data-testid="account-editor">
      <div className="sh-page__title">
        <h2 id="edit-account-heading" ref={heading} tabIndex={-1}>
          {t('accounts.editHeading', { email: account.email })}
        </h2>
        <button type="button" className="sui-button sui-button--secondary" onClick={onClose}>
          {t('accounts.close')}
        </button>
      </div>
      <div className="sh-editor">
        {own && <p className="sh-note">{t('accounts.ownSignIn')}</p>}
        {!own && (
          <form className="sh-form" onSubmit={saveRoles} noValidate>
            <RolesFieldset
              id="edit-roles"
              legend={t('accounts.roles')}
              value={roles}
              error={rolesError}
              onChange={setRoles}
            />
            <button type="submit" className="sui-button" disabled={busy}>
              {t('accounts.saveRoles')}
            </button>
          </form>
        )}
        {!own && (
          <form className="sh-form" onSubmit={onResetPassword} noValidate>
            <FormField
              id="reset-password"
              label={t('accounts.newPassword')}
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={password}
              error={passwordError}
              hint={t('accounts.resetHint')}
              onChange={setPassword}
            />
            <button type="submit" className="sui-button sui-button--secondary" disabled={busy}>
              {t('accounts.resetPassword')}
            </button>
          </form>
        )}
        <AccountSignIn account={account} own={own} run={run} />
        <div className="sh-stack">
          <p>
            {t('accounts.status')}: {account.disabled ? t('accounts.disabled') : t('accounts.active')}
          </p>
          <div>
            {own ? (
              <p className="sh-note">{t('accounts.ownAccount')}</p>
            ) : account.disabled ? (
              <button
                type="button"
                className="sui-button"
                disabled={busy}
                onClick={() => run(() => enable.mutateAsync(), t('accounts.enabledDone'))}
              >
                {t('accounts.enable')}
              </button>
            ) : (
              <button
                type="button"
                className="sui-button sh-button--danger"
                onClick={() => setConfirming(true)}
              >
                {t('accounts.disable')}
              </button>
            )}
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('accounts.disable')}
        message={t('accounts.disableQuestion', { email: account.email })}
        confirmLabel={t('accounts.yes')}
        cancelLabel={t('accounts.no')}
        busy={busy}
        onConfirm={async () => {
          await run(() => disable.mutateAsync(), t('accounts.disabledDone'));
          setConfirming(false);
        }}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
