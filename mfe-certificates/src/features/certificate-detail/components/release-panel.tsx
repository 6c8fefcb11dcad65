import { useQueryClient } from '@tanstack/react-query';
import type { Certificate, ReleaseBody, Unit } from 'contracts';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog, httpStatus, notify, useFieldErrors, useT } from 'shared-ui';
import { releaseRefusal } from '../../../api/release-certificate';
import { certificateCatalogs } from '../../../catalogs';
import { useReleaseCertificate } from '../api/release-certificate';
import { ReasonField } from './reason-field';
import '../release.css';

/** Why a release was refused; NEU LADEN when the screen shows an older state than the one stored. */
function ReleaseError({ error }: { error: unknown }) {
  const t = useT(certificateCatalogs);
  const queryClient = useQueryClient();
  const status = httpStatus(error);
  const message = releaseRefusal(error, t);
  return (
    <div className="cert-error" role="alert">
      <p>{message}</p>
      {status === 409 && (
        <button
          type="button"
          className="sui-button sui-button--secondary"
          onClick={() => void queryClient.invalidateQueries()}
        >
          {t('release.reload')}
        </button>
      )}
    </div>
  );
}

/**
 * Freigeben (the units awaiting release) and Sonderfreigabe (failed units, with a reason) for an account with the
 * release right (docs/decisions/0010-test-record.md). Each asks first, naming the serials it will release.
 */
export default function ReleasePanel({ certificate, units }: { certificate: Certificate; units: Unit[] }) {
  const t = useT(certificateCatalogs);
  const id = useId();
  const open = units.filter((unit) => !unit.voided_at);
  const awaiting = open.filter((unit) => unit.release === 'awaiting_release').map((unit) => unit.serial);
  const failed = open.filter((unit) => unit.release === 'failed').map((unit) => unit.serial);
  // Nothing is pre-ticked: a deviation release is chosen unit by unit.
  const [chosen, setChosen] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState<ReleaseBody | null>(null);
  const { errors, show } = useFieldErrors(['serials', 'deviation_reason'], (field) =>
    field === 'serials' ? `${id}-units` : `${id}-reason`,
  );
  const release = useReleaseCertificate(certificate.id);

  const ask = (request: ReleaseBody) => {
    release.reset();
    setAsking(request);
  };

  const askDeviation = (event: FormEvent) => {
    event.preventDefault();
    const serials = failed.filter((serial) => chosen.includes(serial));
    if (
      show({
        ...(serials.length === 0 && { serials: t('release.chooseUnit') }),
        ...(!reason.trim() && { deviation_reason: t('form.required') }),
      })
    )
      return;
    ask({ serials, deviation_reason: reason.trim() });
  };

  const confirm = () => {
    if (!asking) return;
    const count = asking.serials?.length ?? 0;
    release.mutate(asking, {
      onSuccess: () => {
        notify.success(
          asking.deviation_reason ? t('release.deviationDone', { count }) : t('release.released', { count }),
        );
        setAsking(null);
        setChosen([]);
        setReason('');
      },
      onError: () => setAsking(null),
    });
  };

  const toggle = (serial: string, on: boolean) =>
    setChosen((current) => (on ? [...current, serial] : current.filter((s) => s !== serial)));

  return (
    <section className="cert-panel cert-release" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="cert-panel__title">
        {t('release.heading')}
      </h2>
      {awaiting.length > 0 && (
        <div className="cert-release__part">
          <p>{t('release.awaiting', { serials: awaiting.join(', ') })}</p>
          <p className="cert-note">{t('release.secondPerson')}</p>
          <div className="cert-panel__actions">
            <button
              type="button"
              className="sui-button"
              disabled={release.isPending}
              onClick={() => ask({ serials: awaiting })}
            >
              {t('release.releaseButton')}
            </button>
          </div>
        </div>
      )}
      {failed.length > 0 && (
        <form
          className="cert-release__part"
          noValidate
          onSubmit={askDeviation}
          aria-labelledby={`${id}-deviation`}
        >
          <h3 id={`${id}-deviation`} className="cert-release__subtitle">
            {t('release.deviationHeading')}
          </h3>
          <p className="cert-note">{t('release.deviationHint')}</p>
          <fieldset
            id={`${id}-units`}
            className="cert-panel__units"
            tabIndex={-1}
            aria-invalid={errors.serials ? true : undefined}
            aria-errormessage={errors.serials ? `${id}-units-error` : undefined}
          >
            <legend>{t('release.deviationUnits')}</legend>
            {failed.map((serial) => (
              <label key={serial}>
                <input
                  type="checkbox"
                  checked={chosen.includes(serial)}
                  onChange={(event) => toggle(serial, event.target.checked)}
                />{' '}
                {serial}
              </label>
            ))}
          </fieldset>
          {errors.serials && (
            <p id={`${id}-units-error`} className="sui-field-error" role="alert">
              {errors.serials}
            </p>
          )}
          <ReasonField
            id={`${id}-reason`}
            label={t('release.reason')}
            value={reason}
            error={errors.deviation_reason}
            onChange={setReason}
          />
          <div className="cert-panel__actions">
            <button type="submit" className="sui-button cert-button--danger" disabled={release.isPending}>
              {t('release.deviationButton')}
            </button>
          </div>
        </form>
      )}
      {release.isError && <ReleaseError error={release.error} />}
      <ConfirmDialog
        open={asking !== null}
        title={asking?.deviation_reason ? t('release.deviationTitle') : t('release.releaseTitle')}
        message={
          asking?.deviation_reason
            ? t('release.deviationQuestion', {
                serials: (asking.serials ?? []).join(', '),
                reason: asking.deviation_reason,
              })
            : t('release.releaseQuestion', {
                count: asking?.serials?.length ?? 0,
                serials: (asking?.serials ?? []).join(', '),
              })
        }
        confirmLabel={asking?.deviation_reason ? t('release.deviationButton') : t('release.releaseButton')}
        cancelLabel={t('release.cancel')}
        busy={release.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}
