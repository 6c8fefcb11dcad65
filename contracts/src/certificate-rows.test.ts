import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import {
  DISPATCH_ROW,
  HEAD_LABELS,
  INFO_ROWS,
  INSPECTION_DOCUMENT_WORDS,
  inspectionDocumentOf,
  pageOf,
  RELEASE_WORDS,
  RESULT_COLUMNS,
  SCAN_LABELS,
  SOURCE_FILE_LABELS,
  spellings,
  stepLabels,
  SUBTITLE_LINES,
  TITLE,
  VALUE_WORDS,
  inEveryLanguage,
  SPELLING_SEPARATOR,
  STEP_VERDICT_TEXT,
} from './certificate-rows';
import { ORIGINS } from './constants';
import { DEFAULT_PLAN_STEPS } from './test-record';

/**
 * The printed certificate's texts (api/src/modules/certificate-pdf/ draws them from this module) against the
 * glossary, docs/terminology.md: every title and word exactly as it has them, in the order DE EN FR ES IT PT, so
 * the glossary and the paper cannot drift apart.
 */
function readGlossary(): Map<string, string[]> {
  const text = readFileSync(path.join(import.meta.dirname, '../../docs/terminology.md'), 'utf8');
  const terms = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^\| `([^`]+)` \|(.*)\|$/.exec(line);
    if (!match) continue;
    const cells = match[2].split('|').map((cell) => cell.trim());
    assert.equal(cells.length, 7, line);
    assert.equal(terms.has(match[1]), false, `twice: ${match[1]}`);
    terms.set(match[1], cells.slice(0, 6));
  }
  return terms;
}

const glossary = readGlossary();
const term = (key: string) => {
  const words = glossary.get(key);
  if (!words) throw new Error(`docs/terminology.md has no term ${key}`);
  return words;
};

test('every fact title is the glossary’s, and the facts are the printed ones', () => {
  const rows = [...INFO_ROWS.flat(), DISPATCH_ROW];
  assert.deepEqual(
    rows.map((row) => row.key),
    [
      'machine_name',
      'origin',
      'electronic_circuit_board',
      'checked_by',
      'released_by',
      'observation',
      'logistics_control',
    ],
  );
  for (const row of rows) assert.deepEqual([row.key, [...row.labels]], [row.key, term(row.key)]);
  for (const [key, labels] of Object.entries(HEAD_LABELS))
    assert.deepEqual([key, [...labels]], [key, term(key)]);
  assert.deepEqual([...SCAN_LABELS], term('scan'));
});

test("the default plan's steps and the results' column heads are the glossary's", () => {
  for (const step of DEFAULT_PLAN_STEPS)
    assert.deepEqual([step.key, [...stepLabels(step)]], [step.key, term(step.key)]);
  for (const [key, labels] of Object.entries(RESULT_COLUMNS))
    assert.deepEqual([key, [...labels]], [key, term(key)]);
  assert.deepEqual([...SOURCE_FILE_LABELS], term('source_file'));
});

test('the release words, the reason, the sheet numbers and the title are the glossary’s', () => {
  const releases = {
    released: 'PASSED',
    failed: 'FAILED',
    deviation: 'DEVIATION',
    awaiting_release: 'AWAITING_RELEASE',
  };
  for (const [release, key] of Object.entries(releases))
    assert.deepEqual([...RELEASE_WORDS[release as keyof typeof releases]], term(key));
  assert.deepEqual([...RELEASE_WORDS.reason], term('reason'));
  assert.deepEqual(
    [...pageOf(1, 2)],
    term('page').map((words) => words.replace('{x}', '1').replace('{y}', '2')),
  );
  const [de, ...others] = term('title');
  assert.equal(TITLE, de);
  assert.deepEqual(SUBTITLE_LINES.join(' | ').split(' | ').slice(0, 5), others);
});

test('YES, NO and the origins print in every language, each different spelling once', () => {
  for (const key of ['YES', 'NO', ...ORIGINS])
    assert.deepEqual([key, [...VALUE_WORDS[key]]], [key, term(key)]);
  assert.equal(spellings(term('NO')), ['NEIN', 'NO', 'NON', 'NÃO'].join(SPELLING_SEPARATOR));
  // Each slash stays with the word before it, so no printed line starts with "/".
  const value = inEveryLanguage('GERMANY');
  assert.equal(value.split(SPELLING_SEPARATOR).length, 6);
  assert.doesNotMatch(value, / \//);
});

test('the inspection document types are the glossary’s, and which one a unit gets', () => {
  for (const [type, words] of Object.entries(INSPECTION_DOCUMENT_WORDS))
    assert.deepEqual([type, [...words]], [type, term(type)]);
  const unit = (release: 'released' | 'deviation' | 'failed' | 'awaiting_release', by: string | null) => ({
    release,
    released_by_name: by,
  });
  assert.equal(inspectionDocumentOf(unit('released', 'Max Freigeber'), '3.1'), '3.1');
  assert.equal(inspectionDocumentOf(unit('deviation', 'Max Freigeber'), '3.1'), '3.1');
  assert.equal(inspectionDocumentOf(unit('released', 'Max Freigeber'), '2.2'), '2.2');
  assert.equal(inspectionDocumentOf(unit('released', null), '3.1'), '2.2');
  assert.equal(inspectionDocumentOf(unit('failed', null), '3.1'), null);
  assert.equal(inspectionDocumentOf(unit('awaiting_release', null), '3.1'), null);
});

test("a step's verdict is the unit's words in lower case, so only the banner states the unit's", () => {
  assert.equal(STEP_VERDICT_TEXT.pass, spellings(term('PASSED')).toLowerCase());
  assert.equal(STEP_VERDICT_TEXT.fail, spellings(term('FAILED')).toLowerCase());
});
