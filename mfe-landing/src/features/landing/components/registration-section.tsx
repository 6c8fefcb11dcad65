import { useState } from 'react';
import type { Landing } from 'contracts';
import type { LandingConfig } from '../config';
import type { Language } from '../texts';
import { FormSection } from './form-section';

/** Where the resolver's gs1:registerProduct link and the confirmation mail's link lead (api/src/modules/landing). */
const opensForm = (hash: string) => hash === '#register' || hash.startsWith('#confirm=');

/** The section's own words in the page's language: English on the page's other languages, as the notices are. */
const WORDS = {
  en: { heading: 'Register your machine', open: 'Register', unsubscribe: 'Information e-mails' },
  de: { heading: 'Maschine registrieren', open: 'Registrieren', unsubscribe: 'Informations-E-Mails' },
};

/**
 * „Register your machine“ on a released unit's page; the form is registration-form.tsx. An information mail's
 * unsubscribe link (notice-mails.ts in the API) shows the owner's unsubscribe instead (unsubscribe-panel.tsx):
 * that owner is registered already.
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
  // Read once: the panel takes the token out of the address, and the section stays what the link opened.
  const [unsubscribing] = useState(() => window.location.hash.startsWith('#unsubscribe='));
  const words = WORDS[language];
  return unsubscribing ? (
    <FormSection
      id="register"
      lang={language}
      testId="registration"
      title={words.unsubscribe}
      button={words.unsubscribe}
      openAtFirst
      load={() => import(/* webpackChunkName: "unsubscribe" */ './unsubscribe-panel')}
      render={(panel) => <panel.UnsubscribePanel apiBase={config.apiBase} language={language} />}
    />
  ) : (
    <FormSection
      id="register"
      lang={language}
      testId="registration"
      title={words.heading}
      button={words.open}
      openAtFirst={opensForm(window.location.hash)}
      load={() => import(/* webpackChunkName: "registration" */ './registration-form')}
      render={(form) => (
        <form.RegistrationForm apiBase={config.apiBase} serial={landing.serial!.value} language={language} />
      )}
    />
  );
}
