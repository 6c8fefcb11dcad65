// The staff app's catalogs against the glossary's table of its words (docs/terminology.md, „The staff app's
// words“): every English and Polish message that translates a German message with a listed term uses the term's
// form, and none of the words the table forbids for it. Here rather than in an app: the table spans the shell and
// both remotes, so one term has one word in all of them.
// Run: node --import tsx --test scripts/terminology.test.mts
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { compileMessage } from '@lingui/message-utils/compileMessage';

const root = path.resolve(import.meta.dirname, '..');
/** The staff apps' sources; mfe-landing is the customers' page, with its own texts module. */
const STAFF_SOURCES = [
  'shell/src',
  'mfe-certificates/src',
  'mfe-machines/src',
  'shared-ui/src',
  'contracts/src',
];
const TRANSLATIONS = ['en', 'pl'] as const;
type Translation = (typeof TRANSLATIONS)[number];
type Catalog = Record<string, string>;

interface Term {
  german: string;
  de: RegExp[];
  required: Record<Translation, RegExp[]>;
  forbidden: Record<Translation, RegExp[]>;
}

/** A pattern of the table (`wzorcow*`, `protok* bada*`) as a case-blind regular expression of whole words. */
function wordPattern(pattern: string): RegExp {
  const words = pattern
    .split(/\s+/)
    .map((word) => word.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '\\p{L}*'));
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}(?![\\p{L}\\p{N}])`, 'giu');
}

const patternsOf = (cell: string) =>
  [...cell.matchAll(/`([^`]+)`/g)].map(([, pattern]) => wordPattern(pattern));

/** The table's rows in their order, and the messages where German uses a word in another sense. */
export function readStaffGlossary(markdown: string) {
  const section = markdown.split(/^## The staff app's words$/m)[1];
  assert.ok(section, "docs/terminology.md has a section „The staff app's words“");
  const terms: Term[] = [];
  const exceptions: { folder: string; key: string; word: string }[] = [];
  for (const line of section.split('\n')) {
    const exception = /^- `([^`]+)` `([^`]+)` (\S+):/.exec(line);
    if (exception) exceptions.push({ folder: exception[1], key: exception[2], word: exception[3] });
    if (!line.startsWith('| ') || line.startsWith('| DE |') || line.startsWith('| ---')) continue;
    const cells = line.split('|').slice(1, -1);
    assert.equal(cells.length, 5, line);
    const [de, en, pl, not] = cells;
    const forbidden = { en: [] as RegExp[], pl: [] as RegExp[] };
    for (const part of not.split(';')) {
      const [, language, patterns] = /^\s*(EN|PL)\s+(.*)$/.exec(part) ?? [];
      if (language) forbidden[language.toLowerCase() as Translation].push(...patternsOf(patterns));
      else assert.equal(part.trim(), '', `„not“ names EN or PL: ${line}`);
    }
    const term = {
      german: de.split('`')[0].trim(),
      de: patternsOf(de),
      required: { en: patternsOf(en), pl: patternsOf(pl) },
      forbidden,
    };
    assert.ok(term.de.length && term.required.en.length && term.required.pl.length, line);
    terms.push(term);
  }
  return { terms, exceptions };
}

/** A message's words: its text in every branch, without argument names or plural and select keywords. */
function textOf(message: string): string {
  const parts: string[] = [];
  const walk = (tokens: unknown) => {
    if (typeof tokens === 'string') return void parts.push(tokens);
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (typeof token === 'string') parts.push(token);
      else if (Array.isArray(token) && token[2] && typeof token[2] === 'object')
        for (const branch of Object.values(token[2] as Record<string, unknown>)) walk(branch);
    }
  };
  walk(compileMessage(message));
  return parts.join(' ');
}

export interface Finding {
  key: string;
  language: Translation;
  term: string;
  problem: string;
}

/**
 * What a set of catalogs (German and its translations, one folder's) does against the glossary. A row's German
 * words are taken out of the German message once matched, so a later row does not match them again.
 */
