import { formatDate, isHttpUrl, storedImageUrl, telHref, type Landing } from 'contracts';
import { useState } from 'react';
import type { LandingFailure, MachineRef } from '../api/get-landing';
import type { LandingConfig } from '../config';
import { useDocumentMeta } from '../hooks/use-document-meta';
import { useLanding } from '../hooks/use-landing';
import { CHOICES, choiceFor, texts, type Choice, type Language, type PageTexts } from '../texts';
import './landing-screen.css';

export interface LandingScreenProps {
  /** From the QR code: the machine's id, or the GTIN of its EAN (a GS1 Digital Link). */
  machine: MachineRef;
  serial?: string;
  /** The runtime config: the shell's loaded one, or `/config.json` fetched by the standalone page. */
  loadConfig: () => Promise<LandingConfig>;
}

/** mailto: or tel: of the company's contact, e-mail first; null when none is configured. */
function contactHref(config: LandingConfig): string | null {
  if (config.companyEmail) return `mailto:${config.companyEmail}`;
  if (config.companyPhone) return telHref(config.companyPhone);
  return null;
}

/** The company's e-mail and phone as links; nothing when neither is configured. */
function Contact({ config }: { config: LandingConfig }) {
  if (!config.companyEmail && !config.companyPhone) return null;
  return (
    <p className="land-contact">
      {config.companyEmail && <a href={`mailto:${config.companyEmail}`}>{config.companyEmail}</a>}
      {config.companyPhone && <a href={telHref(config.companyPhone)}>{config.companyPhone}</a>}
    </p>
  );
}

/** A label in the shown languages, e.g. `MODEL / MODELL`. */
const label = (
  languages: readonly Language[],
  key: 'model' | 'serial' | 'unconfirmed' | 'withdrawn' | 'retry',
) => languages.map((language) => texts.pages[language][key]).join(' / ');

/** The serial from the QR code; one not confirmed says so in the warning colour, never like a genuine one. */
function SerialBox({
  value,
  verified,
  withdrawn = false,
  languages,
}: {
  value: string;
  verified: boolean;
  /** Issued, then withdrawn by the manufacturer. */
  withdrawn?: boolean;
  languages: readonly Language[];
}) {
  return (
    <div
      className={verified ? 'land-box' : 'land-box land-box--unconfirmed'}
      data-testid={verified ? undefined : 'serial-unconfirmed'}
    >
      <dt>{label(languages, 'serial')}</dt>
      <dd>{value}</dd>
      {!verified && (
        <dd className="land-box__status">{label(languages, withdrawn ? 'withdrawn' : 'unconfirmed')}</dd>
      )}
    </div>
  );
}

function SerialCheck({
  serial,
  languages,
}: {
  serial: NonNullable<Landing['serial']>;
  languages: readonly Language[];
}) {
  if (!serial.verified) {
    // A warning, in colour and words: an unconfirmed serial must never look like a genuine one, and one the
    // manufacturer withdrew says so.
    const text = serial.withdrawn ? 'withdrawnSerial' : 'unknownSerial';
    return (
      <div
        className={`land-check land-check--warning${serial.withdrawn ? ' land-check--withdrawn' : ''}`}
        data-testid={serial.withdrawn ? 'serial-withdrawn' : 'serial-unknown'}
      >
        <span className="land-check__icon" aria-hidden="true">
          !
        </span>
        {languages.map((language) => (
          <p key={language} lang={language}>
            {texts.pages[language][text]}
          </p>
        ))}
      </div>
    );
  }
  const date = formatDate(serial.tested_at);
  return (
    <div className="land-check land-check--verified" data-testid="serial-verified">
      <span className="land-check__icon" aria-hidden="true">
        ✓
      </span>
      {languages.map((language) => (
        <p key={language} lang={language}>
          {texts.pages[language].verified} <time dateTime={serial.tested_at ?? undefined}>{date}</time>
        </p>
      ))}
    </div>
  );
}

function Greeting({
  lang,
  name,
  config,
  link,
}: {
  lang: Language;
  name: string;
  config: LandingConfig;
  link: string;
}) {
  const t = texts.pages[lang];
  const contact = contactHref(config);
  const hasLink = isHttpUrl(link);
  return (
    <section className="land-greeting" lang={lang}>
      <p className="land-greeting__salutation">{t.salutation}</p>
      <p>
        {t.purchase[0]}
        <b>{name}</b>
        {t.purchase[1]}
        {config.companyName}
        {t.purchase[2]}
      </p>
      <p>
        {t.help[0]}
        {contact ? <a href={contact}>{t.help[1]}</a> : t.help[1]}
        {t.help[2]}
        <b>{name}</b>
        {t.help[3]}
      </p>
      {/* http(s) only, as the API accepts: a `javascript:` link from older data must never render, and
          without a button no sentence asks for a click on it. */}
      {hasLink && <p>{t.links}</p>}
      {hasLink && (
        <a className="land-button" href={link} target="_blank" rel="noopener noreferrer">
          {t.button}
        </a>
      )}
    </section>
  );
}

