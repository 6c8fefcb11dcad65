import { useState } from 'react';
import type { Landing } from 'contracts';
import type { LandingConfig } from '../config';
import { useLazyModule } from '../hooks/use-lazy-module';
import type { Language } from '../texts';

/** Where the resolver's gs1:registerProduct link and the confirmation mail's link lead (api/src/modules/landing). */
const opensForm = (hash: string) => hash === '#register' || hash.startsWith('#confirm=');

/**
 * „Register your machine“ on a released unit's page: a heading and a button; the form itself comes in a chunk of
 * its own (registration-form.tsx) when asked for, or at once when a link leads here.
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
  const [open, setOpen] = useState(() => opensForm(window.location.hash));
  const form = useLazyModule(
    open ? () => import(/* webpackChunkName: "registration" */ './registration-form') : null,
  );
  return (
    <section
      id="register"
      className="land-register"
      aria-labelledby="land-register-heading"
      data-testid="registration"
    >
      <h2 id="land-register-heading">Register your machine / Maschine registrieren</h2>
      {form ? (
        <form.RegistrationForm
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
          Register / Registrieren
        </button>
      )}
    </section>
  );
}
