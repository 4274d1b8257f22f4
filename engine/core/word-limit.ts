/**
 * Word limits of long text fields (spec 02: 300 words, 1800 characters, a remaining-words counter,
 * typing past the limit ignored). The server checks the same limit for the word-limited-textarea
 * widget (its contract's `word-limit` check); `wordLimitPattern` puts it in a form schema too.
 */

/** Number of whitespace-separated words in `text`. */
export function countWords(text: string | null | undefined): number {
  if (!text) return 0;
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** Words still available (never negative). */
export function remainingWords(text: string | null | undefined, maxWords: number): number {
  return Math.max(0, maxWords - countWords(text));
}

/**
 * Cuts `text` to at most `maxWords` words and `maxChars` characters, keeping the original spacing
 * of what remains (used on paste; typing past the limit is simply refused by the widget).
 */
export function clampToWordLimit(text: string, maxWords: number, maxChars?: number): string {
  let result = maxChars !== undefined && maxChars >= 0 && text.length > maxChars ? text.slice(0, maxChars) : text;
  if (countWords(result) <= maxWords) return result;
  const word = /\S+/g;
  let count = 0;
  let match: RegExpExecArray | null;
  while ((match = word.exec(result)) !== null) {
    count += 1;
    if (count === maxWords) {
      result = result.slice(0, match.index + match[0].length);
      break;
    }
  }
  return maxWords <= 0 ? '' : result;
}

/** True when a new value respects both limits: the widget keeps the old value otherwise. */
export function withinWordLimit(text: string, maxWords: number, maxChars?: number): boolean {
  return countWords(text) <= maxWords && (maxChars === undefined || text.length <= maxChars);
}

/**
 * What a field under a word limit holds after an edit from `previous` to `next`: the edit when it
 * stays within the limits; `previous` when that was already full, so typing past the limit is
 * ignored (spec 02); otherwise `next` cut to the limit, so a long paste keeps the words that fit.
 */
export function nextWithinWordLimit(previous: string, next: string, maxWords: number, maxChars?: number): string {
  if (withinWordLimit(next, maxWords, maxChars)) return next;
  const full = countWords(previous) >= maxWords || (maxChars !== undefined && previous.length >= maxChars);
  return full && withinWordLimit(previous, maxWords, maxChars) ? previous : clampToWordLimit(next, maxWords, maxChars);
}

/**
 * A JSON Schema `pattern` accepting at most `maxWords` words, for the form schema so the server
 * and the browser validator enforce the limit too.
 */
export function wordLimitPattern(maxWords: number): string {
  return maxWords <= 0 ? '^\\s*$' : `^\\s*(\\S+(\\s+|$)){0,${maxWords}}$`;
}

/** The spec's message for a text over its limit (spec 02 section 5). */
export function wordLimitMessage(maxWords: number): string {
  return `Word limit exceeded. Please limit your description to ${maxWords} words.`;
}

/** Main export. */
export const wordLimit = { countWords, remainingWords, clampToWordLimit, withinWordLimit, wordLimitPattern };
