import { staffUrls, type Certificate } from 'contracts';
import { Fragment, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatDayTime, useT } from 'shared-ui';
import { certificateCatalogs } from '../../../catalogs';

/**
 * What WEITER issued, until the user moves on: the number, machine, serial range, quantity, time and how many
 * units passed and failed (the API's verdict, docs/decisions/0010-test-record.md), with
 * DRUCKEN (again), ETIKETTEN and NEUER PRÜFBERICHT. The heading takes the focus, so a screen reader says it.
 */
export function IssuedConfirmation({
  certificate,
  onPrint,
  onNext,
}: {
  certificate: Certificate;
  onPrint: () => void;
  onNext: () => void;
}) {
  const t = useT(certificateCatalogs);
  // Prints are recorded by the archived PDF's frame (components/certificate-pdf.tsx): printing this screen with
  // Ctrl+P prints no certificate.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [certificate.id]);
  const { id, machine_name, brand_name, first_serial, last_serial, quantity, created_at } = certificate;
  const units = certificate.test_record.units;
  const failed = units.filter((unit) => unit.release === 'failed');
  const awaiting = units.filter((unit) => unit.release === 'awaiting_release').length;
  return (
    <section className="cert-issued" aria-labelledby="cert-issued-title" data-testid="issued-confirmation">
      <h2 id="cert-issued-title" className="cert-issued__title" tabIndex={-1} ref={heading}>
        {t('issued.title')}
      </h2>
      <dl className="cert-issued__facts">
        <dt>{t('issued.number')}</dt>
        <dd>{id}</dd>
        <dt>{t('issued.machine')}</dt>
        <dd>
          {machine_name} · {brand_name}
        </dd>
        <dt>{t('issued.serials')}</dt>
        <dd>{quantity > 1 ? `${first_serial} – ${last_serial}` : first_serial}</dd>
        <dt>{t('issued.quantity')}</dt>
        <dd>{quantity}</dd>
        <dt>{t('issued.time')}</dt>
        <dd>{formatDayTime(created_at)}</dd>
        <dt>{t('issued.outcome')}</dt>
        <dd data-testid="issued-outcome">
          <span aria-hidden="true">{failed.length ? '✕ ' : '✓ '}</span>
          {t('issued.outcomeText', { passed: units.length - failed.length, failed: failed.length })}
          {awaiting > 0 && <> · {t('issued.awaitingRelease', { count: awaiting })}</>}
        </dd>
        {failed.length > 0 && (
          <>
            <dt>{t('issued.failedSerials')}</dt>
            {/* Each to its unit's page, where the retest after repair is recorded. */}
            <dd>
              {failed.map((unit, index) => (
                <Fragment key={unit.serial}>
                  {index > 0 && ', '}
                  <Link to={staffUrls.unit(unit.serial)}>{unit.serial}</Link>
                </Fragment>
              ))}
            </dd>
          </>
        )}
      </dl>
      <div className="cert-issued__actions">
        <button type="button" className="sui-button" onClick={onPrint}>
          {t('issued.print')}
        </button>
        {/* In a new tab like the list's Etiketten: this screen stays as it is. */}
        <Link
          className="sui-button sui-button--secondary"
          to={`/labels?certificate=${id}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('issued.labels')}
        </Link>
        <button type="button" className="sui-button sui-button--secondary" onClick={onNext}>
          {t('issued.next')}
        </button>
      </div>
    </section>
  );
}
