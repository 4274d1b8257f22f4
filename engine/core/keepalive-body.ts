/**
 * What a request that outlives its page may carry. Browsers send a `fetch` with `keepalive` after the
 * page is gone, but only while the bodies of such requests on their way add up to 64 KiB at most
 * (the Fetch standard's limit); a larger one is refused at once. The draft saver sends on leaving
 * what fits, and keeps the rest in the browser for the next visit (left-draft.ts).
 */

/** The most bytes of body the keepalive requests of a page may have on their way together. */
export const KEEPALIVE_BODY_LIMIT_BYTES = 64 * 1024;

/** Bytes of `text` in UTF-8 (what goes on the wire), counted without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      // A surrogate pair is one character of four bytes; a lone surrogate is sent as U+FFFD (3 bytes).
      if (low >= 0xdc00 && low <= 0xdfff) {
        bytes += 4;
        i += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Whether a JSON body of `text` may go in a keepalive request (alone: none other on its way). */
export function fitsKeepalive(text: string): boolean {
  // No body is larger in bytes than four times its UTF-16 units: the common case is not counted.
  return text.length * 3 <= KEEPALIVE_BODY_LIMIT_BYTES || utf8Length(text) <= KEEPALIVE_BODY_LIMIT_BYTES;
}
