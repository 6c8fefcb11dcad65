import type { Certificate, Unit } from 'contracts';
import { useId, useState, type FormEvent } from 'react';
import { apiFieldErrors, ConfirmDialog, notify, useFieldErrors, useT, type FieldErrors } from 'shared-ui';
import { certificateCatalogs } from '../../../catalogs';
import { useVoidCertificate } from '../api/void-certificate';
import { ChangeError } from './change-error';
import { ReasonField } from './reason-field';

/**
 * STORNIEREN: the units ticked (the default, `preselected` ticked already), or the whole certificate, with a
 * reason. Only units still valid can be ticked; with one left, the whole certificate is what remains. Nothing
 * is voided before a question naming the certificate and every serial it will void is answered.
 */
export function VoidForm({
  certificate,
  units,
  preselected = [],
  onDone,
}: {
  certificate: Certificate;
  units: Unit[];
  /** Units to tick at the start (the one a unit's page was opened for). */
  preselected?: readonly string[];
  onDone: () => void;
}) {
  const t = useT(certificateCatalogs);
  const id = useId();
  const open = units.filter((unit) => !unit.voided_at);
  const [whole, setWhole] = useState(open.length <= 1);
  const [chosen, setChosen] = useState<string[]>(() =>
    open.filter((unit) => preselected.includes(unit.serial)).map((unit) => unit.serial),
  );
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const { errors, show } = useFieldErrors(['serials', 'reason'], (field) =>
    field === 'serials' ? `${id}-units` : `${id}-reason`,
  );
  const voiding = useVoidCertificate(certificate.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors<'serials' | 'reason'> = {};
    if (!whole && chosen.length === 0) found.serials = t('void.chooseUnit');
    if (!reason.trim()) found.reason = t('form.required');
    if (show(found)) return;
    setConfirming(true);
  };
  // In unit order, whatever order they were ticked in.
  const voided = whole
    ? open.map((unit) => unit.serial)
    : open.filter((unit) => chosen.includes(unit.serial)).map((unit) => unit.serial);

  const confirmed = () =>
    voiding.mutate(
      { version: certificate.version, reason, ...(whole ? {} : { serials: chosen }) },
      {
        onSuccess: () => {
          notify.success(t('void.done'));
          onDone();
        },
        onError: (error) => show(apiFieldErrors(error)),
        onSettled: () => setConfirming(false),
      },
    );

  const toggle = (serial: string, on: boolean) =>
    setChosen((current) => (on ? [...current, serial] : current.filter((s) => s !== serial)));

  return (
    <form
      className="cert-panel cert-panel--danger"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`} className="cert-panel__title">
        {t('void.heading')}
      </h2>
      {/* Only units still valid can be chosen; with one left, the whole certificate is what remains. */}
      {open.length > 1 && (
        <fieldset className="cert-panel__choice">
          <legend className="sui-visually-hidden">{t('void.heading')}</legend>
          <label>
            <input type="radio" name={`${id}-scope`} checked={whole} onChange={() => setWhole(true)} />{' '}
            {t('void.whole')}
          </label>
          <label>
            <input type="radio" name={`${id}-scope`} checked={!whole} onChange={() => setWhole(false)} />{' '}
            {t('void.units')}
          </label>
          {!whole && (
            <div
              id={`${id}-units`}
              className="cert-panel__units"
              role="group"
              aria-label={t('void.units')}
              tabIndex={-1}
              aria-invalid={errors.serials ? true : undefined}
              aria-errormessage={errors.serials ? `${id}-units-error` : undefined}
            >
              {open.map((unit) => (
                <label key={unit.serial}>
                  <input
                    type="checkbox"
                    checked={chosen.includes(unit.serial)}
                    onChange={(event) => toggle(unit.serial, event.target.checked)}
                  />{' '}
                  {unit.serial}
                </label>
              ))}
            </div>
          )}
          {errors.serials && (
            <p id={`${id}-units-error`} className="sui-field-error" role="alert">
              {errors.serials}
            </p>
          )}
        </fieldset>
      )}
      <ReasonField
        id={`${id}-reason`}
        label={t('void.reason')}
        value={reason}
        error={errors.reason}
        onChange={setReason}
      />
      <p className="cert-note">{t('void.warning')}</p>
      {voiding.isError && <ChangeError error={voiding.error} fallback={t('void.failed')} />}
      <div className="cert-panel__actions">
        <button type="button" className="sui-button sui-button--secondary" onClick={onDone}>
          {t('void.cancel')}
        </button>
        <button type="submit" className="sui-button cert-button--danger" disabled={voiding.isPending}>
          {t('void.submit')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('void.confirmTitle')}
        message={t(whole ? 'void.confirmWhole' : 'void.confirmUnits', {
          number: certificate.id,
          count: voided.length,
          serials: voided.join(', '),
        })}
        confirmLabel={t('void.confirm')}
        cancelLabel={t('void.back')}
        busy={voiding.isPending}
        onConfirm={confirmed}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
