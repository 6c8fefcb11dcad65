import type { Landing } from 'contracts';
import type { LandingConfig } from '../config';
import type { Language } from '../texts';
import { FormSection } from './form-section';

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
  return (
    <FormSection
      id="service"
      testId="service-request"
      title="Request service / Service anfragen"
      button="Request service / Service anfragen"
      openAtFirst={window.location.hash === '#service'}
      load={() => import(/* webpackChunkName: "service-request" */ './service-request-form')}
      render={(form) => (
        <form.ServiceRequestForm
          apiBase={config.apiBase}
          serial={landing.serial!.value}
          language={languages[0] === 'de' ? 'de' : 'en'}
        />
      )}
    />
  );
}
