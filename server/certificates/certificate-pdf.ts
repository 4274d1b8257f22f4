/**
 * The document of an approved application: a certificate (one A4 page with the authority, the
 * service, the holder, the application id and approval date) or, for a service that issues a letter
 * (`view.letter`), a letter addressed to the holder with the definition's subject and paragraphs.
 * Both carry a QR code to the verification address, where anyone holding the paper can check it
 * against the authority's records.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';

export interface CertificateFacts {
  appId: string;
  serviceTitle: string;
  department: string;
  holder: string;
  /** ISO date (or date-time) of the approval. */
  approvedAt: string;
  /** Absolute address of the verification call, encoded in the QR code. */
  verifyUrl: string;
  authority: string;
}

const GREEN = rgb(0.106, 0.369, 0.125);
const GREY = rgb(0.35, 0.35, 0.35);

/**
 * The standard PDF fonts only encode Windows-1252: letters with accents are kept when the code page
 * has them, others lose their accent, and anything else becomes '?', so no name can break the PDF.
 */
export function toWinAnsi(text: string): string {
  const cp1252Extras = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || cp1252Extras.includes(ch)) {
      out += ch;
      continue;
    }
    const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
    out += /^[\x20-\x7e]+$/.test(base) ? base : '?';
  }
  return out;
}

function centred(page: PDFPage, text: string, y: number, font: PDFFont, size: number, colour = rgb(0, 0, 0)): void {
  const safe = toWinAnsi(text);
  const width = font.widthOfTextAtSize(safe, size);
  page.drawText(safe, { x: (page.getWidth() - width) / 2, y, size, font, color: colour });
}

/** Splits text into lines that fit `maxWidth` at `size`. */
function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of toWinAnsi(text).split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The verification block at the foot of the page: the QR code and the address under it. */
async function drawVerification(pdf: PDFDocument, page: PDFPage, font: PDFFont, what: string, verifyUrl: string) {
  const qr = await QRCode.toBuffer(verifyUrl, { type: 'png', margin: 1, width: 300, errorCorrectionLevel: 'M' });
  const image = await pdf.embedPng(qr);
  const size = 130;
  page.drawImage(image, { x: (page.getWidth() - size) / 2, y: 120, width: size, height: size });
  centred(page, `Scan to verify this ${what}, or open:`, 100, font, 9, GREY);
  centred(page, verifyUrl, 86, font, 9, GREEN);
}

/** An A4 page size in points. */
const A4: [number, number] = [595.28, 841.89];

/**
 * A new document of the authority about `facts`, titled `title` with `subject`, its first A4 page
 * and the two standard fonts the documents use.
 */
async function newDocument(facts: CertificateFacts, title: string, subject: string) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(toWinAnsi(title));
  pdf.setSubject(toWinAnsi(subject));
  pdf.setAuthor(toWinAnsi(facts.authority));
  pdf.setCreationDate(new Date(facts.approvedAt));
  const page = pdf.addPage(A4);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  return { pdf, page, regular, bold };
}

/** The facts of a letter: those of a certificate, its subject and its paragraphs (placeholders filled). */
export interface LetterFacts extends CertificateFacts {
  subject: string;
  body: string[];
}

/** Renders a letter of approval; the PDF's title and subject carry the application id and the letter's subject. */
export async function renderLetterPdf(facts: LetterFacts): Promise<Uint8Array> {
  const document = await newDocument(facts, `Letter ${facts.appId}`, facts.subject);
  const { pdf, regular, bold } = document;
  let { page } = document;
  const { width, height } = page.getSize();
  const left = 72;
  const measure = width - 2 * left;
  // The verification block keeps the foot of the last page; a long letter goes on to another page.
  const FOOT = 280;
  let y = height - 140;
  const write = (text: string, font: PDFFont, fontSize: number, colour = rgb(0, 0, 0)) => {
    if (y < FOOT) {
      page = pdf.addPage(A4);
      y = height - 72;
    }
    page.drawText(text, { x: left, y, size: fontSize, font, color: colour });
    y -= fontSize + 4;
  };

  page.drawRectangle({ x: 0, y: height - 12, width, height: 12, color: GREEN });
  page.drawText(toWinAnsi(facts.authority.toUpperCase()), {
    x: left,
    y: height - 72,
    size: 14,
    font: bold,
    color: GREEN,
  });
  page.drawText(toWinAnsi(facts.department), { x: left, y: height - 90, size: 10, font: regular, color: GREY });
  write(toWinAnsi(`Date: ${facts.approvedAt.slice(0, 10)}`), regular, 11);
  write(toWinAnsi(`Our reference: ${facts.appId}`), regular, 11);
  y -= 20;
  write('To:', regular, 11, GREY);
  for (const text of wrap(facts.holder, bold, 12, measure)) write(text, bold, 12);
  y -= 16;
  for (const text of wrap(`Subject: ${facts.subject}`, bold, 12, measure)) write(text, bold, 12);
  y -= 12;
  for (const paragraph of facts.body) {
    for (const text of wrap(paragraph, regular, 11, measure)) write(text, regular, 11);
    y -= 10;
  }
  y -= 10;
  write(toWinAnsi(`For the ${facts.authority}`), regular, 11, GREY);
  await drawVerification(pdf, page, regular, 'letter', facts.verifyUrl);
  return pdf.save();
}

/** Renders the certificate; the PDF's title and subject carry the application id for archives. */
export async function renderCertificatePdf(facts: CertificateFacts): Promise<Uint8Array> {
  const { pdf, page, regular, bold } = await newDocument(facts, `Certificate ${facts.appId}`, facts.serviceTitle);
  const { width, height } = page.getSize();

  page.drawRectangle({ x: 28, y: 28, width: width - 56, height: height - 56, borderColor: GREEN, borderWidth: 3 });
  centred(page, facts.authority.toUpperCase(), height - 100, bold, 14, GREEN);
  centred(page, facts.department, height - 120, regular, 11, GREY);
  centred(page, 'CERTIFICATE', height - 190, bold, 32, GREEN);

  let y = height - 250;
  for (const line of wrap(facts.serviceTitle, bold, 18, width - 140)) {
    centred(page, line, y, bold, 18);
    y -= 24;
  }
  y -= 20;
  centred(page, 'This certifies that', y, regular, 12, GREY);
  y -= 30;
  for (const line of wrap(facts.holder, bold, 20, width - 140)) {
    centred(page, line, y, bold, 20);
    y -= 26;
  }
  y -= 10;
  for (const line of wrap(
    'has been granted the authorisation named above by the authority, under the conditions of the approved application.',
    regular,
    12,
    width - 160,
  )) {
    centred(page, line, y, regular, 12, GREY);
    y -= 17;
  }

  const rows: Array<[string, string]> = [
    ['Application ID', facts.appId],
    ['Approved on', facts.approvedAt.slice(0, 10)],
  ];
  y -= 30;
  for (const [label, value] of rows) {
    page.drawText(toWinAnsi(label), { x: 90, y, size: 12, font: regular, color: GREY });
    page.drawText(toWinAnsi(value), { x: 230, y, size: 12, font: bold });
    y -= 22;
  }

  await drawVerification(pdf, page, regular, 'certificate', facts.verifyUrl);
  return pdf.save();
}
