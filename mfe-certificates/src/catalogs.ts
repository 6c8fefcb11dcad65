import { defineCatalogs } from 'shared-ui';
import de from './locales/de.json';

/**
 * The staff screens' messages of this remote (docs/decisions/0031-staff-languages.md); German ships with the
 * code, the others load when chosen. The printed certificate is not here: its six languages come from contracts.
 */
export const certificateCatalogs = defineCatalogs('certificates', de, {
  en: () => import('./locales/en.json'),
  pl: () => import('./locales/pl.json'),
});

/**
 * For code outside a component (a check's messages, react-select's announcements), called while a component that
 * follows the language renders or acts; a component itself calls `useT(certificateCatalogs)`.
 */
export const translate = certificateCatalogs.t;

/** The translate function, for helpers that build text for a component that already follows the language. */
export type Translate = typeof translate;

/** The catalogs' keys; a key made at run time (a plan step's) is checked with `isCatalogKey` first. */
export type CatalogKey = keyof typeof de;

export const isCatalogKey = (key: string): key is CatalogKey => Object.hasOwn(de, key);
