import { isHttpUrl } from 'contracts';
import { useEffect, useState } from 'react';
import { useLanding, type MachineRef } from '../api/get-landing';
import type { LandingConfig } from '../config';
import { useDocumentMeta } from '../hooks/use-document-meta';
import { choiceFor, languagesLoaded, loadLanguages, texts, type Language } from '../texts';
import { Contact } from './contact';
import { LanguageSwitch } from './language-switch';
import { LoadError } from './load-error';
import { MachineDetails } from './machine-details';
import './landing-screen.css';

export interface LandingScreenProps {
  /** From the QR code: the machine's id, or the GTIN of its EAN (a GS1 Digital Link). */
  machine: MachineRef;
  serial?: string;
  /** The runtime config: the shell's loaded one, or `/config.json` fetched by the standalone page. */
  loadConfig: () => Promise<LandingConfig>;
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
  // The browser's language; shown once its texts are there (English and German are, the others come as a chunk).
  const [wanted, setWanted] = useState<Language>(() => choiceFor(browserLanguages()));
  const [choice, setChoice] = useState<Language | null>(() => (languagesLoaded([wanted]) ? wanted : null));
  useEffect(() => {
    let current = true;
    loadLanguages([wanted]).then(
      () => current && setChoice(wanted),
      (error: unknown) => {
        // A chunk that does not load leaves the page in (or takes it back to) English.
        console.error(error);
        if (current) setChoice((shown) => shown ?? 'en');
      },
    );
    return () => {
      current = false;
    };
  }, [wanted]);
  const languages = choice ? [choice] : null;
  useDocumentMeta(
    ready && `${ready.landing.name} – ${ready.config.companyName}`,
    ready && texts.description(ready.landing.name, ready.config.companyName),
  );

  return (
    <div className="land-page" lang={choice ?? undefined} data-testid="landing-page">
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
        {(state.status === 'loading' || !languages) && (
          // The loading text is the page's heading until the machine's name replaces it.
          <div role="status">
            <h1 className="land-loading">{texts.loading}</h1>
          </div>
        )}
        {/* In the page, not the header: the header keeps one height on every screen, so nothing jumps. */}
        {state.status !== 'loading' && choice && <LanguageSwitch choice={choice} onChoose={setWanted} />}
        {ready && languages && (
          <MachineDetails landing={ready.landing} config={ready.config} languages={languages} />
        )}
        {state.status !== 'loading' && state.status !== 'ready' && languages && (
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
          {config && <Contact config={config} brand={ready?.landing ?? null} />}
          <p className="land-copyright">
            Copyright © {state.year}
            {config && ` ${config.companyName}, ${config.companyAddress}`}
          </p>
        </footer>
      )}
    </div>
  );
}
