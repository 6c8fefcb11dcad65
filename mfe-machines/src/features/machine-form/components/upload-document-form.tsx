import { DOCUMENT_KINDS, DOCUMENT_MAX_BYTES } from 'contracts';
import { useState, type FormEvent } from 'react';
import {
  apiErrorMessage,
  apiFieldErrors,
  notify,
  SHORT_TOAST_MS,
  useFieldErrors,
  useSubmitGuard,
  useT,
} from 'shared-ui';
import { machineCatalogs } from '../../../catalogs';
import { TextField } from '../../../components/text-field';
import { useUploadDocument } from '../api/upload-document';

const MEGABYTES = DOCUMENT_MAX_BYTES / 1024 / 1024;
const FIELDS = ['kind', 'language', 'valid_from', 'file'] as const;
type Field = (typeof FIELDS)[number];

/** A new version of one of the machine's documents; the API judges the PDF by its content. */
export function UploadDocumentForm({ machineId }: { machineId: number }) {
  const t = useT(machineCatalogs);
  const [kind, setKind] = useState<string>('instructions');
  const [language, setLanguage] = useState('de');
  const [validFrom, setValidFrom] = useState('');
  const [earlier, setEarlier] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, show, clear } = useFieldErrors(FIELDS, (field) => `document-${field}`);
  const upload = useUploadDocument(machineId, setProgress);
  const guard = useSubmitGuard();

  function submit(event: FormEvent) {
    event.preventDefault();
    void guard(send);
  }

  async function send() {
    setFormError(null);
    // The size and that there is a file, before sending megabytes; the content is the API's to judge.
    if (!file) return void show({ file: t('documents.upload.chooseFile') });
    if (file.size > DOCUMENT_MAX_BYTES)
      return void show({ file: t('documents.upload.tooLarge', { megabytes: MEGABYTES }) });
    setProgress(0);
    try {
      await upload.mutateAsync({ kind, language: language.trim(), validFrom, earlier, file });
      notify.success(t('documents.upload.done'), { autoClose: SHORT_TOAST_MS });
      setFile(null);
      setEarlier(false);
      (document.getElementById('document-file') as HTMLInputElement | null)?.form?.reset();
    } catch (failure) {
      if (!show(apiFieldErrors(failure) as Partial<Record<Field, string>>))
        setFormError(apiErrorMessage(failure) ?? t('documents.upload.failed'));
    }
  }

  return (
    <form
      className="mach-card mach-docs__form"
      onSubmit={submit}
      noValidate
      aria-labelledby="document-upload-title"
    >
      <h3 id="document-upload-title" className="mach-subtitle">
        {t('documents.upload.title')}
      </h3>
      <div className="mach-grid">
        <div className="sui-field">
          <label htmlFor="document-kind">{t('documents.upload.kind')}</label>
          <select
            id="document-kind"
            className="sui-input"
            value={kind}
            onChange={(event) => {
              setKind(event.target.value);
              clear('kind');
            }}
            aria-invalid={errors.kind ? true : undefined}
          >
            {DOCUMENT_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`documents.kinds.${option}`)}
              </option>
            ))}
          </select>
          {errors.kind && <p className="sui-field-error">{errors.kind}</p>}
        </div>
        <TextField
          id="document-language"
          label={t('documents.upload.language')}
          value={language}
          maxLength={2}
          onChange={(value) => {
            setLanguage(value);
            clear('language');
          }}
          error={errors.language}
          aria-description={t('documents.upload.languageHint')}
        />
        <TextField
          id="document-valid_from"
          label={t('documents.upload.validFrom')}
          type="date"
          value={validFrom}
          onChange={(value) => {
            setValidFrom(value);
            clear('valid_from');
          }}
          error={errors.valid_from}
        />
        <div className="sui-field">
          <label htmlFor="document-file">{t('documents.upload.file', { megabytes: MEGABYTES })}</label>
          <input
            id="document-file"
            className="sui-input"
            type="file"
            accept="application/pdf,.pdf"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              clear('file');
            }}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? 'document-file-error' : undefined}
          />
          {errors.file && (
            <p id="document-file-error" className="sui-field-error">
              {errors.file}
            </p>
          )}
        </div>
      </div>
      <label className="mach-docs__check">
        <input type="checkbox" checked={earlier} onChange={(event) => setEarlier(event.target.checked)} />{' '}
        {t('documents.upload.earlier')}
      </label>
      {formError && (
        <p className="sui-field-error" role="alert">
          {formError}
        </p>
      )}
      <div className="mach-actions">
        <button type="submit" className="sui-button" disabled={upload.isPending}>
          {upload.isPending
            ? `${t('documents.upload.uploading')} ${progress} %`
            : t('documents.upload.submit')}
        </button>
      </div>
    </form>
  );
}
