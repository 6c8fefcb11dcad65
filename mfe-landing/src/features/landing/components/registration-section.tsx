import type { Landing } from 'contracts';
import type { LandingConfig } from '../config';
import type { Language } from '../texts';
import { FormSection } from './form-section';

/** Where the resolver's gs1:registerProduct link and the confirmation mail's link lead (api/src/modules/landing). */
const opensForm = (hash: string) => hash === '#register' || hash.startsWith('#confirm=');

/** „Register your machine“ on a released unit's page; the form is registration-form.tsx. */
export function RegistrationSection({
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
      id="register"
      testId="registration"
      title="Register your machine / Maschine registrieren"
      button="Register / Registrieren"
      openAtFirst={opensForm(window.location.hash)}
      load={() => import(/* webpackChunkName: "registration" */ './registration-form')}
      render={(form) => (
        <form.RegistrationForm
          apiBase={config.apiBase}
          serial={landing.serial!.value}
          language={languages[0] === 'de' ? 'de' : 'en'}
        />
      )}
    />
  );
}
