import { formatDate, isHttpUrl, storedImageUrl, telHref, type Landing } from 'contracts';
import type { LandingFailure } from '../api/get-landing';
import type { LandingConfig } from '../config';
import { useDocumentMeta } from '../hooks/use-document-meta';
import { useLanding } from '../hooks/use-landing';
import { texts } from '../texts';
import './landing-screen.css';

export interface LandingScreenProps {
  machineId: string;
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

function SerialCheck({ serial }: { serial: NonNullable<Landing['serial']> }) {
  if (!serial.verified) {
    // A warning, in colour and words: an unconfirmed serial must never look like a genuine one.
    return (
      <div className="land-check land-check--warning" data-testid="serial-unknown">
        <span className="land-check__icon" aria-hidden="true">
          !
        </span>
        <p lang="en">{texts.unknownSerial.en}</p>
        <p lang="de">{texts.unknownSerial.de}</p>
      </div>
    );
  }
  const date = formatDate(serial.tested_at);
  return (
    <div className="land-check land-check--verified" data-testid="serial-verified">
      <span className="land-check__icon" aria-hidden="true">
        ✓
      </span>
      <p lang="en">
        {texts.verified.en} <time dateTime={serial.tested_at ?? undefined}>{date}</time>
      </p>
      <p lang="de">
        {texts.verified.de} <time dateTime={serial.tested_at ?? undefined}>{date}</time>
      </p>
    </div>
  );
}

function Greeting({
  lang,
  name,
  config,
  link,
}: {
  lang: 'en' | 'de';
  name: string;
  config: LandingConfig;
  link: string;
}) {
  const t = texts[lang];
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

function MachineDetails({ landing, config }: { landing: Landing; config: LandingConfig }) {
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
            <dt>{texts.modelLabel}</dt>
            <dd>{name}</dd>
          </div>
          {serial && (
            <div className={serial.verified ? 'land-box' : 'land-box land-box--unconfirmed'}>
              <dt>{texts.serialLabel}</dt>
              <dd>{serial.value}</dd>
              {!serial.verified && <dd className="land-box__status">{texts.serialUnconfirmed}</dd>}
            </div>
          )}
        </dl>
        {serial && <SerialCheck serial={serial} />}
        {landing.brand_name && <p className="land-brand">{landing.brand_name}</p>}
        <h1 className="land-title">{name}</h1>
        <Greeting lang="en" name={name} config={config} link={landing.link_en} />
        <Greeting lang="de" name={name} config={config} link={landing.link_ger} />
      </div>
    </article>
  );
}

const FAILURE_TEXTS = { 'not-found': texts.notFound, throttled: texts.throttled, failed: texts.failed };

/**
 * An unknown machine is not found again by asking again: it gets the contact. A network or server error and
 * too many requests get the retry.
 */
function LoadError({
  kind,
  config,
  onRetry,
}: {
  kind: LandingFailure;
  config: LandingConfig | null;
  onRetry: () => void;
}) {
  const message = FAILURE_TEXTS[kind];
  return (
    <div className="land-error" role="alert">
      <h1 className="land-error__title">{message.title}</h1>
      <p lang="en">{message.en}</p>
      <p lang="de">{message.de}</p>
      {kind === 'not-found' ? (
        config && <Contact config={config} />
      ) : (
        <button type="button" className="land-button" onClick={onRetry}>
          {texts.retry}
        </button>
      )}
    </div>
  );
}

/**
 * The public customer page for a machine and, from the QR code, a serial number.
 * The same screen runs in the shell and as the standalone page customers open.
 */
export function LandingScreen({ machineId, serial, loadConfig }: LandingScreenProps) {
  const { state, retry } = useLanding(loadConfig, machineId, serial);
  const config = state.status === 'loading' ? null : state.config;
  const ready = state.status === 'ready' ? state : null;
  useDocumentMeta(
    ready && `${ready.landing.name} – ${ready.config.companyName}`,
    ready && texts.description(ready.landing.name, ready.config.companyName),
  );

  return (
    <div className="land-page" data-testid="landing-page" data-machine-id={machineId}>
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
        {ready && <MachineDetails landing={ready.landing} config={ready.config} />}
        {state.status !== 'loading' && state.status !== 'ready' && (
          <LoadError kind={state.status} config={config} onRetry={retry} />
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
