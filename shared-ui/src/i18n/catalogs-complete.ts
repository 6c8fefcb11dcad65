import { describe, expect, it } from '@jest/globals';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { STAFF_LANGUAGES, STAFF_LOCALES, type StaffLanguage } from 'contracts';

type Catalog = Record<string, string>;

/** Lingui's compiled message: text, or text and placeholders; a plural's or a select's cases are compiled alike. */
type Compiled = string | Token[];
type Token = string | [name: string, type?: string, cases?: Record<string, Compiled | undefined>];

/** The names a message fills in, and the forms each of its plurals spells out. */
function shape(message: string) {
  const names = new Set<string>();
  const plurals: string[][] = [];
  const walk = (compiled: Compiled) => {
    if (typeof compiled === 'string') return;
    for (const token of compiled) {
      if (typeof token === 'string') continue;
      const [name, type, options = {}] = token;
      names.add(name);
      // Besides its cases a plural may carry its offset; `=0` compiles to the case "0".
      const cases = Object.entries(options).filter(([key]) => key !== 'offset');
      if (type === 'plural') plurals.push(cases.map(([key]) => key).filter((key) => !/^\d+$/.test(key)));
      for (const [, inner] of cases) walk(inner!);
    }
  };
  walk(compileMessage(message) as Compiled);
  return { names: [...names].sort(), plurals };
}

const OTHERS = STAFF_LANGUAGES.filter((language) => language !== 'de');

/**
 * The Jest tests every app's catalogs pass (docs/decisions/0031-staff-languages.md): English and Polish have
 * every German key and no other, none is empty, each fills in the same values as German, and every plural spells
 * out exactly its language's forms (Polish: one, few, many, other).
 */
export function testCatalogsComplete(name: string, catalogs: Record<StaffLanguage, Catalog>): void {
  describe(`the ${name} catalogs`, () => {
    it.each(STAFF_LANGUAGES)('%s has every German key and no other, none of them empty', (language) => {
      expect(Object.keys(catalogs[language]).sort()).toEqual(Object.keys(catalogs.de).sort());
      for (const [key, message] of Object.entries(catalogs[language]))
        expect([key, message.trim()]).not.toEqual([key, '']);
    });

    it.each(OTHERS)('%s fills in the same values as German', (language) => {
      for (const [key, german] of Object.entries(catalogs.de))
        expect([key, shape(catalogs[language][key] ?? '').names]).toEqual([key, shape(german).names]);
    });

    it.each(STAFF_LANGUAGES)("%s counts in the language's own plural forms", (language) => {
      const forms = new Intl.PluralRules(STAFF_LOCALES[language]).resolvedOptions().pluralCategories;
      for (const [key, message] of Object.entries(catalogs[language]))
        for (const plural of shape(message).plurals)
          expect([key, plural.sort()]).toEqual([key, [...forms].sort()]);
    });
  });
}
