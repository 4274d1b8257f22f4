/**
 * Pure helpers of the Recycled page: entry types, month conversion and formatting, table sorting,
 * the chart's series and its text summary.
 */

/** One entry of GET clients/report/recycled-quantity/{clientId}. */
export interface RecycledEntry {
  id: number;
  company_id: number;
  company_name?: string | null;
  /** First day of the month, YYYY-MM-01. */
  report_month: string;
  /** Kilograms; a number, or a decimal string from some databases. */
  quantity: number | string;
  created_at?: string | null;
}

/** Page sizes of the Recycling Data table (spec 01 section 9). */
export const RECYCLED_PAGE_SIZES = [10, 25, 50, 100];

/** `2026-03` -> `2026-03-01`, the report_month the API expects. */
export function toReportMonth(month: string): string {
  return `${month.trim()}-01`;
}

/** `YYYY-MM` of a report month (tolerates full dates and timestamps). */
export function monthKey(reportMonth: string): string {
  return reportMonth.slice(0, 7);
}

/** A quantity as a number (0 when unreadable, so one bad row does not break the page). */
export function quantityOf(entry: Pick<RecycledEntry, 'quantity'>): number {
  const value = Number(entry.quantity);
  return Number.isFinite(value) ? value : 0;
}

/**
 * A month in the interface language, e.g. "March 2026" / "März 2026". Read in UTC so the first of
 * the month never slips into the previous one in a western time zone.
 */
export function formatMonth(reportMonth: string, locale: string, month: 'long' | 'short' = 'long'): string {
  const match = /^(\d{4})-(\d{2})/.exec(reportMonth);
  if (!match) return reportMonth;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month, timeZone: 'UTC' }).format(date);
}

/** Kilograms in the interface language, e.g. "1,250.5 kg". */
export function formatKg(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilogram', maximumFractionDigits: 2 }).format(value);
}

/** Name of an entry's company; falls back to the id when the answer carries no name. */
export function companyNameOf(entry: Pick<RecycledEntry, 'company_id' | 'company_name'>): string {
  return entry.company_name?.trim() || `#${entry.company_id}`;
}

export type RecycledSortKey = 'company' | 'month' | 'quantity';
export type SortDirection = 'asc' | 'desc';

/** Sorts entries by one column; ties keep the newest month first, then the newest entry. */
export function sortEntries(
  entries: readonly RecycledEntry[],
  key: RecycledSortKey,
  direction: SortDirection,
  locale: string,
): RecycledEntry[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sign = direction === 'asc' ? 1 : -1;
  const byColumn = (a: RecycledEntry, b: RecycledEntry): number => {
    if (key === 'company') return collator.compare(companyNameOf(a), companyNameOf(b));
    if (key === 'quantity') return quantityOf(a) - quantityOf(b);
    return monthKey(a.report_month).localeCompare(monthKey(b.report_month));
  };
  const tieBreak = (a: RecycledEntry, b: RecycledEntry): number =>
    monthKey(b.report_month).localeCompare(monthKey(a.report_month)) || b.id - a.id;
  return [...entries].sort((a, b) => sign * byColumn(a, b) || tieBreak(a, b));
}

/** Bars of the chart: one band per reported month (oldest first), one series per company. */
export interface RecycledChartData {
  /** YYYY-MM, ascending. */
  months: string[];
  series: Array<{ companyId: number; company: string; data: Array<number | null> }>;
}

/** Sums entries per month and company (a company may report a month more than once). */
export function chartData(entries: readonly RecycledEntry[]): RecycledChartData {
  const months = [...new Set(entries.map((e) => monthKey(e.report_month)))].sort();
  const companies = new Map<number, { company: string; sums: Map<string, number> }>();
  for (const entry of entries) {
    const company = companies.get(entry.company_id) ?? { company: companyNameOf(entry), sums: new Map() };
    const month = monthKey(entry.report_month);
    company.sums.set(month, (company.sums.get(month) ?? 0) + quantityOf(entry));
    companies.set(entry.company_id, company);
  }
  const series = [...companies.entries()]
    .map(([companyId, { company, sums }]) => ({
      companyId,
      company,
      data: months.map((m) => (sums.has(m) ? roundKg(sums.get(m) ?? 0) : null)),
    }))
    .sort((a, b) => a.company.localeCompare(b.company) || a.companyId - b.companyId);
  return { months, series };
}

/** Facts the chart's text alternative states. */
export interface RecycledSummary {
  total: number;
  months: number;
  /** The month with the largest total (the latest on a tie). */
  topMonth: { month: string; quantity: number } | null;
  byCompany: Array<{ company: string; total: number }>;
}

export function summarise(entries: readonly RecycledEntry[]): RecycledSummary {
  const data = chartData(entries);
  const monthTotals = data.months.map((month, index) => ({
    month,
    quantity: roundKg(data.series.reduce((sum, s) => sum + (s.data[index] ?? 0), 0)),
  }));
  const topMonth = monthTotals.reduce<RecycledSummary['topMonth']>(
    (best, current) => (!best || current.quantity >= best.quantity ? current : best),
    null,
  );
  return {
    total: roundKg(entries.reduce((sum, e) => sum + quantityOf(e), 0)),
    months: data.months.length,
    topMonth,
    byCompany: data.series.map((s) => ({
      company: s.company,
      total: roundKg(s.data.reduce<number>((sum, v) => sum + (v ?? 0), 0)),
    })),
  };
}

/** Sums of decimals drift (0.1 + 0.2): keep grams. */
function roundKg(value: number): number {
  return Math.round(value * 1000) / 1000;
}
