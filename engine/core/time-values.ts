/**
 * Times of day as JSON Schema's formats write them, between the clock an applicant sets in a time
 * input ('10:30') and the stored value. `format: "time"` is RFC 3339's full-time: the clock with
 * seconds and an offset from UTC ('10:30:00+02:00'); the validator (ajv-formats 3) refuses a time
 * without one. `format: "iso-time"` is the clock alone ('10:30:00'). The offset given is the
 * applicant's own at the moment of answering, so the stored value says when they meant, and the clock
 * they set is shown back unchanged (not converted to another zone).
 */

/** `HH:MM` or `HH:MM:SS`, as a time input gives it. */
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d|60)(\.\d+)?)?/;
/** The offset at the end of a full-time: `Z` or `±HH:MM`. */
const OFFSET = /(?:[zZ]|[+-]\d\d:?\d\d)$/;

/** `minutes` east of UTC as RFC 3339 writes an offset: `+02:00`, `-05:30`, `Z` for none. */
export function offsetText(minutes: number): string {
  if (minutes === 0) return 'Z';
  const sign = minutes > 0 ? '+' : '-';
  const whole = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sign}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/** The offset of this machine's zone from UTC on `at`, in minutes east (`Date` counts them west). */
export function localOffsetMinutes(at: Date = new Date()): number {
  const west = at.getTimezoneOffset();
  return west === 0 ? 0 : -west;
}

/**
 * The value to store for a clock set in a time input: seconds added, and the offset when the field's
 * format is `time` (undefined for an empty input, so the field counts as unanswered).
 */
export function storedTime(
  clock: string,
  format: unknown,
  offsetMinutes: number = localOffsetMinutes(),
): string | undefined {
  const match = CLOCK.exec(clock);
  if (!match) return clock === '' ? undefined : clock;
  const [, hours, minutes, seconds = '00', fraction = ''] = match;
  const time = `${hours}:${minutes}:${seconds}${fraction}`;
  return format === 'time' ? `${time}${offsetText(offsetMinutes)}` : time;
}

/** The clock a time input shows for a stored time: `HH:MM`, or `HH:MM:SS` when seconds are set. */
export function clockOf(value: unknown): string {
  if (typeof value !== 'string') return '';
  const match = CLOCK.exec(value);
  if (!match) return '';
  const [, hours, minutes, seconds] = match;
  return seconds && seconds !== '00' ? `${hours}:${minutes}:${seconds}` : `${hours}:${minutes}`;
}

/** A stored time for reading: '10:30 (UTC+02:00)', '10:30 (UTC)', or '10:30' without an offset. */
export function readableTime(value: string): string {
  const clock = clockOf(value);
  if (!clock) return value;
  const offset = OFFSET.exec(value)?.[0];
  if (!offset) return clock;
  return offset.toUpperCase() === 'Z' ? `${clock} (UTC)` : `${clock} (UTC${offset})`;
}

/** A stored date-time for reading: '2026-06-01 08:30 (UTC)' for '2026-06-01T08:30:00.000Z'. */
export function readableDateTime(value: string): string {
  const at = /^(\d{4}-\d{2}-\d{2})[Tt ](.+)$/.exec(value);
  if (!at?.[1] || !at[2]) return value;
  const time = readableTime(at[2]);
  return time === at[2] ? value : `${at[1]} ${time}`;
}
