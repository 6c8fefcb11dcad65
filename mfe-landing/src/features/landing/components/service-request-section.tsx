import { useState } from 'react';
import type { Landing } from 'contracts';
import type { LandingConfig } from '../config';
import { useLazyModule } from '../hooks/use-lazy-module';
import type { Language } from '../texts';

/**
 * „Request service“ on the page of a unit issued to a customer (released, or withdrawn since): a heading and a
 * button; the form comes in a chunk of its own (service-request-form.tsx) when asked for, or at once when a link
 * leads to #service.
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
  const [open, setOpen] = useState(() => window.location.hash === '#service');
  const form = useLazyModule(
    open ? () => import(/* webpackChunkName: "service-request" */ './service-request-form') : null,
  );
  return (
    <section
      id="service"
      className="land-register"
      aria-labelledby="land-service-heading"
      data-testid="service-request"
    >
      <h2 id="land-service-heading">Request service / Service anfragen</h2>
      {form ? (
        <form.ServiceRequestForm
          apiBase={config.apiBase}
          serial={landing.serial!.value}
          language={languages[0] === 'de' ? 'de' : 'en'}
        />
      ) : (
        <button
          type="button"
          className="land-button land-button--secondary"
          onClick={() => setOpen(true)}
          disabled={open}
        >
          Request service / Service anfragen
        </button>
      )}
    </section>
  );
}
