import { setupI18n, type Messages } from '@lingui/core';
import { DEFAULT_STAFF_LANGUAGE, STAFF_LOCALES, type StaffLanguage } from 'contracts';

/**
 * The one Lingui instance of the staff app. shared-ui is a Module Federation singleton, so the shell and every
 * remote translate through this instance and switch language together (docs/decisions/0031-staff-languages.md).
 */
export const i18n = setupI18n({
  locale: DEFAULT_STAFF_LANGUAGE,
  locales: [STAFF_LOCALES[DEFAULT_STAFF_LANGUAGE]],
  messages: { [DEFAULT_STAFF_LANGUAGE]: {} },
});

export type MessageValues = Record<string, unknown>;

type Catalog = Record<string, unknown>;
type CatalogImport = () => Promise<{ default: Catalog }>;

/** One app's messages: German imported with its code, the others fetched the first time they are needed. */
export interface CatalogSet<Key extends string> {
  t(key: Key, values?: MessageValues): string;
  isLoaded(language: StaffLanguage): boolean;
  load(language: StaffLanguage): Promise<void>;
}

const sets: CatalogSet<string>[] = [];

/** How an app's German messages are loaded: as they are, or as the test-only pseudo language (below). */
let loadGerman = (messages: Messages) => i18n.load('de', messages);

/**
 * Registers an app's catalogs under its own prefix, so two apps may use the same key. Webpack compiles each
 * `locales/*.json` at build time (scripts/webpack/catalog-loader.cjs); Jest hands Lingui the ICU text, which it
 * compiles itself outside production.
 */
export function defineCatalogs<German extends Catalog>(
  prefix: string,
  german: German,
  others: Record<Exclude<StaffLanguage, 'de'>, CatalogImport>,
): CatalogSet<keyof German & string> {
  const prefixed = (catalog: Catalog) =>
    Object.fromEntries(
      Object.entries(catalog).map(([key, message]) => [`${prefix}.${key}`, message]),
    ) as Messages;
  loadGerman(prefixed(german));
  const loading = new Map<StaffLanguage, Promise<void>>([['de', Promise.resolve()]]);
  const loaded = new Set<StaffLanguage>(['de']);
  const set: CatalogSet<keyof German & string> = {
    t: (key, values) => i18n._(`${prefix}.${key}`, values),
    isLoaded: (language) => loaded.has(language),
    load(language) {
      let promise = loading.get(language);
      if (!promise) {
        promise = others[language as Exclude<StaffLanguage, 'de'>]().then(
          (module) => {
            i18n.load(language, prefixed(module.default));
            loaded.add(language);
          },
          (error: unknown) => {
            // A failed fetch (network, a redeploy) may be retried by the next switch.
            loading.delete(language);
            throw error;
          },
        );
        loading.set(language, promise);
      }
      return promise;
    },
  };
  sets.push(set);
  return set;
}

let requested: StaffLanguage = DEFAULT_STAFF_LANGUAGE;

/**
 * Loads the language's catalog of every app loaded so far, then switches all screens at once. When switches
 * overlap, the last one asked for wins.
 */
export async function setLanguage(language: StaffLanguage): Promise<void> {
  requested = language;
  await Promise.all(sets.map((set) => set.load(language)));
  if (requested !== language || i18n.locale === language) return;
  i18n.activate(language, [STAFF_LOCALES[language]]);
  document.documentElement.lang = language;
}

export function currentLanguage(): StaffLanguage {
  return i18n.locale as StaffLanguage;
}

/** The locale for `Intl` formatting of dates, times and numbers in the active language. */
export function activeLocale(): string {
  return STAFF_LOCALES[currentLanguage()];
}

/**
 * Test-only, for e2e/tests/pseudo-language.spec.ts (the shell turns it on at start, shell/src/bootstrap.tsx): German
 * text becomes long, accented pseudo text (./pseudo.ts) in the catalogs registered so far and in every remote's
 * registered later, so screenshots show where a translation longer than German would be clipped. Dates, numbers
 * and plurals stay German; English and Polish stay as they are. The transform is a chunk of its own, fetched only
 * here; a user never gets it.
 */
export async function enablePseudoLanguage(): Promise<void> {
  const { pseudoMessages } = await import('./pseudo');
  loadGerman = (messages) => i18n.load('de', pseudoMessages(messages));
  // German is active until the first switch, so `messages` holds every German catalog registered so far.
  loadGerman(i18n.messages);
}
