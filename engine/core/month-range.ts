/**
 * A month something is reported for (`YYYY-MM`, what an `<input type="month">` holds, or a day of it
 * for an API caller), judged the same way by the portal's form and by the API, with the same
 * messages: a month that cannot be is told the range it must lie in ("Enter a month from 2000-01 to
 * 2026-05."), not its format, which was right.
 *
 * The messages are the API's English texts (the server translates them through `server/i18n`, a
 * `{{from}}` template matching any value); the portal shows the same translations under its own
 * keys, and `app/recycled/month-messages.test.ts` keeps the two catalogues saying the same.
 */

/** The first month accepted: a year before it (0000, 1850) is a typing error, not a month anything was reported for. */
export const EARLIEST_MONTH = '2000-01';

/** The English messages, one per problem (`{{from}}` and `{{to}}` are months as YYYY-MM). */
export const MONTH_MESSAGES = {
  format: 'Enter a month as YYYY-MM.',
  range: 'Enter a month from {{from}} to {{to}}.',
  future: 'The month cannot be in the future.',
} as const;

/** What is wrong with a month: not one at all, before `EARLIEST_MONTH` (with the range), or after the current one. */
export type MonthProblem = { kind: 'format' } | { kind: 'range'; from: string; to: string } | { kind: 'future' };

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const MONTH_OR_DAY = /^(\d{4})-(0[1-9]|1[0-2])(?:-(0[1-9]|[12]\d|3[01]))?$/;

/** The current month as YYYY-MM, in UTC (as the API judges it, whatever the browser's time zone). */
export function currentMonth(now: Date = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/**
 * What is wrong with `value` as a month (trimmed), or undefined when it is one from `EARLIEST_MONTH`
 * to the current month of `now`. `withDay` also accepts a day of the month (`YYYY-MM-DD`).
 */
export function monthProblem(value: string, options: { now?: Date; withDay?: boolean } = {}): MonthProblem | undefined {
  const text = value.trim();
  if (!(options.withDay ? MONTH_OR_DAY : MONTH).test(text)) return { kind: 'format' };
  const month = text.slice(0, 7);
  const latest = currentMonth(options.now);
  if (month < EARLIEST_MONTH) return { kind: 'range', from: EARLIEST_MONTH, to: latest };
  if (month > latest) return { kind: 'future' };
  return undefined;
}

/** The English message of `problem`, its values filled in (the API's text). */
export function monthMessage(problem: MonthProblem): string {
  if (problem.kind !== 'range') return MONTH_MESSAGES[problem.kind];
  return MONTH_MESSAGES.range.replace('{{from}}', problem.from).replace('{{to}}', problem.to);
}
