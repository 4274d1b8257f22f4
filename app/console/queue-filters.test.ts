import { describe, expect, it } from 'vitest';
import { changeFilters, exportPath, nextSort, queuePath, readFilters, writeFilters } from './queue-filters';

const read = (query: string) => readFilters(new URLSearchParams(query));

describe('queue filters in the address', () => {
  it('reads every filter and writes them back as they were', () => {
    const query =
      'service=alpha&status=submitted&assignee=Ada&from=2026-01-01&to=2026-02-01&q=acme&mine=1&sort=number&page=3';
    const filters = read(query);
    expect(filters).toEqual({
      service: 'alpha',
      status: 'submitted',
      assignee: 'Ada',
      mine: true,
      from: '2026-01-01',
      to: '2026-02-01',
      q: 'acme',
      sort: 'number',
      page: 3,
    });
    expect(readFilters(writeFilters(filters))).toEqual(filters);
  });

  it('leaves defaults out of the address and drops what it cannot read', () => {
    const filters = read('page=-2&sort=password&from=yesterday&mine=no');
    expect(filters).toMatchObject({ page: 1, sort: '-submitted', from: '', mine: false });
    expect(writeFilters(filters).toString()).toBe('');
  });

  it('goes back to the first page on any change but the page', () => {
    const filters = read('page=4&q=acme');
    expect(changeFilters(filters, { status: 'returned' })).toMatchObject({ page: 1, q: 'acme', status: 'returned' });
    expect(changeFilters(filters, { page: 5 }).page).toBe(5);
  });

  it('asks the API for the page with the same filters, a service in the path winning', () => {
    const path = queuePath(read('service=beta&status=submitted&mine=1&page=2'), 'alpha');
    const params = new URLSearchParams(path.split('?')[1]);
    expect(path.startsWith('staff/queue?')).toBe(true);
    expect(Object.fromEntries(params)).toEqual({
      service: 'alpha',
      status: 'submitted',
      mine: 'true',
      sort: '-submitted',
      page: '2',
      size: '25',
    });
  });

  it('exports every row of the filters in the language, without paging', () => {
    const path = exportPath(read('q=acme&page=3'), undefined, 'csv', 'de');
    const params = new URLSearchParams(path.split('?')[1]);
    expect(path.startsWith('staff/queue/export?')).toBe(true);
    expect(Object.fromEntries(params)).toEqual({ format: 'csv', lang: 'de', q: 'acme', sort: '-submitted' });
  });

  it('sorts the date newest first then oldest, any other column in its one order', () => {
    expect(nextSort('-submitted', 'submitted')).toBe('submitted');
    expect(nextSort('submitted', 'submitted')).toBe('-submitted');
    expect(nextSort('status', 'submitted')).toBe('-submitted');
    expect(nextSort('-submitted', 'number')).toBe('number');
  });
});
