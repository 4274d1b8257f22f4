/**
 * The page layout of an application's copy, apart from any PDF library: blocks of text (title,
 * headings, label/value rows, stacked rows, paragraphs) placed on A4 pages, wrapped to their column
 * and carried on to the next page where a page is full. It only needs the width of a text, so its
 * tests measure with a stand-in and the renderer with the embedded font.
 */

/** One block of the copy, in reading order. */
export type CopyBlock =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'row'; label: string; value: string }
  /** A label with its value under it across the whole measure (a fingerprint, a long name). */
  | { kind: 'stacked'; label: string; value: string; small?: boolean }
  | { kind: 'paragraph'; text: string };

/** A line of text at its place on a page (PDF points, origin at the bottom left). */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
  size: number;
  bold: boolean;
  /** Secondary text (labels, the page's foot) is drawn in grey. */
  muted: boolean;
}

/** The width of `text` at `size` points in the regular or bold face. */
export type MeasureText = (text: string, size: number, bold: boolean) => number;

/** An A4 page in points, and the margins the copy keeps. */
export const PAGE = { width: 595.28, height: 841.89, margin: 56, foot: 40 } as const;

const SIZES = { title: 16, heading: 12.5, text: 10, small: 8.5, foot: 8 } as const;
/** Space between lines, as a factor of the font size. */
const LEADING = 1.35;
/** The share of the measure the labels of rows take. */
const LABEL_SHARE = 0.36;
const GUTTER = 12;

/**
 * Characters the font cannot draw as text are left out (control characters), tabs become spaces,
 * and the text is composed (NFC) so an accented letter is one glyph.
 */
function printable(text: string): string {
  return [...text.normalize('NFC').replace(/\t/g, ' ')]
    .filter((character) => character === '\n' || !/\p{Cc}/u.test(character))
    .join('');
}

/**
 * Splits `text` into lines that `fit`: at spaces, keeping the text's own line breaks,
 * and inside a word only when the word alone is wider than the line (a long reference or address).
 */
export function wrapText(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  for (const paragraph of printable(text).split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/ +/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      // A word wider than the line is cut where it no longer fits, at least one character a line.
      let rest = word;
      while (!fits(rest)) {
        const characters = [...rest];
        let count = 1;
        while (count < characters.length && fits(characters.slice(0, count + 1).join(''))) count += 1;
        lines.push(characters.slice(0, count).join(''));
        rest = characters.slice(count).join('');
      }
      line = rest;
    }
    lines.push(line);
  }
  // Blank lines inside a text are kept (paragraphs); those at its end are not.
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * Places `blocks` on as many pages as they need, with `footer(page, pages)` at the foot of each page.
 * No line is wider than its column and none goes below the foot margin: a row or paragraph longer
 * than the space left goes on on the next page, line by line.
 */
export function layoutCopy(
  blocks: readonly CopyBlock[],
  measure: MeasureText,
  footer: (page: number, pages: number) => string,
): PlacedText[][] {
  const left = PAGE.margin;
  const measureWidth = PAGE.width - 2 * PAGE.margin;
  const labelWidth = measureWidth * LABEL_SHARE;
  const valueX = left + labelWidth + GUTTER;
  const valueWidth = measureWidth - labelWidth - GUTTER;
  const top = PAGE.height - PAGE.margin;
  const bottom = PAGE.margin + PAGE.foot;

  const pages: PlacedText[][] = [[]];
  let y = top;
  const current = () => pages[pages.length - 1] as PlacedText[];
  /** Room for a line of `size` points, on a new page when this one is full. */
  const room = (size: number) => {
    if (y - size * LEADING < bottom) {
      pages.push([]);
      y = top;
    }
    y -= size * LEADING;
  };
  const wrap = (text: string, width: number, size: number, bold: boolean) =>
    wrapText(text, (line) => measure(line, size, bold) <= width);
  const put = (text: string, x: number, size: number, bold: boolean, muted: boolean) => {
    if (text) current().push({ text, x, y, size, bold, muted });
  };

  for (const block of blocks) {
    switch (block.kind) {
      case 'title':
      case 'heading': {
        const size = block.kind === 'title' ? SIZES.title : SIZES.heading;
        y -= block.kind === 'heading' ? SIZES.text : 0;
        const lines = wrap(block.text, measureWidth, size, true);
        // A heading is not left alone at the foot of a page: it needs a line of what follows under it.
        if (y - (lines.length * size + SIZES.text) * LEADING < bottom) y = bottom;
        for (const line of lines) {
          room(size);
          put(line, left, size, true, false);
        }
        y -= 4;
        break;
      }
      case 'row': {
        const labels = wrap(block.label, labelWidth, SIZES.text, false);
        const values = wrap(block.value, valueWidth, SIZES.text, false);
        for (let index = 0; index < Math.max(labels.length, values.length); index += 1) {
          room(SIZES.text);
          put(labels[index] ?? '', left, SIZES.text, false, true);
          put(values[index] ?? '', valueX, SIZES.text, false, false);
        }
        y -= 3;
        break;
      }
      case 'stacked': {
        const size = block.small ? SIZES.small : SIZES.text;
        room(SIZES.text);
        put(block.label, left, SIZES.text, false, true);
        for (const line of wrap(block.value, measureWidth, size, false)) {
          room(size);
          put(line, left, size, false, false);
        }
        y -= 3;
        break;
      }
      case 'paragraph':
        for (const line of wrap(block.text, measureWidth, SIZES.text, false)) {
          room(SIZES.text);
          put(line, left, SIZES.text, false, false);
        }
        y -= 3;
        break;
    }
  }
  return pages.map((placed, index) => [
    ...placed,
    { text: footer(index + 1, pages.length), x: left, y: PAGE.margin, size: SIZES.foot, bold: false, muted: true },
  ]);
}
