import type { StaffLanguage } from 'contracts';
import { use, useSyncExternalStore } from 'react';
import { currentLanguage, i18n, type CatalogSet } from './i18n';

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/** The active language; the component renders again when it changes (no provider needed in any root). */
export function useLanguage(): StaffLanguage {
  return useSyncExternalStore(subscribe, currentLanguage);
}

/**
 * The translate function of one app's catalogs in the active language. An app mounted after a switch suspends
 * until its catalog for that language has arrived.
 */
export function useT<Key extends string>(catalogs: CatalogSet<Key>): CatalogSet<Key>['t'] {
  const language = useLanguage();
  if (!catalogs.isLoaded(language)) use(catalogs.load(language));
  return catalogs.t;
}
