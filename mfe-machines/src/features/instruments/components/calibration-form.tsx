import {
  berlinIsoDate,
  CALIBRATION_CERTIFICATE_MAX_BYTES,
  CALIBRATION_RESULTS,
  type Calibration,
  type CalibrationBody,
  type CalibrationResult,
  type Instrument,
} from 'contracts';
import { useId, useState, type FormEvent } from 'react';
import {
  apiErrorMessage,
  apiFieldErrors,
  formatDay,
  httpStatus,
  notify,
  SHORT_TOAST_MS,
  useFieldErrors,
  useSubmitGuard,
  useT,
  type FieldErrors,
} from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { TextField } from '../../../components/text-field';
import { useRecordCalibration, useUploadCertificate } from '../api/instruments';
const FIELDS = ['calibrated_on', 'result', 'suspect_since', 'note', 'file'] as const;
type Field = (typeof FIELDS)[number];

/**
 * What the browser can tell before sending: a file at all, its size, and the PDF header in its first bytes. The
 * API judges the whole content (api/src/modules/documents/pdf-check.ts); this spares recording a calibration
 * whose certificate is plainly the wrong file.
 */
async function fileProblem(file: File): Promise<string | undefined> {
  const t = machineCatalogs.t;
  if (file.size > CALIBRATION_CERTIFICATE_MAX_BYTES)
    return t('instruments.calibration.tooLarge', {
      megabytes: CALIBRATION_CERTIFICATE_MAX_BYTES / 1024 / 1024,
    });
  // FileReader rather than Blob.text(), which jsdom (the tests) lacks; Latin-1 keeps the ASCII header readable.
  const head = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file.slice(0, 1024), 'latin1');
  });
  return head.includes('%PDF-') ? undefined : t('instruments.calibration.notPdf');
}

