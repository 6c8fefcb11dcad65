import type { LandingFailure } from '../api/get-landing';
import type { LandingConfig } from '../config';
import { label, pageTexts, type Language, type PageTexts } from '../texts';
import { Contact } from './contact';
import { SerialBox } from './serial-box';

/** The title and text of each failure in a page's texts. */
const FAILURE_TEXTS = {
  'not-found': ['notFoundTitle', 'notFound'],
  throttled: ['throttledTitle', 'throttled'],
  failed: ['failedTitle', 'failed'],
} as const satisfies Record<LandingFailure, readonly [keyof PageTexts, keyof PageTexts]>;

/**
 * An unknown machine is not found again by asking again: it gets the contact. A network or server error and
 * too many requests get the retry.
 */
export function LoadError({
  kind,
  serial,
  config,
  languages,
  onRetry,
}: {
  kind: LandingFailure;
  /** The serial from the QR code: for an unknown machine it is shown as not confirmed. */
  serial?: string;
  config: LandingConfig | null;
  languages: readonly Language[];
  onRetry: () => void;
}) {
  const pages = languages.map((language) => [language, pageTexts(language)] as const);
  const [title, text] = FAILURE_TEXTS[kind];
  return (
    <div className="land-error" role="alert">
      <h1 className="land-error__title">{pages.map(([, t]) => t[title]).join(' / ')}</h1>
      {pages.map(([language, t]) => (
        <p key={language} lang={language}>
          {t[text]}
        </p>
      ))}
      {kind === 'not-found' && serial && (
        <dl className="land-boxes">
          <SerialBox value={serial} status="unconfirmed" languages={languages} />
        </dl>
      )}
      {kind === 'not-found' ? (
        config && <Contact config={config} />
      ) : (
        <button type="button" className="land-button" onClick={onRetry}>
          {label(languages, 'retry')}
        </button>
      )}
    </div>
  );
}
