import assert from 'node:assert/strict';
import { test } from 'node:test';
import { berlinYear, formatDate, formatDateTime } from './format-date';

test('dates show as DD.MM.YYYY in Europe/Berlin', () => {
  assert.equal(formatDate('2024-06-11T10:00:00Z'), '11.06.2024');
  // 23:30 UTC on 31 Dec is already New Year in Berlin (UTC+1 in winter).
  assert.equal(formatDate('2024-12-31T23:30:00Z'), '01.01.2025');
  // Summer time: UTC+2.
  assert.equal(formatDate('2024-07-31T22:30:00Z'), '01.08.2024');
  assert.equal(formatDate(new Date(Date.UTC(2024, 0, 5, 12))), '05.01.2024');
});

test('a missing or unreadable date shows as nothing', () => {
  assert.equal(formatDate(null), '');
  assert.equal(formatDate(undefined), '');
  assert.equal(formatDate(''), '');
  assert.equal(formatDate('not a date'), '');
});

test('the year is Berlin’s', () => {
  assert.equal(berlinYear(new Date('2024-12-31T23:30:00Z')), 2025);
  assert.equal(berlinYear(new Date('2024-12-31T22:30:00Z')), 2024);
});

test('date and time show as DD.MM.YYYY HH:MM in Europe/Berlin, through the change to summer time', () => {
  assert.equal(formatDateTime('2024-12-31T23:30:00Z'), '01.01.2025 00:30');
  assert.equal(formatDateTime('2024-03-31T00:59:00Z'), '31.03.2024 01:59');
  assert.equal(formatDateTime('2024-03-31T01:00:00Z'), '31.03.2024 03:00');
  assert.equal(formatDateTime(null), '');
  assert.equal(formatDateTime('not a date'), '');
});
