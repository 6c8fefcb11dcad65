import { defineCatalogs } from 'shared-ui';
import de from './locales/de.json';

/**
 * The admin area's texts, in its own chunk: neither the login screen nor the app's first screen carries them
 * (docs/decisions/0031-staff-languages.md). The German names of the audit trail's actions are those of
 * contracts' AUDIT_ACTION_LABELS, which the API's export uses (catalogs.test.ts holds them equal).
 */
export const adminCatalogs = defineCatalogs('admin', de, {
  en: () => import('./locales/en.json'),
  pl: () => import('./locales/pl.json'),
});

export type AdminKey = keyof typeof de;

/** Whether the catalogs name `key`: the API may send a subject type or a job kind they do not know. */
export const isAdminKey = (key: string): key is AdminKey => Object.hasOwn(de, key);
