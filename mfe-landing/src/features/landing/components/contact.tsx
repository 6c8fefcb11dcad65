import { telHref } from 'contracts';
import type { LandingConfig } from '../config';

/** mailto: or tel: of the company's contact, e-mail first; null when none is configured. */
export function contactHref(config: LandingConfig): string | null {
  if (config.companyEmail) return `mailto:${config.companyEmail}`;
  if (config.companyPhone) return telHref(config.companyPhone);
  return null;
}

/** The company's e-mail and phone as links; nothing when neither is configured. */
export function Contact({ config }: { config: LandingConfig }) {
  if (!config.companyEmail && !config.companyPhone) return null;
  return (
    <p className="land-contact">
      {config.companyEmail && <a href={`mailto:${config.companyEmail}`}>{config.companyEmail}</a>}
      {config.companyPhone && <a href={telHref(config.companyPhone)}>{config.companyPhone}</a>}
    </p>
  );
}
