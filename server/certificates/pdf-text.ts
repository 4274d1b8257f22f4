/**
 * The text lines of a PDF drawn with pdf-lib's standard fonts, page by page: what a reader of the
 * document sees, for the tests of the certificate and the letter (and anything else the server draws).
 * It reads the hex strings of `Tj` operators, the form pdf-lib writes for WinAnsi text.
 */
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';

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

/** Each page's lines of text, in drawing order. */
export async function pdfTextLines(bytes: Uint8Array): Promise<string[][]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) =>
    streamsOf(page).flatMap((stream) => {
      const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      return [...operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) =>
        Buffer.from(match[1] ?? '', 'hex').toString('latin1'),
      );
    }),
  );
}