/** The product page in the customer's language; English for the other languages, German for German. */
const productLink = (landing: Landing, language: Language) =>
  language === 'de' ? landing.link_ger : landing.link_en;

function MachineDetails({
  landing,
  config,
  languages,
}: {
  landing: Landing;
  config: LandingConfig;
  languages: readonly Language[];
}) {
  const { name, image, serial } = landing;
  return (
    <article className="land-card">
      {image && (
        // The square frame is there before the photo arrives, so nothing moves when it does.
        <div className="land-photo">
          <img
            src={storedImageUrl(config.apiBase, image)}
            width={600}
            height={600}
            alt={name}
            fetchPriority="high"
          />
        </div>
      )}
      <div className="land-info">
        <dl className="land-boxes">
          <div className="land-box">
            <dt>{label(languages, 'model')}</dt>
            <dd>{name}</dd>
          </div>
          {serial && (
            <SerialBox
              value={serial.value}
              verified={serial.verified}
              withdrawn={serial.withdrawn}
              languages={languages}
            />
          )}
        </dl>
        {serial && <SerialCheck serial={serial} languages={languages} />}
        {landing.brand_name && <p className="land-brand">{landing.brand_name}</p>}
        <h1 className="land-title">{name}</h1>
        {languages.map((language) => (
          <Greeting
            key={language}
            lang={language}
            name={name}
            config={config}
            link={productLink(landing, language)}
          />
        ))}
      </div>
    </article>
  );
}

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
function LoadError({
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
  const pages = languages.map((language) => [language, texts.pages[language]] as const);
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
          <SerialBox value={serial} verified={false} languages={languages} />
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

/** English and German together, or one of the certificate's other languages. */
function LanguageSwitch({ choice, onChoose }: { choice: Choice; onChoose: (choice: Choice) => void }) {
  return (
    <nav className="land-langs" aria-label={texts.switchLabel}>
      {CHOICES.map((option) => (
        <button
          key={option.value}
          type="button"
          className="land-langs__option"
          aria-pressed={option.value === choice}
          onClick={() => onChoose(option.value)}
        >
          {option.label}
        </button>
      ))}
    </nav>
  );
}

/** The browser's languages; an old browser may only have `language`. */
const browserLanguages = () =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

/**
 * The public customer page for a machine and, from the QR code, a serial number.
 * The same screen runs in the shell and as the standalone page customers open.
 */
export function LandingScreen({ machine, serial, loadConfig }: LandingScreenProps) {
  const { state, retry } = useLanding(loadConfig, machine, serial);
  const config = state.status === 'loading' ? null : state.config;
  const ready = state.status === 'ready' ? state : null;
  const [choice, setChoice] = useState<Choice>(() => choiceFor(browserLanguages()));
  const languages = CHOICES.find((option) => option.value === choice)!.languages;
  useDocumentMeta(
    ready && `${ready.landing.name} – ${ready.config.companyName}`,
    ready && texts.description(ready.landing.name, ready.config.companyName),
  );

  return (
    <div className="land-page" data-testid="landing-page">
      {/* Only with the config: an empty band above the loading text says nothing. Until then a blank space of
          its height, so the page does not jump down when it arrives. */}
      {!config && <div className="land-header land-header--pending" aria-hidden="true" />}
      {config && (
        <header className="land-header">
          {config.companyLogo && isHttpUrl(config.companyLogo) ? (
            <img className="land-header__logo" src={config.companyLogo} alt={config.companyName} />
          ) : (
            <span className="land-header__name">{config.companyName}</span>
          )}
        </header>
      )}
      <main className="land-main">
        {state.status === 'loading' && (
          // The loading text is the page's heading until the machine's name replaces it.
          <div role="status">
            <h1 className="land-loading">{texts.loading}</h1>
          </div>
        )}
        {/* In the page, not the header: the header keeps one height on every screen, so nothing jumps. */}
        {state.status !== 'loading' && <LanguageSwitch choice={choice} onChoose={setChoice} />}
        {ready && <MachineDetails landing={ready.landing} config={ready.config} languages={languages} />}
        {state.status !== 'loading' && state.status !== 'ready' && (
          <LoadError
            kind={state.status}
            serial={serial}
            config={config}
            languages={languages}
            onRetry={retry}
          />
        )}
      </main>
      {/* Only once something is shown: a footer under the loading text would jump down when the page fills. */}
      {state.status !== 'loading' && (
        <footer className="land-footer">
          {config && (
            <div className="land-banner" aria-hidden="true">
              {config.companyName}
            </div>
          )}
          {config && <Contact config={config} />}
          <p className="land-copyright">
            Copyright © {state.year}
            {config && ` ${config.companyName}, ${config.companyAddress}`}
          </p>
        </footer>
      )}
    </div>
  );
}
