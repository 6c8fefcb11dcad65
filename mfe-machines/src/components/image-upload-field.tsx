import { useId, useRef } from 'react';
import { imageUrl, useT } from 'shared-ui';
import { UPLOAD_MIME_TYPES } from 'contracts';
import { machineCatalogs } from '../catalogs';
import type { ImageUpload } from '../hooks/use-image-upload';

interface Props {
  id: string;
  label: string;
  /** The stored path, or '' for none. */
  value: string;
  upload: ImageUpload;
  /** A validation or API error of this field. */
  error?: string;
}

/** File input that uploads at once, with progress, a 200×200 preview and the reason a file was refused. */
export function ImageUploadField({ id, label, value, upload, error }: Props) {
  const t = useT(machineCatalogs);
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const message = upload.error ?? error;

  return (
    <div className="sui-field">
      <label htmlFor={id}>{label}</label>
      <div className="mach-upload">
        <div className="mach-upload__preview">
          {value ? (
            <img src={imageUrl(value)} alt={`${label}: ${t('upload.preview')}`} width={200} height={200} />
          ) : (
            <EmptyImageIcon />
          )}
        </div>
        <div className="mach-upload__controls">
          <div>
            <input
              ref={input}
              id={id}
              type="file"
              // Hidden but focusable: the browser's own button would speak the browser's language.
              className="sui-visually-hidden mach-upload__input"
              accept={UPLOAD_MIME_TYPES.join(',')}
              disabled={upload.uploading}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? errorId : undefined}
              onChange={async (event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                await upload.upload(file);
                // Lets the same file be chosen again after a refusal or a lost connection.
                if (input.current) input.current.value = '';
              }}
            />
            <label htmlFor={id} className="sui-button sui-button--secondary mach-upload__button">
              {value ? t('upload.change') : t('upload.choose')}
            </label>
          </div>
          {upload.uploading && (
            <div className="mach-upload__progress" role="status">
              <progress max={100} value={upload.progress} aria-label={t('upload.uploading')} />
              <span>
                {t('upload.uploading')} {upload.progress} %
              </span>
            </div>
          )}
          {message && (
            <p id={errorId} className="sui-field-error" role="alert">
              {message}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** Marks the empty 200×200 box as the place where the chosen image will show. */
function EmptyImageIcon() {
  return (
    <svg
      className="mach-upload__empty"
      width="64"
      height="64"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3" y="4" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="15.5" cy="9" r="1.8" fill="currentColor" />
      <path d="m3.5 18 5.5-6 4 4.5 2.5-2.5 5 4" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
