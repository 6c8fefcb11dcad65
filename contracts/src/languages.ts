/**
 * The staff app's languages (docs/decisions/0031-staff-languages.md). German is the default and keeps the
 * spec's wording; the printed certificate and the customer page have languages of their own.
 */
export const STAFF_LANGUAGES = ['de', 'en', 'pl'] as const;
export type StaffLanguage = (typeof STAFF_LANGUAGES)[number];
export const DEFAULT_STAFF_LANGUAGE: StaffLanguage = 'de';

/** The locale that formats dates and numbers: decimal comma for de and pl, day before month everywhere. */
export const STAFF_LOCALES: Record<StaffLanguage, string> = { de: 'de-DE', en: 'en-GB', pl: 'pl-PL' };

/** The names in the language switch, each in its own language so a reader finds theirs. */
export const STAFF_LANGUAGE_NAMES: Record<StaffLanguage, string> = {
  de: 'Deutsch',
  en: 'English',
  pl: 'Polski',
};

export function isStaffLanguage(value: unknown): value is StaffLanguage {
  return typeof value === 'string' && (STAFF_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first staff language among preferred language tags, most wanted first (`navigator.languages`, or an
 * `Accept-Language` header already ordered by weight): `pl-PL` picks Polish, `en-IN` English; else German.
 */
export function pickStaffLanguage(preferred: readonly string[]): StaffLanguage {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (isStaffLanguage(primary)) return primary;
  }
  return DEFAULT_STAFF_LANGUAGE;
}

/** A stored language as the staff app knows it; German for anything else. */
export function staffLanguageOf(value: unknown): StaffLanguage {
  return isStaffLanguage(value) ? value : DEFAULT_STAFF_LANGUAGE;
}
