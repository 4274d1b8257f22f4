/**
 * The applicant's copy of a submitted application as a PDF: the blocks of `copy-layout.ts` drawn
 * with DejaVu Sans, embedded (only the glyphs used), since the standard PDF fonts cannot write the
 * portal's Cyrillic (Russian) nor every accented letter. The fonts ship beside this file (`fonts/`,
 * with their licence), read once.
 */
import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont } from 'pdf-lib';
import { layoutCopy, PAGE, type CopyBlock } from './copy-layout';

export type { CopyBlock } from './copy-layout';

/** What a copy says, its texts already in the reader's language. */
export interface ApplicationCopyDocument {
  /** The PDF's title (document properties). */
  title: string;
  /** The PDF's author: the authority. */
  author: string;
  /** The language of the texts (BCP 47), for readers of the document. */
  language: string;
  blocks: CopyBlock[];
  /** The line at the foot of each page (its number among the pages). */
  footer: (page: number, pages: number) => string;
}

const fontFile = (name: string) => new URL(`./fonts/${name}`, import.meta.url);
let fontBytes: Promise<[Buffer, Buffer]> | undefined;

/** The regular and bold faces' files, read on the first copy and kept. */
function fonts(): Promise<[Buffer, Buffer]> {
  fontBytes ??= Promise.all([readFile(fontFile('DejaVuSans.ttf')), readFile(fontFile('DejaVuSans-Bold.ttf'))]);
  // A failed read is tried again on the next copy rather than remembered.
  fontBytes.catch(() => {
    fontBytes = undefined;
  });
  return fontBytes;
}

const INK = rgb(0, 0, 0);
const MUTED = rgb(0.33, 0.33, 0.33);

/** Renders a copy: A4 pages, as many as its blocks need. */
export async function renderApplicationCopyPdf(document: ApplicationCopyDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const [regularBytes, boldBytes] = await fonts();
  const regular = await pdf.embedFont(regularBytes, { subset: true });
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  pdf.setTitle(document.title);
  pdf.setAuthor(document.author);
  pdf.setLanguage(document.language);
  pdf.setCreator('EcoPermit');

  const face = (isBold: boolean): PDFFont => (isBold ? bold : regular);
  const pages = layoutCopy(
    document.blocks,
    (text, size, isBold) => face(isBold).widthOfTextAtSize(text, size),
    document.footer,
  );
  for (const placed of pages) {
    const page = pdf.addPage([PAGE.width, PAGE.height]);
    for (const line of placed)
      page.drawText(line.text, {
        x: line.x,
        y: line.y,
        size: line.size,
        font: face(line.bold),
        color: line.muted ? MUTED : INK,
      });
  }
  return pdf.save();
}
