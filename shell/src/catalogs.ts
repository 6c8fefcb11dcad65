import { defineCatalogs } from 'shared-ui';
import de from './locales/de.json';

/**
 * The login screen's, the header's and the language choice's messages; German ships with the login screen, the
 * others load when chosen.
 * The signed-in app, the admin area and the own account have catalogs of their own, loaded with their chunks.
 */
export const shellCatalogs = defineCatalogs('shell', de, {
  en: () => import('./locales/en.json'),
  pl: () => import('./locales/pl.json'),
});
