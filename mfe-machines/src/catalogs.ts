import { defineCatalogs } from 'shared-ui';
import de from './locales/de.json';

/** This remote's messages; German ships with its screens, the others load when chosen. */
export const machineCatalogs = defineCatalogs('machines', de, {
  en: () => import('./locales/en.json'),
  pl: () => import('./locales/pl.json'),
});

export type MachineMessageKey = keyof typeof de;
