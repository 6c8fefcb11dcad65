import type { StaffLanguage } from 'contracts';
import { currentLanguage } from './language';
import { german } from './messages.de';
import { english } from './messages.en';
import { polish } from './messages.pl';

/** The German catalog's shape with its words open: English and Polish must fill every key, nothing more. */
export type Words<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: never[]) => string
      ? T[K]
      : Words<T[K]>;
};
export type Messages = Words<typeof german>;

/** A message that takes no arguments. */
export type PlainMessage = { [K in keyof Messages]: Messages[K] extends string ? K : never }[keyof Messages];

export const CATALOGS: Record<StaffLanguage, Messages> = { de: german, en: english, pl: polish };

/**
 * Every message the API sends, each read in the language of the request being answered (api/src/language.ts):
 * the account's, or the request's Accept-Language before sign-in; German outside a request. Read a message
 * when answering, never into a constant at start-up, which would keep the German one.
 */
export const messages = Object.defineProperties(
  {},
  Object.fromEntries(
    Object.keys(german).map((key) => [
      key,
      { enumerable: true, get: () => CATALOGS[currentLanguage()][key as keyof Messages] },
    ]),
  ),
) as Messages;
