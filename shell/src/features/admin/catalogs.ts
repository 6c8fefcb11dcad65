import { defineCatalogs } from 'shared-ui';
import de from './locales/de.json';

/**
 * The admin area's texts, in its own chunk: neither the login screen nor the app's first screen carries them
 * (docs/decisions/0031-staff-languages.md). The audit trail's actions and details are shared-ui's
 * (`useAuditText`), as every app's histories show them too.
 */
export const adminCatalogs = defineCatalogs('admin', de, {
  en: () => import('./locales/en.json'),
  pl: () => import('./locales/pl.json'),
});

export type AdminKey = keyof typeof de;

/** Whether the catalogs name `key`: the API may send a subject type or a job kind they do not know. */
export const isAdminKey = (key: string): key is AdminKey => Object.hasOwn(de, key);
