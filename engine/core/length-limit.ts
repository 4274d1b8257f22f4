/**
 * The remaining length of a text near its `maxLength` (the schema's limit, which the input also
 * holds as its `maxlength`, so typing stops there): a field shows it from four fifths of the limit
 * on, so the applicant sees the end coming and knows why the field takes no more (a paste past the
 * limit is cut by the browser and the counter then says 0 left).
 *
 * Lengths are the input's own (UTF-16 code units, as `maxlength` counts them); the schema counts
 * characters, which is never fewer, so a text the input takes is never refused for its length.
 */

/** The share of the limit from which the remaining length is shown. */
export const SHOW_REMAINING_FROM = 0.8;

/**
 * Characters left before `maxLength` when a text of `length` is near it (0 at the limit, negative
 * past it: a text saved before the limit was lowered); undefined while it is far from it.
 */
export function remainingNearLimit(length: number, maxLength: number): number | undefined {
  if (!Number.isFinite(maxLength) || maxLength <= 0) return undefined;
  return length >= Math.ceil(maxLength * SHOW_REMAINING_FROM) ? maxLength - length : undefined;
}
