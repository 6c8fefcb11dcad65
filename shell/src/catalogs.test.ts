import { describe, expect, it } from '@jest/globals';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, ROLES, STAFF_LOCALES, type StaffLanguage } from 'contracts';
import shellDe from './locales/de.json';
import shellEn from './locales/en.json';
import shellPl from './locales/pl.json';
import appDe from './app/locales/de.json';
import appEn from './app/locales/en.json';
import appPl from './app/locales/pl.json';
import adminDe from './features/admin/locales/de.json';
import adminEn from './features/admin/locales/en.json';
import adminPl from './features/admin/locales/pl.json';
import accountDe from './features/account/locales/de.json';
import accountEn from './features/account/locales/en.json';
import accountPl from './features/account/locales/pl.json';

type Catalog = Record<string, string>;

/** Every catalog of the shell: the login screen's, the signed-in app's, the admin area's, the own account's. */
const CATALOGS: [string, Record<StaffLanguage, Catalog>][] = [
  ['shell', { de: shellDe, en: shellEn, pl: shellPl }],
  ['app', { de: appDe, en: appEn, pl: appPl }],
  ['admin', { de: adminDe, en: adminEn, pl: adminPl }],
  ['account', { de: accountDe, en: accountEn, pl: accountPl }],
];

type Token = ReturnType<typeof compileMessage>[number];

/** The arguments a message names, and the forms each of its plurals gives. */
function parts(message: string) {
  const names = new Set<string>();
  const plurals: string[][] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, type, options] = token as [string, string?, Record<string, Token[] | Token>?];
      names.add(name);
      if (type === 'plural') plurals.push(Object.keys(options ?? {}).filter((form) => form !== 'offset'));
      for (const option of Object.values(options ?? {})) if (Array.isArray(option)) walk(option as Token[]);
    }
  };
  walk(compileMessage(message));
  return { names: [...names].sort(), plurals };
}

describe.each(CATALOGS)('the %s catalogs', (_name, catalogs) => {
  it('have every key in every language and no other, none of them empty', () => {
    for (const language of ['en', 'pl'] as const)
      expect(Object.keys(catalogs[language]).sort()).toEqual(Object.keys(catalogs.de).sort());
    for (const catalog of Object.values(catalogs))
      for (const [key, message] of Object.entries(catalog))
        expect([key, message.trim()]).not.toEqual([key, '']);
  });

  it('name the same arguments as German in every language', () => {
    for (const [key, german] of Object.entries(catalogs.de))
      for (const language of ['en', 'pl'] as const)
        expect([language, key, parts(catalogs[language][key]).names]).toEqual([
          language,
          key,
          parts(german).names,
        ]);
  });

  it("give every plural exactly its language's forms (Polish: one, few, many, other)", () => {
    for (const language of ['de', 'en', 'pl'] as const) {
      const forms = new Intl.PluralRules(STAFF_LOCALES[language]).resolvedOptions().pluralCategories;
      for (const [key, message] of Object.entries(catalogs[language]))
        for (const plural of parts(message).plurals)
          expect([language, key, plural.sort()]).toEqual([language, key, [...forms].sort()]);
    }
  });
});

describe('the names the shell shows for codes', () => {
  it('name every audit action, in German as the API’s export does (contracts)', () => {
    const actions = (catalog: Catalog) =>
      Object.fromEntries(
        Object.entries(catalog)
          .filter(([key]) => key.startsWith('action.'))
          .map(([key, label]) => [key.slice('action.'.length), label]),
      );
    expect(actions(adminDe)).toEqual(AUDIT_ACTION_LABELS);
    expect(Object.keys(actions(adminDe)).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  it('name every role', () => {
    const roles = Object.keys(appDe).filter((key) => key.startsWith('role.'));
    expect(roles.sort()).toEqual(ROLES.map((role) => `role.${role}`).sort());
  });

  it('use a Polish plural where a count meets a noun', () => {
    expect(parts(adminPl['accounts.tooShort']).plurals).toHaveLength(1);
    expect(parts(accountPl['password.tooShort']).plurals).toHaveLength(1);
  });
});
