import { useState } from 'react';
import type { Landing } from 'contracts';
import type { LandingConfig } from '../config';
import { useLazyModule } from '../hooks/use-lazy-module';
import type { Language } from '../texts';

/** Where the resolver's gs1:registerProduct link and the confirmation mail's link lead (api/src/modules/landing). */
const opensForm = (hash: string) => hash === '#register' || hash.startsWith('#confirm=');

/** The section's own words in the page's language: English on the page's other languages, as the notices are. */
const WORDS = {
  en: { heading: 'Register your machine', open: 'Register', unsubscribe: 'Information e-mails' },
  de: { heading: 'Maschine registrieren', open: 'Registrieren', unsubscribe: 'Informations-E-Mails' },
};

/**
 * „Register your machine“ on a released unit's page: a heading and a button; the form itself comes in a chunk of
 * its own (registration-form.tsx) when asked for, or at once when a link leads here. An information mail's
 * unsubscribe link shows the owner's unsubscribe instead (unsubscribe-panel.tsx).
 */
export function RegistrationSection({
  landing,
  config,
  languages,
}: {
  landing: Landing;
  config: LandingConfig;
  languages: readonly Language[];
}) {
  const language = languages[0] === 'de' ? 'de' : 'en';
  const [open, setOpen] = useState(() => opensForm(window.location.hash));
  // An information mail's unsubscribe link (notice-mails.ts in the API) leads here too.
  const [unsubscribing] = useState(() => window.location.hash.startsWith('#unsubscribe='));
  const form = useLazyModule(
    open ? () => import(/* webpackChunkName: "registration" */ './registration-form') : null,
  );
  const unsubscribe = useLazyModule(
    unsubscribing ? () => import(/* webpackChunkName: "unsubscribe" */ './unsubscribe-panel') : null,
  );
  return (
    <section
      id="register"
      lang={language}
      className="land-register"
      aria-labelledby="land-register-heading"
      data-testid="registration"
    >
      <h2 id="land-register-heading">{WORDS[language][unsubscribing ? 'unsubscribe' : 'heading']}</h2>
      {/* The owner who came to unsubscribe is registered already: no registration here. */}
      {unsubscribing ? (
        unsubscribe && <unsubscribe.UnsubscribePanel apiBase={config.apiBase} language={language} />
      ) : form ? (
        <form.RegistrationForm apiBase={config.apiBase} serial={landing.serial!.value} language={language} />
      ) : (
        <button
          type="button"
          className="land-button land-button--secondary"
          onClick={() => setOpen(true)}
          disabled={open}
        >
          {WORDS[language].open}
        </button>
      )}
    </section>
  );
}
