import { defineCatalogs } from './i18n/i18n';
import de from './locales/de.json';

/**
 * shared-ui's own texts (the table, the spinner, a load error, the session toast, the shell's last fallbacks).
 * German loads with the login screen, so it stays small; the audit trail's words are in audit/, loaded with the
 * first history or audit table (docs/decisions/0031-staff-languages.md).
 */
export const sharedCatalogs = defineCatalogs('shared', de, {
  en: () => import('./locales/en.json'),
  pl: () => import('./locales/pl.json'),
});
