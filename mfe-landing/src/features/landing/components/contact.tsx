import { isHttpUrl, telHref, type Landing } from 'contracts';
import type { LandingConfig } from '../config';

/** The brand's contact, which the API answers only when the company has none configured (landing.service.ts). */
type BrandContact = Pick<Landing, 'brand_email' | 'brand_website'> | null;

/**
 * mailto: or tel: of the company's contact, e-mail first; else the brand's e-mail or website; null when there is
 * none at all.
 */
export function contactHref(config: LandingConfig, brand: BrandContact = null): string | null {
  if (config.companyEmail) return `mailto:${config.companyEmail}`;
  if (config.companyPhone) return telHref(config.companyPhone);
  if (brand?.brand_email) return `mailto:${brand.brand_email}`;
  if (brand?.brand_website && isHttpUrl(brand.brand_website)) return brand.brand_website;
  return null;
}

/** The company's e-mail; the brand's only when the company has neither e-mail nor phone. */
export const contactEmail = (config: LandingConfig, brand: BrandContact = null) =>
  config.companyEmail ?? (config.companyPhone ? null : brand?.brand_email);

/** The company's e-mail and phone as links, else the brand's e-mail and website; nothing when there is none. */
export function Contact({ config, brand = null }: { config: LandingConfig; brand?: BrandContact }) {
  const email = contactEmail(config, brand);
  const website = !config.companyEmail && !config.companyPhone ? brand?.brand_website : undefined;
  if (!email && !config.companyPhone && !(website && isHttpUrl(website))) return null;
  return (
    <p className="land-contact" data-testid="contact">
      {email && <a href={`mailto:${email}`}>{email}</a>}
      {config.companyPhone && <a href={telHref(config.companyPhone)}>{config.companyPhone}</a>}
      {website && isHttpUrl(website) && (
        <a href={website} target="_blank" rel="noopener noreferrer">
          {new URL(website).host}
        </a>
      )}
    </p>
  );
}
