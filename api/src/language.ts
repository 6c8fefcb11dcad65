import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_STAFF_LANGUAGE, STAFF_LOCALES, pickStaffLanguage, type StaffLanguage } from 'contracts';

/**
 * The language one request is answered in (docs/decisions/0031-staff-languages.md). Mutable: checking the
 * token switches it from the request's Accept-Language to the account's own.
 */
export interface LanguageContext {
  language: StaffLanguage;
}

const contexts = new AsyncLocalStorage<LanguageContext>();

/** The language of the request being answered; German outside one (the worker, start-up). */
export function currentLanguage(): StaffLanguage {
  return contexts.getStore()?.language ?? DEFAULT_STAFF_LANGUAGE;
}

/** The locale that writes the current language's numbers and dates (contracts STAFF_LOCALES). */
export function currentLocale(): string {
  return STAFF_LOCALES[currentLanguage()];
}

/** Runs `work`, and everything it awaits or starts, in `context`'s language. */
export function inLanguageContext<T>(context: LanguageContext, work: () => T): T {
  return contexts.run(context, work);
}

/** The first staff language of an `Accept-Language` header by weight (`pl-PL,pl;q=0.9`); else German. */
export function acceptedLanguage(header: string | undefined): StaffLanguage {
  const ranges = (header ?? '').split(',').map((range, index) => {
    const [tag, ...parameters] = range.split(';');
    const q = parameters.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
    return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
  });
  const wanted = ranges
    .filter((range) => range.tag && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return pickStaffLanguage(wanted.map((range) => range.tag));
}

/**
 * The language of a command on the server's terminal, as POSIX locales name it (`LC_ALL` before `LC_MESSAGES`
 * before `LANG`, e.g. `pl_PL.UTF-8`); German when unset or none of the staff languages (`C`, `fr_FR`).
 */
export function environmentLanguage(env: NodeJS.ProcessEnv): StaffLanguage {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value?.trim());
  return pickStaffLanguage(locale ? [locale.split(/[_.@]/)[0]] : []);
}
