import { afterEach, describe, expect, it } from '@jest/globals';
import { formatDate, formatDateTime } from 'contracts';
import { setLanguage } from 'shared-ui';
import { formatDay, formatDayTime, formatNumber } from './format';

// Winter and summer time, and an evening in UTC that is the next day in Berlin.
const moments = ['2026-01-05T07:04:00.000Z', '2026-07-31T22:30:00.000Z', '2026-12-31T23:59:00.000Z'];

describe('dates and numbers in the staff language', () => {
  afterEach(() => setLanguage('de'));

  it('write German exactly as contracts does for the printed certificate', () => {
    for (const moment of moments) {
      expect(formatDay(moment)).toBe(formatDate(moment));
      expect(formatDayTime(moment)).toBe(formatDateTime(moment));
    }
    expect(formatDay(null)).toBe('');
    expect(formatDayTime('kein Datum')).toBe('');
    expect(formatNumber(1234.5)).toBe('1.234,5');
  });

  it('write the plant’s day and time in English and Polish', async () => {
    await setLanguage('en');
    expect(moments.map(formatDayTime)).toEqual(['05/01/2026 08:04', '01/08/2026 00:30', '01/01/2027 00:59']);
    expect(formatNumber(1234.5)).toBe('1,234.5');
    await setLanguage('pl');
    expect(moments.map(formatDay)).toEqual(['05.01.2026', '01.08.2026', '01.01.2027']);
    // Polish groups thousands with a no-break space.
    expect(formatNumber(12345.5)).toBe('12\u00a0345,5');
  });
});
