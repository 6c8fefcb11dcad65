import type { Landing } from 'contracts';
import type { LandingConfig } from '../config';
import type { Language } from '../texts';
import { FormSection } from './form-section';

/** The section's own words in the page's language: English on the page's other languages, as the notices are. */
const WORDS = { en: 'Request service', de: 'Service anfragen' };

/**
 * „Request service“ on the page of a unit issued to a customer (released, or withdrawn since); the form is
 * service-request-form.tsx, opened at once when a link leads to #service.
 */
export function ServiceRequestSection({
  landing,
  config,
  languages,
}: {
  landing: Landing;
  config: LandingConfig;
  languages: readonly Language[];
}) {
  const language = languages[0] === 'de' ? 'de' : 'en';
  return (
    <FormSection
      id="service"
      lang={language}
      testId="service-request"
      title={WORDS[language]}
      button={WORDS[language]}
      openAtFirst={window.location.hash === '#service'}
      load={() => import(/* webpackChunkName: "service-request" */ './service-request-form')}
      render={(form) => (
        <form.ServiceRequestForm
          apiBase={config.apiBase}
          serial={landing.serial!.value}
          language={language}
        />
      )}
    />
  );
}
