import { useQuery } from '@tanstack/react-query';
import type { Calibration, Instrument } from 'contracts';
import { useState } from 'react';
import { apiErrorMessage, formatDay, formatDayTime, LoadError, notify, Spinner, useT } from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { calibrationsQuery, downloadCertificate } from '../api/instruments';
import { CalibrationForm, CertificateUpload } from './calibration-form';

/** The calibration certificate of one calibration, fetched with the session and saved as a file. */
function CertificateCell({
  calibration,
  instrument,
  mayEdit,
}: {
  calibration: Calibration;
  instrument: Instrument;
  mayEdit: boolean;
}) {
  const t = useT(machineCatalogs);
  const [busy, setBusy] = useState(false);
  async function open() {
    setBusy(true);
    try {
      await downloadCertificate(instrument.id, calibration.id);
    } catch (error) {
      notify.error(apiErrorMessage(error) ?? t('instruments.calibration.openFailed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      {calibration.certificate_bytes === null ? (
        <span>{t('instruments.calibration.noCertificate')}</span>
      ) : (
        <button type="button" className="sui-link-button" onClick={() => void open()} disabled={busy}>
          {t('instruments.calibration.open')}
          <span className="sui-visually-hidden">
            {' '}
            {t('instruments.calibration.certificateFile', { day: formatDay(calibration.calibrated_on) })}
          </span>
        </button>
      )}
      {mayEdit && <CertificateUpload instrument={instrument} calibration={calibration} />}
    </>
  );
}

/**
 * An instrument's calibrations, newest first, each with its certificate PDF, and for Freigabe the form to record
 * the next one (docs/decisions/0018-instruments.md). Opened from the register.
 */
export default function CalibrationsPanel({
  instrument,
  mayEdit,
  onClose,
}: {
  instrument: Instrument;
  mayEdit: boolean;
  onClose: () => void;
}) {
  const t = useT(machineCatalogs);
  const calibrations = useQuery(calibrationsQuery(instrument.id));

  function history() {
    if (calibrations.isPending) return <Spinner />;
    if (calibrations.isError)
      return (
        <LoadError
          message={t('instruments.calibration.loadFailed')}
          onRetry={() => void calibrations.refetch()}
        />
      );
    if (calibrations.data.length === 0) return <p>{t('instruments.calibration.empty')}</p>;
    return (
      <div className="mach-inst__scroll">
        <table
          className="mach-inst__table"
          aria-label={t('instruments.calibration.historyTable')}
          data-testid="calibration-history"
        >
          <thead>
            <tr>
              <th scope="col">{t('instruments.calibration.columns.calibrated_on')}</th>
              <th scope="col">{t('instruments.calibration.columns.result')}</th>
              <th scope="col">{t('instruments.calibration.columns.suspect_since')}</th>
              <th scope="col">{t('instruments.calibration.columns.note')}</th>
              <th scope="col">{t('instruments.calibration.columns.recorded')}</th>
              <th scope="col">{t('instruments.calibration.columns.certificate')}</th>
            </tr>
          </thead>
          <tbody>
            {calibrations.data.map((calibration) => (
              <tr key={calibration.id}>
                <td>{formatDay(calibration.calibrated_on)}</td>
                <td>
                  {calibration.result === 'out_of_tolerance' ? (
                    <strong className="mach-inst__due--overdue">
                      <span aria-hidden="true">⚠ </span>
                      {t('instruments.calibration.results.out_of_tolerance')}
                    </strong>
                  ) : (
                    t('instruments.calibration.results.in_tolerance')
                  )}
                </td>
                <td>{calibration.suspect_since ? formatDay(calibration.suspect_since) : '–'}</td>
                <td className="mach-inst__note">{calibration.note || '–'}</td>
                <td>
                  {calibration.recorded_by_name}
                  <div className="mach-inst__muted">{formatDayTime(calibration.recorded_at)}</div>
                </td>
                <td>
                  <CertificateCell calibration={calibration} instrument={instrument} mayEdit={mayEdit} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section
      className="mach-card mach-inst__panel"
      aria-labelledby="calibrations-title"
      data-testid="calibrations"
    >
      <div className="mach-toolbar">
        <h2 id="calibrations-title" className="mach-subtitle mach-inst__grow">
          {t('instruments.calibration.title', { inventory: instrument.inventory_number })}
        </h2>
        <button type="button" className="sui-button sui-button--secondary" onClick={onClose}>
          {t('instruments.calibration.close')}
        </button>
      </div>
      {mayEdit && <CalibrationForm instrument={instrument} />}
      <h3 className="mach-subtitle">{t('instruments.calibration.history')}</h3>
      {history()}
    </section>
  );
}
