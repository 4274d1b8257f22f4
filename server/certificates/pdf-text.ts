/**
 * The text lines of a PDF the server draws with pdf-lib, page by page: what a reader of the document
 * sees, for the tests of the certificate, the letter and the application's copy (and anything else
 * the server draws, and the end-to-end tests' downloads). It reads the strings of `Tj` operators: with
 * a standard font pdf-lib writes WinAnsi bytes; with an embedded font (the copy's DejaVu Sans) it
 * writes glyph ids, which the font's `ToUnicode` map turns back into text; literal strings as written.
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  type PDFPage,
} from 'pdf-lib';

function streamsOf(page: PDFPage): PDFRawStream[] {
  const contents = page.node.Contents();
  if (contents instanceof PDFRawStream) return [contents];
  if (contents instanceof PDFArray)
    return contents.asArray().flatMap((ref) => {
      const stream = page.doc.context.lookup(ref);
      return stream instanceof PDFRawStream ? [stream] : [];
    });
  return [];
}

const latin1 = (stream: PDFRawStream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
const utf16be = (hex: string) =>
  String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));

/** A `ToUnicode` CMap's two-byte codes -> text (its `bfchar` entries and `bfrange` ranges). */
function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code = '', text = ''] of (block[1] ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>/g))
      map.set(Number.parseInt(code, 16), utf16be(text));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, low = '', high = '', target = ''] of (block[1] ?? '').matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]*>|\[[^\]]*\])/g,
    )) {
      const from = Number.parseInt(low, 16);
      const to = Number.parseInt(high, 16);
      const targets = target.startsWith('[') ? [...target.matchAll(/<([0-9A-Fa-f]*)>/g)].map((m) => m[1] ?? '') : [];
      for (let code = from; code <= to; code += 1) {
        if (targets.length > 0) map.set(code, utf16be(targets[code - from] ?? ''));
        else {
          // One target: the codes of the range map to consecutive characters from it.
          const first = utf16be(target.slice(1, -1));
          map.set(code, first.slice(0, -1) + String.fromCharCode(first.charCodeAt(first.length - 1) + code - from));
        }
      }
    }
  return map;
}

/** The page's fonts by resource name: the `ToUnicode` map of each embedded (two-byte) font. */
function fontMaps(page: PDFPage): Map<string, Map<number, string>> {
  const maps = new Map<string, Map<number, string>>();
  const lookup = (value: unknown) => (value instanceof PDFRef ? page.doc.context.lookup(value) : value);
  const fonts = lookup(page.node.Resources()?.get(PDFName.of('Font')));
  if (!(fonts instanceof PDFDict)) return maps;
  for (const [name, ref] of fonts.entries()) {
    const font = lookup(ref);
    if (!(font instanceof PDFDict)) continue;
    const toUnicode = lookup(font.get(PDFName.of('ToUnicode')));
    if (font.get(PDFName.of('Subtype')) === PDFName.of('Type0') && toUnicode instanceof PDFRawStream)
      maps.set(name.asString(), toUnicodeMap(latin1(toUnicode)));
  }
  return maps;
}

/** Each page's lines of text, in drawing order. */
export async function pdfTextLines(bytes: Uint8Array): Promise<string[][]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const maps = fontMaps(page);
    const lines: string[] = [];
    let font: Map<number, string> | undefined;
    for (const stream of streamsOf(page)) {
      // The operators in order: a font choice (`/F1 10 Tf`) decides how the strings after it read.
      const operators = /(\/[^\s/<>[\]()]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g;
      for (const match of latin1(stream).matchAll(operators)) {
        if (match[1] !== undefined) {
          font = maps.get(match[1]);
          continue;
        }
        // A literal string (other PDF writers), its escapes undone.
        if (match[3] !== undefined) {
          lines.push(match[3].replace(/\\([\\()])/g, '$1'));
          continue;
        }
        const hex = (match[2] ?? '').replace(/\s/g, '');
        lines.push(
          font
            ? (hex.match(/.{4}/g) ?? []).map((code) => font?.get(Number.parseInt(code, 16)) ?? '\uFFFD').join('')
            : Buffer.from(hex, 'hex').toString('latin1'),
        );
      }
    }
    return lines;
  });
}
