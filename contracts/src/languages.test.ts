import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pickStaffLanguage } from './languages';

test('the first supported language wins, by its primary subtag', () => {
  assert.equal(pickStaffLanguage(['pl-PL', 'en']), 'pl');
  assert.equal(pickStaffLanguage(['fr-FR', 'en-IN', 'de']), 'en');
  assert.equal(pickStaffLanguage([' EN-gb']), 'en');
});

test('German when nothing fits or nothing is asked', () => {
  assert.equal(pickStaffLanguage([]), 'de');
  assert.equal(pickStaffLanguage(['fr', 'hi-IN', '*']), 'de');
  assert.equal(pickStaffLanguage(['plx', 'e']), 'de');
});
