import type { Config } from '../../config';

/**
 * The company contact settings the customer page offers ("please contact us", docs/architecture.md#configuration)
 * that are not set. Without any of them the page falls back to the brand's e-mail and website
 * (landing.service.ts); `npm start` names what is missing (api/src/main.ts) so an operator notices.
 */
export function missingContactSettings(config: Pick<Config, 'companyEmail' | 'companyPhone'>): string[] {
  return [
    ...(config.companyEmail ? [] : ['COMPANY_EMAIL']),
    ...(config.companyPhone ? [] : ['COMPANY_PHONE']),
  ];
}

/** The operator's line at start, in German like the other start-up messages; null when nothing is missing. */
export function contactSettingsNotice(config: Pick<Config, 'companyEmail' | 'companyPhone'>): string | null {
  const missing = missingContactSettings(config);
  if (missing.length === 0) return null;
  const fallback =
    missing.length === 2
      ? 'Die Kundenseite nennt stattdessen E-Mail und Website der jeweiligen Marke.'
      : 'Die Kundenseite nennt nur die gesetzte Angabe.';
  return `Kontaktangaben der Firma fehlen: ${missing.join(', ')}. ${fallback}`;
}
