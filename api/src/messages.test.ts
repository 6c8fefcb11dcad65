import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { USER_CLI_CATALOGS } from './cli/user-messages';
import { CATALOGS } from './messages';
import { customerMessages } from './messages.de';

/**
 * Every key exists in all three catalogs, and no other: messages.en.ts and messages.pl.ts are typed `Messages`
 * (messages.ts), so typecheck refuses a missing or extra one. What typing cannot see is a message left in German.
 */

/** Arguments that fit one of the messages' signatures (numbers, serials, a serial list, a role need, dates). */
const SAMPLE_ARGUMENTS: unknown[][] = [
  [3, 5],
  ['AB-12', 'CD-34'],
  [['AB-12', 'CD-34']],
  ['certify'],
  ['AB-12', '2026-03-12', '2026-01-05'],
];

/** Each message as text, named by its path (`fields.required`); a function with the first arguments it takes. */
function texts(catalog: object, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const name = prefix + key;
    if (typeof value === 'string') found.set(name, value);
    else if (typeof value === 'function') {
      const args = SAMPLE_ARGUMENTS.find((sample) => {
        try {
          value(...sample);
          return true;
        } catch {
          return false;
        }
      });
      assert.ok(args, `${name}: none of the sample arguments fit`);
      found.set(name, `${name}(${JSON.stringify(args)}) → ${value(...args)}`);
    } else for (const [inner, text] of texts(value as object, `${name}.`)) found.set(inner, text);
  }
  return found;
}

/** The same in every language on purpose: the customer's messages (English and German in one), and one word. */
const SAME_ON_PURPOSE = new Set([...Object.keys(customerMessages), 'roles.admin']);

for (const [name, catalogs] of [
  ['the API', CATALOGS],
  ['npm run user', USER_CLI_CATALOGS],
] as const) {
  test(`${name}: no English or Polish message is the German one, unless so on purpose`, () => {
    const german = texts(catalogs.de);
    for (const language of ['en', 'pl'] as const) {
      const translated = texts(catalogs[language]);
      assert.deepEqual([...translated.keys()], [...german.keys()], language);
      const same = [...german].filter(([key, text]) => translated.get(key) === text).map(([key]) => key);
      assert.deepEqual(
        same.filter((key) => !SAME_ON_PURPOSE.has(key)),
        [],
        `${language}: left in German`,
      );
    }
  });
}

test('the customer messages listed as the same really are: English and German in one', () => {
  for (const key of SAME_ON_PURPOSE) {
    const german = texts(CATALOGS.de).get(key);
    assert.equal(texts(CATALOGS.en).get(key), german, key);
    assert.equal(texts(CATALOGS.pl).get(key), german, key);
  }
});

test('roles and instrument kinds have the staff app’s names (shell/src/app/locales, mfe-certificates/src/locales)', async () => {
  const english = await import('./words.en');
  const polish = await import('./words.pl');
  const staffApp = (file: string) =>
    JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../..', file), 'utf8')) as Record<
      string,
      string
    >;
  for (const [language, words] of [
    ['en', english],
    ['pl', polish],
  ] as const) {
    const shell = staffApp(`shell/src/app/locales/${language}.json`);
    const certificates = staffApp(`mfe-certificates/src/locales/${language}.json`);
    for (const [role, name] of Object.entries(words.roles)) assert.equal(name, shell[`role.${role}`], role);
    for (const [kind, name] of Object.entries(words.instrumentKinds))
      assert.equal(name, certificates[`instrumentKind.${kind}`], kind);
  }
});

test('a refusal names every role that would do, in each language', () => {
  assert.equal(
    CATALOGS.de.forbidden('certify'),
    'Dafür fehlt Ihrem Konto die Rolle „Prüfer“. Bitte wenden Sie sich an einen Administrator.',
  );
  assert.equal(
    CATALOGS.de.forbidden('revise'),
    'Dafür fehlt Ihrem Konto die Rolle „Prüfer“ oder „Freigabe (Qualität)“. Bitte wenden Sie sich an einen Administrator.',
  );
  assert.equal(
    CATALOGS.en.forbidden('revise'),
    'Your account lacks the role “Checker” or “Release (quality)”. Please contact an administrator.',
  );
  assert.equal(
    CATALOGS.pl.forbidden('revise'),
    'Twoje konto nie ma roli „Sprawdzający” ani „Zwolnienie (jakość)”. Zwróć się do administratora.',
  );
});