export function checkCatalogs(
  glossary: ReturnType<typeof readStaffGlossary>,
  folder: string,
  catalogs: { de: Catalog } & Record<Translation, Catalog>,
): Finding[] {
  const findings: Finding[] = [];
  for (const [key, german] of Object.entries(catalogs.de)) {
    let rest = textOf(german);
    const found: Term[] = [];
    for (const term of glossary.terms) {
      const words = term.de.flatMap((pattern) => rest.match(pattern) ?? []);
      if (!words.length) continue;
      for (const pattern of term.de) rest = rest.replace(pattern, ' ');
      const excepted = glossary.exceptions.some(
        (exception) =>
          exception.folder === folder &&
          exception.key === key &&
          words.some((word) => word.toLowerCase() === exception.word.toLowerCase()),
      );
      if (!excepted) found.push(term);
    }
    for (const language of TRANSLATIONS) {
      const translated = textOf(catalogs[language][key] ?? '');
      // Another term's own word in the same message is not a forbidden synonym of this one.
      const unclaimed = found
        .flatMap((term) => term.required[language])
        .reduce((text, pattern) => text.replace(pattern, ' '), translated);
      for (const term of found) {
        if (!term.required[language].some((pattern) => new RegExp(pattern).test(translated)))
          findings.push({ key, language, term: term.german, problem: 'lacks the term' });
        for (const pattern of term.forbidden[language])
          for (const [word] of unclaimed.matchAll(pattern))
            findings.push({ key, language, term: term.german, problem: `says „${word}“` });
      }
    }
  }
  return findings;
}

/** Every staff catalog folder (one `locales/` with de, en and pl), relative to the repository. */
function staffCatalogFolders(): string[] {
  return STAFF_SOURCES.flatMap((source) =>
    fs
      .readdirSync(path.join(root, source), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith(`locales${path.sep}de.json`))
      .map((file) => path.join(source, path.dirname(file)).split(path.sep).join('/')),
  ).sort();
}

const readCatalog = (folder: string, language: string): Catalog =>
  JSON.parse(fs.readFileSync(path.join(root, folder, `${language}.json`), 'utf8'));

const glossary = readStaffGlossary(fs.readFileSync(path.join(root, 'docs/terminology.md'), 'utf8'));

test('every staff catalog uses the glossary’s English and Polish words', () => {
  const folders = staffCatalogFolders();
  assert.ok(
    folders.includes('shell/src/locales') && folders.includes('mfe-machines/src/locales'),
    `${folders}`,
  );
  const findings = folders.flatMap((folder) =>
    checkCatalogs(glossary, folder, {
      de: readCatalog(folder, 'de'),
      en: readCatalog(folder, 'en'),
      pl: readCatalog(folder, 'pl'),
    }).map((finding) => ({ folder, ...finding })),
  );
  assert.deepEqual(findings, []);
});

test('every exception names a message that exists and a word the message has', () => {
  for (const { folder, key, word } of glossary.exceptions)
    assert.ok(readCatalog(folder, 'de')[key]?.toLowerCase().includes(word.toLowerCase()), `${folder} ${key}`);
});

test('a message without the term’s form, or with a forbidden word, is found', () => {
  const findings = checkCatalogs(glossary, 'test', {
    de: {
      calibrated: 'Prüfmittel kalibriert',
      units: '{count, plural, one {# Einheit} other {# Einheiten}} nicht bestanden',
      both: 'Prüfbericht {number}: Kalibrierschein hochgeladen',
      placeholder: 'Nicht bestanden ({failed} von {units})',
    },
    en: {
      calibrated: 'Test instrument calibrated',
      units: '{count, plural, one {# unit} other {# units}} failed',
      both: 'Certificate {number}: calibration certificate uploaded',
      // An argument's name is no word of the message.
      placeholder: 'Failed ({failed} of {units})',
    },
    pl: {
      calibrated: 'Skalibrowano przyrząd pomiarowy',
      units:
        '{count, plural, one {# jednostka} few {# jednostki} many {# jednostek} other {# jednostki}} zaliczone',
      both: 'Protokół badania {number}: przesłano świadectwo wzorcowania',
      placeholder: 'Wynik negatywny ({failed} z {units})',
    },
  });
  assert.deepEqual(findings, [
    { key: 'calibrated', language: 'pl', term: 'Kalibrierung', problem: 'lacks the term' },
    { key: 'calibrated', language: 'pl', term: 'Kalibrierung', problem: 'says „Skalibrowano“' },
    { key: 'units', language: 'pl', term: 'Einheit', problem: 'lacks the term' },
    { key: 'units', language: 'pl', term: 'Einheit', problem: 'says „jednostka“' },
    { key: 'units', language: 'pl', term: 'Einheit', problem: 'says „jednostki“' },
    { key: 'units', language: 'pl', term: 'Einheit', problem: 'says „jednostek“' },
    { key: 'units', language: 'pl', term: 'Einheit', problem: 'says „jednostki“' },
    { key: 'units', language: 'pl', term: 'nicht bestanden', problem: 'lacks the term' },
  ]);
});
