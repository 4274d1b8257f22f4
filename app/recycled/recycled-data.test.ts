import { describe, expect, it } from 'vitest';
import { chartData, formatMonth, sortEntries, summarise, toReportMonth, type RecycledEntry } from './recycled-data';

const entry = (id: number, company_id: number, report_month: string, quantity: number | string): RecycledEntry => ({
  id,
  company_id,
  company_name: company_id === 1 ? 'Alpha' : 'beta',
  report_month,
  quantity,
});

describe('recycled data', () => {
  it('turns a month input into the first day of the month', () => {
    expect(toReportMonth('2026-03')).toBe('2026-03-01');
  });

  it('formats months in UTC and in the interface language', () => {
    expect(formatMonth('2026-03-01', 'en')).toBe('March 2026');
    expect(formatMonth('2026-03-01T00:00:00.000Z', 'de')).toBe('März 2026');
    expect(formatMonth('2026-03-01', 'en', 'short')).toBe('Mar 2026');
    expect(formatMonth('soon', 'en')).toBe('soon');
  });

  it('sorts by company, month and quantity, ties newest first', () => {
    const rows = [
      entry(1, 2, '2025-01-01', 5),
      entry(2, 1, '2025-03-01', '20'),
      entry(3, 1, '2025-02-01', 5),
      entry(4, 2, '2025-03-01', 1),
    ];
    expect(sortEntries(rows, 'company', 'asc', 'en').map((r) => r.id)).toEqual([2, 3, 4, 1]);
    expect(sortEntries(rows, 'month', 'asc', 'en').map((r) => r.id)).toEqual([1, 3, 4, 2]);
    expect(sortEntries(rows, 'quantity', 'desc', 'en').map((r) => r.id)).toEqual([2, 3, 1, 4]);
    expect(sortEntries(rows, 'quantity', 'asc', 'en').map((r) => r.id)).toEqual([4, 3, 1, 2]);
  });

  it('sums per month and company for the chart and its summary', () => {
    const rows = [
      entry(1, 1, '2025-02-01', 0.1),
      entry(2, 1, '2025-02-01', 0.2),
      entry(3, 2, '2025-01-01', 4),
      entry(4, 2, '2025-02-01', 'x'),
    ];
    expect(chartData(rows)).toEqual({
      months: ['2025-01', '2025-02'],
      series: [
        { companyId: 1, company: 'Alpha', data: [null, 0.3] },
        { companyId: 2, company: 'beta', data: [4, 0] },
      ],
    });
    expect(summarise(rows)).toEqual({
      total: 4.3,
      months: 2,
      topMonth: { month: '2025-01', quantity: 4 },
      byCompany: [
        { company: 'Alpha', total: 0.3 },
        { company: 'beta', total: 4 },
      ],
    });
    expect(summarise([])).toEqual({ total: 0, months: 0, topMonth: null, byCompany: [] });
  });
});