/** A file input for one PDF, its error tied to it. */
function PdfInput({
  id,
  label,
  error,
  onChange,
}: {
  id: string;
  label: string;
  error?: string;
  onChange: (file: File | null) => void;
}) {
  const errorId = useId();
  return (
    <div className="sui-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="sui-input"
        type="file"
        accept="application/pdf,.pdf"
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="sui-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Records a calibration: in tolerance moves the due date, out of tolerance blocks the instrument and fills the
 * impact list from the day since when it is suspect. The certificate PDF goes to the recorded calibration next;
 * if the API refuses it, the calibration stands and the history offers the upload again.
 */
export function CalibrationForm({ instrument }: { instrument: Instrument }) {
  const t = useT(machineCatalogs);
  const [calibratedOn, setCalibratedOn] = useState(() => berlinIsoDate(new Date()));
  const [result, setResult] = useState<CalibrationResult>('in_tolerance');
  const [suspectSince, setSuspectSince] = useState('');
  const [note, setNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const { errors, show, clear } = useFieldErrors(FIELDS, (field) => `calibration-${field}`);
  const record = useRecordCalibration(instrument.id);
  const upload = useUploadCertificate(instrument.id);
  const guard = useSubmitGuard();
  const out = result === 'out_of_tolerance';

  function submit(event: FormEvent) {
    event.preventDefault();
    void guard(send);
  }

  async function send() {
    setFormError(null);
    const problem = file ? await fileProblem(file) : undefined;
    if (problem) return void show({ file: problem });
    const body: CalibrationBody = {
      calibrated_on: calibratedOn,
      result,
      ...(out ? { suspect_since: suspectSince } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    let recorded;
    try {
      recorded = await record.mutateAsync(body);
    } catch (error) {
      if (httpStatus(error) === 401) return;
      if (!show(apiFieldErrors(error) as FieldErrors<Field>))
        setFormError(apiErrorMessage(error) ?? t('instruments.unreachable'));
      return;
    }
    notify.success(t('instruments.calibration.recorded'), { autoClose: SHORT_TOAST_MS });
    if (recorded.affected_certificates.length)
      notify.info(t('instruments.calibration.affected', { count: recorded.affected_certificates.length }));
    if (file)
      try {
        await upload.mutateAsync({ calibrationId: recorded.calibration_id, file });
      } catch (error) {
        setFormError(
          t('instruments.calibration.certificateRefused', {
            reason: apiErrorMessage(error) ?? t('instruments.unreachable'),
          }),
        );
      }
    // A fresh form for the next calibration (the file input cannot be emptied otherwise).
    setResult('in_tolerance');
    setSuspectSince('');
    setNote('');
    setFile(null);
    setFormKey((key) => key + 1);
  }

  return (
    <form
      className="mach-inst__form"
      onSubmit={submit}
      noValidate
      aria-labelledby="calibration-form-title"
      data-testid="calibration-form"
    >
      <h3 id="calibration-form-title" className="mach-subtitle">
        {t('instruments.calibration.recordTitle')}
      </h3>
      <div className="mach-grid">
        <TextField
          id="calibration-calibrated_on"
          label={t('instruments.calibration.calibrated_on')}
          type="date"
          value={calibratedOn}
          onChange={(value) => {
            setCalibratedOn(value);
            clear('calibrated_on');
          }}
          error={errors.calibrated_on}
        />
        <fieldset className="sui-field mach-radios">
          <legend>{t('instruments.calibration.result')}</legend>
          <div className="mach-radios__options">
            {CALIBRATION_RESULTS.map((option) => (
              <label key={option} className="mach-radio">
                <input
                  id={option === 'in_tolerance' ? 'calibration-result' : undefined}
                  type="radio"
                  name="calibration-result"
                  value={option}
                  checked={result === option}
                  onChange={() => {
                    setResult(option);
                    clear('result');
                    clear('suspect_since');
                  }}
                />
                {t(`instruments.calibration.results.${option}`)}
              </label>
            ))}
          </div>
          {errors.result && <p className="sui-field-error">{errors.result}</p>}
        </fieldset>
        {out && (
          <TextField
            id="calibration-suspect_since"
            label={t('instruments.calibration.suspect_since')}
            type="date"
            value={suspectSince}
            max={calibratedOn}
            onChange={(value) => {
              setSuspectSince(value);
              clear('suspect_since');
            }}
            error={errors.suspect_since}
          />
        )}
        <TextField
          id="calibration-note"
          label={t('instruments.calibration.note')}
          value={note}
          maxLength={500}
          onChange={(value) => {
            setNote(value);
            clear('note');
          }}
          error={errors.note}
        />
        <PdfInput
          key={formKey}
          id="calibration-file"
          label={t('instruments.calibration.file')}
          error={errors.file}
          onChange={(chosen) => {
            setFile(chosen);
            clear('file');
          }}
        />
      </div>
      {out && <p className="mach-inst__hint">{t('instruments.calibration.suspectHint')}</p>}
      {formError && (
        <p className="sui-field-error" role="alert">
          {formError}
        </p>
      )}
      <div className="mach-actions">
        <button type="submit" className="sui-button" disabled={record.isPending || upload.isPending}>
          {record.isPending || upload.isPending
            ? t('instruments.calibration.saving')
            : t('instruments.calibration.submit')}
        </button>
      </div>
    </form>
  );
}

/** Uploads (or replaces) the certificate PDF of one recorded calibration. */
export function CertificateUpload({
  instrument,
  calibration,
}: {
  instrument: Instrument;
  calibration: Calibration;
}) {
  const t = useT(machineCatalogs);
  const [opened, setOpened] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const upload = useUploadCertificate(instrument.id);
  const guard = useSubmitGuard();
  const id = `certificate-file-${calibration.id}`;

  async function send() {
    if (!file) return setError(t('instruments.calibration.notPdf'));
    const problem = await fileProblem(file);
    if (problem) return setError(problem);
    try {
      await upload.mutateAsync({ calibrationId: calibration.id, file });
      notify.success(t('instruments.calibration.uploaded'), { autoClose: SHORT_TOAST_MS });
      setFile(null);
      setOpened(false);
    } catch (failure) {
      setError(apiFieldErrors(failure).file ?? apiErrorMessage(failure) ?? t('instruments.unreachable'));
    }
  }

  const replacing = calibration.certificate_bytes !== null;
  if (!opened)
    return (
      <button
        type="button"
        className="sui-link-button mach-inst__upload-open"
        onClick={() => setOpened(true)}
      >
        {replacing ? t('instruments.calibration.replace') : t('instruments.calibration.upload')}
        <span className="sui-visually-hidden">
          {' '}
          {t('instruments.calibration.certificateFile', { day: formatDay(calibration.calibrated_on) })}
        </span>
      </button>
    );
  return (
    <form
      className="mach-inst__upload"
      onSubmit={(event) => {
        event.preventDefault();
        void guard(send);
      }}
      noValidate
    >
      <PdfInput
        id={id}
        label={t('instruments.calibration.certificateFile', { day: formatDay(calibration.calibrated_on) })}
        error={error}
        onChange={(chosen) => {
          setFile(chosen);
          setError(undefined);
        }}
      />
      <div className="mach-actions">
        <button type="submit" className="sui-button sui-button--secondary" disabled={upload.isPending}>
          {t('instruments.calibration.upload')}
        </button>
        <button type="button" className="sui-link-button" onClick={() => setOpened(false)}>
          {t('instruments.calibration.cancel')}
        </button>
      </div>
    </form>
  );
}
