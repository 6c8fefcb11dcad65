import { afterEach, describe, expect, it } from '@jest/globals';
import { formatDate, formatDateTime } from 'contracts';
// shared-ui's own catalogs, as in every app: a language switch has them to load.
import '../catalogs';
import { decimalSeparator, formatDay, formatDayTime, formatNumber } from './format';
import { setLanguage } from './i18n';

const moments = [
  '2026-01-05T07:04:00.000Z',
  '2026-07-31T22:30:00.000Z', // summer time, and the next day in Berlin
  '2026-03-29T00:59:00.000Z', // the hour before the clocks change
  '2026-12-31T23:59:00.000Z', // New Year in Berlin, not yet in UTC
];

describe('dates and numbers in the staff language', () => {
  afterEach(() => setLanguage('de'));

  it('write German exactly as contracts does for the printed certificate and the exports', () => {
    for (const moment of moments) {
      expect(formatDay(moment)).toBe(formatDate(moment));
      expect(formatDayTime(moment)).toBe(formatDateTime(moment));
      expect(formatDayTime(new Date(moment))).toBe(formatDateTime(moment));
    }
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(decimalSeparator()).toBe(',');
  });

  it('are empty for a missing or unreadable date', () => {
    expect([null, undefined, '', 'gestern'].map(formatDay)).toEqual(['', '', '', '']);
    expect([null, undefined, '', 'gestern'].map(formatDayTime)).toEqual(['', '', '', '']);
  });

  it('write the plant’s day and time, and numbers, the English and the Polish way', async () => {
    await setLanguage('en');
    expect(moments.map(formatDayTime)).toEqual([
      '05/01/2026 08:04',
      '01/08/2026 00:30',
      '29/03/2026 01:59',
      '01/01/2027 00:59',
    ]);
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(decimalSeparator()).toBe('.');
    await setLanguage('pl');
    expect(moments.map(formatDay)).toEqual(['05.01.2026', '01.08.2026', '29.03.2026', '01.01.2027']);
    // Polish groups thousands only from five digits, with a no-break space.
    expect([formatNumber(1234), formatNumber(12345.5)]).toEqual(['1234', '12\u00a0345,5']);
    expect(decimalSeparator()).toBe(',');
  });
});
