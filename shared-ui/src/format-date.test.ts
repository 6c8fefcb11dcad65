import { describe, expect, it } from '@jest/globals';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it('shows DD.MM.YYYY in Europe/Berlin', () => {
    expect(formatDate('2024-06-11T10:00:00Z')).toBe('11.06.2024');
    // 23:30 UTC on 31 Dec is already New Year in Berlin (UTC+1 in winter).
    expect(formatDate('2024-12-31T23:30:00Z')).toBe('01.01.2025');
    // Summer time: UTC+2.
    expect(formatDate('2024-07-31T22:30:00Z')).toBe('01.08.2024');
    expect(formatDate(new Date(Date.UTC(2024, 0, 5, 12)))).toBe('05.01.2024');
  });

  it('is empty for missing or unreadable dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
