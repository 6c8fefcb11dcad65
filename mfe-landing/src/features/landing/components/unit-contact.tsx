import { telHref, type Landing } from 'contracts';
import { VERIFY_PATH } from '../../../standalone/route';
import type { LandingConfig } from '../config';
import { pageTexts, type Language } from '../texts';
import { contactEmail } from './contact';

/**
 * The manufacturer's contact for this unit: the company's phone (COMPANY_PHONE), an e-mail whose subject and body
 * already name the model and serial, and the public verification page of sealed certificates. Nothing but the
 * verification link when no contact is configured.
 */
export function UnitContact({
  landing,
  config,
  language,
}: {
  landing: Landing;
  config: LandingConfig;
  language: Language;
}) {
  const t = pageTexts(language);
  const email = contactEmail(config, landing);
  const serial = landing.serial?.value;
  const mail =
    email &&
    `mailto:${email}?subject=${encodeURIComponent(t.mailSubject(landing.name, serial))}` +
      `&body=${encodeURIComponent(t.mailBody(landing.name, serial))}`;
  return (
    <section
      className="land-unit-contact"
      aria-labelledby="land-unit-contact-heading"
      data-testid="unit-contact"
    >
      <h2 id="land-unit-contact-heading" className="land-unit-contact__heading">
        {t.contactHeading}
      </h2>
      {(config.companyPhone || mail) && (
        <p className="land-unit-contact__links">
          {config.companyPhone && (
            <a className="land-button land-button--secondary" href={telHref(config.companyPhone)}>
              {t.call}: {config.companyPhone}
            </a>
          )}
          {mail && (
            <a className="land-button land-button--secondary" href={mail}>
              {t.write}
            </a>
          )}
        </p>
      )}
      <a className="land-unit-contact__verify" href={VERIFY_PATH}>
        {t.verifyLink}
      </a>
    </section>
  );
}
