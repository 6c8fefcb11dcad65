import { describe, expect, it } from '@jest/globals';
import { dateProblems, paramsWithQuery, presetRange, queryFromParams } from './list-query';

describe('the list in the URL', () => {
  it('reads filters, paging and the order, in the API’s names', () => {
    const params = new URLSearchParams(
      'tab=certificate_list&from=2026-01-01&to=2026-01-31&brand_id=3&machine_id=7&checked_by=Anna&status=voided&search=485&page=2&per_page=25&sort=crowd&order=desc',
    );
    expect(queryFromParams(params)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      brand_id: 3,
      machine_id: 7,
      checked_by: 'Anna',
      status: 'voided',
      search: '485',
      page: 2,
      per_page: 25,
      sort: 'quantity',
      order: 'desc',
    });
  });

  it('leaves out what it cannot read instead of sending it', () => {
    const params = new URLSearchParams('brand_id=abc&machine_id=-1&status=weg&page=0&per_page=1000&sort=x');
    expect(queryFromParams(params)).toEqual({ page: 1, per_page: 10 });
  });

  it('writes the list back, keeping the tab and leaving defaults out', () => {
    const params = paramsWithQuery(new URLSearchParams('tab=certificate_list&page=4&brand_id=1'), {
      page: 1,
      per_page: 10,
      from: '2026-02-01',
      checked_by: 'Jürgen Groß',
      sort: 'quantity',
      order: 'asc',
    });
    expect(params.toString()).toBe(
      'tab=certificate_list&from=2026-02-01&checked_by=J%C3%BCrgen+Gro%C3%9F&sort=crowd&order=asc',
    );
    expect(queryFromParams(params)).toMatchObject({ from: '2026-02-01', checked_by: 'Jürgen Groß' });
  });

  it('names an impossible day or an inverted range before asking the server', () => {
    expect(dateProblems('2026-02-30', undefined)).toEqual({ from: 'Kein gültiges Datum' });
    expect(dateProblems('2026-03-01', '2026-02-01')).toEqual({
      to: 'Das Bis-Datum liegt vor dem Von-Datum.',
    });
    expect(dateProblems('2026-03-01', '2026-03-01')).toEqual({});
  });
});

describe('period presets (issue 31)', () => {
  // 23:30 UTC on Sunday 1 March 2026 is Monday 2 March in Berlin.
  const now = new Date('2026-03-01T23:30:00Z');
  it('count Berlin days: today, the ISO week from Monday, all of last month, this year', () => {
    expect(presetRange('today', now)).toEqual({ from: '2026-03-02', to: '2026-03-02' });
    expect(presetRange('thisWeek', now)).toEqual({ from: '2026-03-02', to: '2026-03-02' });
    expect(presetRange('lastMonth', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('thisYear', now)).toEqual({ from: '2026-01-01', to: '2026-03-02' });
  });
  it('reach back over a year’s end and into a leap February', () => {
    const sunday = new Date('2028-01-09T10:00:00Z');
    expect(presetRange('thisWeek', sunday)).toEqual({ from: '2028-01-03', to: '2028-01-09' });
    expect(presetRange('lastMonth', sunday)).toEqual({ from: '2027-12-01', to: '2027-12-31' });
    expect(presetRange('lastMonth', new Date('2028-03-15T10:00:00Z'))).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });
});
