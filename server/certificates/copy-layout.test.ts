// @module-tag dialect-free: no database.
import { describe, expect, it } from 'vitest';
import { renderApplicationCopyPdf } from './application-copy-pdf';
import { layoutCopy, PAGE, wrapText, type CopyBlock, type MeasureText } from './copy-layout';
import { pdfTextLines } from './pdf-text';

/** A stand-in for a font: every character half as wide as the size (bold a little wider). */
const measure: MeasureText = (text, size, bold) => [...text].length * size * (bold ? 0.6 : 0.5);
const footer = (page: number, pages: number) => `Page ${page} of ${pages}`;

/** A long audit: 60 questions, some with answers of several lines, and its documents. */
function manyRows(): CopyBlock[] {
  const blocks: CopyBlock[] = [{ kind: 'title', text: 'Environmental audit of a very long named facility' }];
  blocks.push({ kind: 'heading', text: 'Details' });
  for (let index = 1; index <= 60; index += 1)
    blocks.push({
      kind: 'row',
      label: `Question ${index} about the activity and its effects on the environment`,
      value:
        index % 3 === 0
          ? `Answer ${index}: ${'the plant treats its waste water before it leaves the site '.repeat(6)}end`
          : `Answer ${index}`,
    });
  blocks.push(
    { kind: 'heading', text: 'Uploaded documents' },
    { kind: 'row', label: 'Report', value: 'report.pdf' },
    { kind: 'stacked', label: 'SHA-256', value: 'ab'.repeat(32), small: true },
  );
  return blocks;
}

describe('wrapText', () => {
  const fits = (width: number) => (line: string) => line.length <= width;

  it('breaks at spaces, keeps the text’s own line breaks, and cuts only a word longer than the line', () => {
    expect(wrapText('one two three four', fits(9))).toEqual(['one two', 'three', 'four']);
    expect(wrapText('first line\nsecond', fits(20))).toEqual(['first line', 'second']);
    expect(wrapText('a 0123456789abcdef b', fits(6))).toEqual(['a', '012345', '6789ab', 'cdef b']);
    expect(wrapText('tab\there\u0007', fits(20))).toEqual(['tab here']);
  });
});

describe('layoutCopy', () => {
  it('puts 60 rows on several pages, no line wider than its column nor below the foot, each page numbered', () => {
    const blocks = manyRows();
    const pages = layoutCopy(blocks, measure, footer);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, index) => {
      expect(page.at(-1)?.text).toBe(`Page ${index + 1} of ${pages.length}`);
      for (const line of page.slice(0, -1)) {
        expect(line.x).toBeGreaterThanOrEqual(PAGE.margin);
        expect(line.x + measure(line.text, line.size, line.bold)).toBeLessThanOrEqual(PAGE.width - PAGE.margin);
        expect(line.y).toBeGreaterThanOrEqual(PAGE.margin + PAGE.foot);
        expect(line.y).toBeLessThanOrEqual(PAGE.height - PAGE.margin);
      }
    });
    // Nothing is lost: every answer's words are there, in order.
    const text = pages.flatMap((page) => page.slice(0, -1).map((line) => line.text)).join(' ');
    for (let index = 1; index <= 60; index += 1) expect(text).toContain(`Answer ${index}`);
    expect(text.indexOf('Answer 59')).toBeLessThan(text.indexOf('Answer 60'));
    expect(text).toContain('ab'.repeat(32));
  });

  it('does not leave a heading alone at the foot of a page', () => {
    const rows: CopyBlock[] = Array.from({ length: 200 }, (_, index) => ({
      kind: 'row',
      label: `Row ${index}`,
      value: 'value',
    }));
    for (let count = 40; count < 80; count += 1) {
      const pages = layoutCopy([...rows.slice(0, count), { kind: 'heading', text: 'Next' }, ...rows], measure, footer);
      const page = pages.find((candidate) => candidate.some((line) => line.text === 'Next'));
      const heading = page?.findIndex((line) => line.text === 'Next') ?? -1;
      expect(page?.[heading + 1]?.text).toBe('Row 0');
    }
  });
});

describe('renderApplicationCopyPdf', () => {
  it('draws the five languages’ letters with the embedded font, on the pages the layout needs', async () => {
    const blocks: CopyBlock[] = [
      ...manyRows(),
      { kind: 'row', label: 'Größe', value: 'Straße, Übersicht' },
      { kind: 'row', label: 'Tamaño', value: 'Año, señal, ¿sí?' },
      { kind: 'row', label: 'Città', value: 'perché è già' },
      { kind: 'row', label: 'Размер', value: 'Разрешение на использование пластика' },
    ];
    const bytes = await renderApplicationCopyPdf({
      title: 'Copy',
      author: 'Authority',
      language: 'ru',
      blocks,
      footer: (page, pages) => `Страница ${page} из ${pages}`,
    });
    const pages = await pdfTextLines(bytes);
    expect(pages.length).toBeGreaterThan(2);
    const lines = pages.flat();
    expect(lines[0]).toBe('Environmental audit of a very long named facility');
    for (const text of [
      'Straße, Übersicht',
      'Año, señal, ¿sí?',
      'perché è già',
      'Разрешение на использование пластика',
    ])
      expect(lines).toContain(text);
    expect(pages.at(-1)?.at(-1)).toBe(`Страница ${pages.length} из ${pages.length}`);
  });
});
