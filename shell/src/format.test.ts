import { describe, expect, it } from '@jest/globals';
import { formatDateTime as germanDateTime, STAFF_LOCALES } from 'contracts';
import { formatCount, formatDateTime } from './format';

const moments = [
  '2026-11-28T08:15:00.000Z',
  '2026-07-01T22:05:00.000Z', // summer time, and the next day in Berlin
  '2026-03-29T00:59:00.000Z', // the hour before the clocks change
  '2026-12-31T23:30:00.000Z', // New Year in Berlin, not yet in UTC
];

describe('formatDateTime', () => {
  it('writes German exactly as the rest of the staff app (contracts) does', () => {
    for (const moment of moments)
      expect(formatDateTime(moment, STAFF_LOCALES.de)).toBe(germanDateTime(moment));
  });

  it('writes the Berlin day and time the English and the Polish way', () => {
    expect(formatDateTime(moments[0], STAFF_LOCALES.en)).toBe('28/11/2026 09:15');
    expect(formatDateTime(moments[0], STAFF_LOCALES.pl)).toBe('28.11.2026 09:15');
    expect(formatDateTime(moments[3], STAFF_LOCALES.en)).toBe('01/01/2027 00:30');
  });

  it('is empty for a missing or unreadable moment', () => {
    expect(formatDateTime(null, STAFF_LOCALES.de)).toBe('');
    expect(formatDateTime(undefined, STAFF_LOCALES.en)).toBe('');
    expect(formatDateTime('gestern', STAFF_LOCALES.pl)).toBe('');
  });
});

describe('formatCount', () => {
  it('groups digits as each language does', () => {
    expect(formatCount(12345, STAFF_LOCALES.de)).toBe('12.345');
    expect(formatCount(12345, STAFF_LOCALES.en)).toBe('12,345');
    expect(formatCount(12345, STAFF_LOCALES.pl)).toBe('12\u00a0345');
    expect(formatCount(3, STAFF_LOCALES.pl)).toBe('3');
  });
});
