import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addMonths, berlinDayStart, berlinMonth, berlinWallClock, monthsBetween } from './berlin-time';
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

test('a Berlin day begins at local midnight, summer and winter, on clock-change days too', () => {
  assert.equal(berlinDayStart('2026-01-15')?.toISOString(), '2026-01-14T23:00:00.000Z');
  assert.equal(berlinDayStart('2026-07-15')?.toISOString(), '2026-07-14T22:00:00.000Z');
  assert.equal(berlinDayStart('2026-03-29')?.toISOString(), '2026-03-28T23:00:00.000Z');
  assert.equal(berlinDayStart('2026-03-30')?.toISOString(), '2026-03-29T22:00:00.000Z');
  assert.equal(berlinDayStart('2026-10-25')?.toISOString(), '2026-10-24T22:00:00.000Z');
  assert.equal(berlinDayStart('2026-10-26')?.toISOString(), '2026-10-25T23:00:00.000Z');
});

test('text that is no calendar day has no start', () => {
  for (const day of ['2026-02-30', '2026-13-01', '2026-00-10', '26-01-01', '2026-1-1', ''])
    assert.equal(berlinDayStart(day), undefined, day);
});

test('wall-clock time and month in Berlin', () => {
  assert.equal(berlinWallClock(new Date('2026-07-31T22:30:05Z')).toISOString(), '2026-08-01T00:30:05.000Z');
  assert.equal(berlinMonth(new Date('2026-12-31T23:30:00Z')), '2027-01');
  assert.equal(addMonths('2026-01', -1), '2025-12');
  assert.equal(addMonths('2025-12', 13), '2027-01');
  assert.deepEqual(monthsBetween('2025-11', '2026-02'), ['2025-11', '2025-12', '2026-01', '2026-02']);
  assert.deepEqual(monthsBetween('2026-02', '2026-01'), []);
});
