import { defineCatalogs } from 'shared-ui';
import de from './locales/de.json';

/**
 * Texts of the signed-in app that the login screen never shows (screen titles, role names): they load with the
 * app's chunk, so the login screen stays as small as it was (docs/decisions/0031-staff-languages.md).
 */
export const appCatalogs = defineCatalogs('app', de, {
  en: () => import('./locales/en.json'),
  pl: () => import('./locales/pl.json'),
});
