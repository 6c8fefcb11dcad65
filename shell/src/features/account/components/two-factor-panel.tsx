import type { Me, TwoFactorSetup } from 'contracts';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { apiErrorMessage, apiFieldErrors, notify, useT } from 'shared-ui';
import { appCatalogs } from '../../../app/catalogs';
import { FormField } from '../../../components/form-field';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useStartTwoFactor } from '../api/start-two-factor';
import { accountCatalogs } from '../catalogs';

/**
 * Two-factor sign-in: set up by scanning a QR code and confirming one code; then the ten recovery codes,
 * shown this once. `onChanged` fetches the account again (the shell's gate and this panel follow it).
 */
export function TwoFactorPanel({ me, onChanged }: { me: Me; onChanged: () => void }) {
  const t = useT(accountCatalogs);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const startSetup = useStartTwoFactor();

  if (recoveryCodes)
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(null);
          setSetup(null);
          onChanged();
        }}
      />
    );
  if (setup) return <Enrolment setup={setup} onConfirmed={setRecoveryCodes} />;
  if (me.two_factor) return <Enabled required={me.two_factor_required} onDisabled={onChanged} />;
  return (
    <div className="sh-stack">
      <p>{t('twoFactor.off')}</p>
      <p className="sh-note">{t('twoFactor.enrolHint')}</p>
      <SingleFieldForm
        id="two-factor-start-password"
        label={t('twoFactor.startPassword')}
        submitLabel={t('twoFactor.start')}
        requiredMessage={t('password.required')}
        type="password"
        autoComplete="current-password"
        onSubmit={async (password) => setSetup(await startSetup.mutateAsync(password))}
      />
    </div>
  );
}

interface SingleFieldFormProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onSubmit' | 'onChange' | 'value'
> {
  id: string;
  label: string;
  submitLabel: string;
  /** The message when the field is empty. */
  requiredMessage: string;
  secondary?: boolean;
  /** Throws the API's refusal, whose message lands on the field. */
  onSubmit: (value: string) => Promise<void>;
}

/** One field and its button: a code to confirm, a password to switch off. */
function SingleFieldForm({
  id,
  label,
  submitLabel,
  requiredMessage,
  secondary,
  onSubmit,
  ...input
}: SingleFieldFormProps) {
  const appT = useT(appCatalogs);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const fail = (message: string) => {
    setError(message);
    document.getElementById(id)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!value.trim()) return fail(requiredMessage);
    setBusy(true);
    try {
      // A password is sent as typed; a code without the spaces a phone may show.
      await onSubmit(input.type === 'password' ? value : value.replace(/\s/g, ''));
      setValue('');
      setError(undefined);
    } catch (failure) {
      fail(Object.values(apiFieldErrors(failure))[0] ?? apiErrorMessage(failure) ?? appT('failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="sh-form sh-form--inline" onSubmit={submit} noValidate>
      <FormField id={id} label={label} value={value} error={error} onChange={setValue} {...input} />
      <button
        type="submit"
        className={secondary ? 'sui-button sui-button--secondary' : 'sui-button'}
        disabled={busy}
      >
        {submitLabel}
      </button>
    </form>
  );
}

function Enrolment({
  setup,
  onConfirmed,
}: {
  setup: TwoFactorSetup;
  onConfirmed: (codes: string[]) => void;
}) {
  const t = useT(accountCatalogs);
  const confirm = useConfirmTwoFactor();
  return (
    <div className="sh-enrol">
      <p>{t('twoFactor.scan')}</p>
      <div className="sh-enrol__qr">
        <QRCodeSVG value={setup.uri} size={180} level="M" marginSize={2} title={t('twoFactor.qrTitle')} />
      </div>
      <details className="sh-enrol__manual">
        <summary>{t('twoFactor.manual')}</summary>
        <code className="sh-enrol__secret">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
      </details>
      <SingleFieldForm
        id="two-factor-code"
        label={t('twoFactor.code')}
        submitLabel={t('twoFactor.confirm')}
        requiredMessage={t('twoFactor.codeRequired')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        onSubmit={async (code) => {
          const codes = await confirm.mutateAsync(code);
          notify.success(t('twoFactor.enabled'));
          onConfirmed(codes);
        }}
      />
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT(accountCatalogs);
  return (
    <div className="sh-stack" role="region" aria-labelledby="recovery-heading">
      <h3 id="recovery-heading">{t('twoFactor.recoveryHeading')}</h3>
      <p>{t('twoFactor.recoveryHint')}</p>
      <ol className="sh-recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="sh-actions">
        <button type="button" className="sui-button sui-button--secondary" onClick={() => window.print()}>
          {t('twoFactor.print')}
        </button>
        <button type="button" className="sui-button" onClick={onDone}>
          {t('twoFactor.recoveryDone')}
        </button>
      </div>
    </div>
  );
}

function Enabled({ required, onDisabled }: { required: boolean; onDisabled: () => void }) {
  const t = useT(accountCatalogs);
  const disable = useDisableTwoFactor();
  return (
    <div className="sh-stack">
      <p>{t('twoFactor.on')}</p>
      {required ? (
        <p className="sh-note">{t('twoFactor.required')}</p>
      ) : (
        <SingleFieldForm
          id="two-factor-password"
          label={t('twoFactor.disablePassword')}
          submitLabel={t('twoFactor.disable')}
          requiredMessage={t('password.required')}
          secondary
          type="password"
          autoComplete="current-password"
          onSubmit={async (password) => {
            await disable.mutateAsync(password);
            notify.success(t('twoFactor.disabled'));
            onDisabled();
          }}
        />
      )}
    </div>
  );
}
