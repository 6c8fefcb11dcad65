import { defineCatalogs } from 'shared-ui';
import de from './locales/de.json';

/** The own-account screens' texts, loaded with their chunks (docs/decisions/0031-staff-languages.md). */
export const accountCatalogs = defineCatalogs('account', de, {
  en: () => import('./locales/en.json'),
  pl: () => import('./locales/pl.json'),
});
