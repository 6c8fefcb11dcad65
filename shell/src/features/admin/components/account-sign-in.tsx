import type { Account } from 'contracts';
import { useState } from 'react';
import { ConfirmDialog, formatDayTime, useT } from 'shared-ui';
import { FormField } from '../../../components/form-field';
import { useRequireTwoFactor, useResetTwoFactor, useUnlockAccount } from '../api/account-security';
import { adminCatalogs } from '../catalogs';

/**
 * How a colleague signs in: the lock its failed sign-ins put on it (and lifting it), two-factor sign-in
 * required of it alone, and resetting its two-factor sign-in with a reason when the authenticator is lost.
 * `run` is the editor's: it reports success or the API's refusal.
 */
export function AccountSignIn({
  account,
  own,
  run,
}: {
  account: Account;
  own: boolean;
  run: (
    action: () => Promise<Account>,
    done: string,
    onFieldError?: (message: string) => void,
  ) => Promise<boolean>;
}) {
  const t = useT(adminCatalogs);
  const unlock = useUnlockAccount(account.id);
  const requireTwoFactor = useRequireTwoFactor(account.id);
  const reset = useResetTwoFactor(account.id);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const busy = unlock.isPending || requireTwoFactor.isPending || reset.isPending;

  const askReset = () => {
    if (!reason.trim()) {
      setReasonError(t('accounts.required'));
      document.getElementById('reset-two-factor-reason')?.focus();
      return;
    }
    setReasonError(undefined);
    setConfirming(true);
  };

  return (
    <div className="sh-stack" role="group" aria-labelledby="account-sign-in-heading">
      <h3 id="account-sign-in-heading">{t('accounts.signInHeading')}</h3>
      {account.locked_until && (
        <div className="sh-stack">
          <p className="sh-badge sh-badge--off" data-testid="account-lock">
            {t('accounts.lockedUntil', { until: formatDayTime(account.locked_until) })}
          </p>
          <div>
            <button
              type="button"
              className="sui-button"
              disabled={busy}
              onClick={() => run(() => unlock.mutateAsync(), t('accounts.unlocked'))}
            >
              {t('accounts.unlock')}
            </button>
          </div>
        </div>
      )}
      <div>
        <label className="sh-check">
          <input
            type="checkbox"
            // While the change is on its way, the box shows it; then the account as the API answered.
            checked={requireTwoFactor.isPending ? requireTwoFactor.variables : account.two_factor_required}
            disabled={busy}
            aria-describedby="require-one-hint"
            onChange={(event) => {
              const on = event.target.checked;
              void run(
                () => requireTwoFactor.mutateAsync(on),
                t(on ? 'accounts.requireOneOn' : 'accounts.requireOneOff'),
              );
            }}
          />
          {t('accounts.requireOne')}
        </label>
        <p id="require-one-hint" className="sh-note">
          {t('accounts.requireOneHint')}
        </p>
      </div>
      {account.two_factor && !own && (
        <form
          className="sh-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            askReset();
          }}
        >
          <FormField
            id="reset-two-factor-reason"
            label={t('accounts.resetReason')}
            value={reason}
            error={reasonError}
            hint={t('accounts.resetReasonHint')}
            maxLength={500}
            onChange={setReason}
          />
          <button type="submit" className="sui-button sui-button--secondary" disabled={busy}>
            {t('accounts.resetTwoFactor')}
          </button>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('accounts.resetTwoFactor')}
        message={t('accounts.resetQuestion', { email: account.email })}
        confirmLabel={t('accounts.yes')}
        cancelLabel={t('accounts.no')}
        busy={busy}
        onConfirm={async () => {
          if (await run(() => reset.mutateAsync(reason), t('accounts.twoFactorResetDone'), setReasonError))
            setReason('');
          setConfirming(false);
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
