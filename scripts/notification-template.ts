/**
 * The blank notification document of the export licence (`services/export-licence/files/
 * signed-notification-template.pdf`, offered on its documents step): one A4 page with the facts the
 * authority wants the exporter to sign, each with a line to write on, and the declaration.
 * `npx tsx scripts/notification-template.ts` writes the file again after a change here; a test
 * checks the committed file is what this makes. The dates in the file are fixed, so the output is
 * the same on every run.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

export const TEMPLATE_FILE = resolve(
  import.meta.dirname,
  '../services/export-licence/files/signed-notification-template.pdf',
);

/** Sections of the form: a heading and the lines to fill in under it. */
const SECTIONS: Array<[string, string[]]> = [
  ['1. Exporter', ['Company name and TIN', 'Address', 'Contact person, telephone and email']],
  ['2. Importer', ['Name', 'Address', 'Contact person, telephone and email']],
  ['3. Notification', ['Convention (Basel or Rotterdam) and registration number', 'Individual or multiple shipments']],
  [
    '4. Chemical or waste',
    ['Name, trade name and CAS number', 'Waste identification codes (Basel) or HS code', 'D-code or R-code (Basel)'],
  ],
  ['5. Quantity and period', ['Total quantity and measure, number of shipments', 'First and last departure']],
  ['6. Transport', ['Carrier(s), registration number and address', 'Means of transport and packaging']],
  ['7. States concerned', ['State of dispatch', 'States of transit', 'State of destination']],
];

const DECLARATION = [
  'I certify that the information above is complete and correct to the best of my knowledge, that',
  'the movement is covered by the insurance or guarantee required, and that the consent of the',
  'competent authorities of all states concerned has been or will be obtained.',
];

/** The PDF's bytes. */
export async function notificationTemplate(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fixed = new Date('2026-01-01T00:00:00Z');
  pdf.setTitle('Notification document for the export of hazardous chemicals and wastes');
  pdf.setAuthor('Environmental Compliance & Enforcement Division');
  pdf.setCreator('EcoPermit');
  pdf.setProducer('EcoPermit');
  pdf.setCreationDate(fixed);
  pdf.setModificationDate(fixed);
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.35, 0.35, 0.35);
  const left = 50;
  const right = 545;
  // Lines to write on start right of the longest label (228 points at 9 points size).
  const lineStart = 300;
  let y = 790;

  page.drawText('Notification document', { x: left, y, size: 18, font: bold });
  y -= 20;
  page.drawText('Export of hazardous chemicals (Rotterdam Convention) or wastes (Basel Convention)', {
    x: left,
    y,
    size: 10,
    font: regular,
    color: grey,
  });
  y -= 14;
  page.drawText('Fill in, sign and upload with the export licence application.', {
    x: left,
    y,
    size: 10,
    font: regular,
    color: grey,
  });
  y -= 26;
  for (const [heading, lines] of SECTIONS) {
    page.drawText(heading, { x: left, y, size: 11, font: bold });
    y -= 18;
    for (const line of lines) {
      page.drawText(line, { x: left + 10, y, size: 9, font: regular, color: grey });
      page.drawLine({ start: { x: lineStart, y: y - 2 }, end: { x: right, y: y - 2 }, thickness: 0.5, color: grey });
      y -= 20;
    }
    y -= 6;
  }
  page.drawText('8. Declaration of the exporter', { x: left, y, size: 11, font: bold });
  y -= 16;
  for (const line of DECLARATION) {
    page.drawText(line, { x: left + 10, y, size: 9, font: regular });
    y -= 13;
  }
  y -= 14;
  for (const label of ['Name and position', 'Date', 'Signature and company stamp']) {
    page.drawText(label, { x: left + 10, y, size: 9, font: regular, color: grey });
    page.drawLine({ start: { x: lineStart, y: y - 2 }, end: { x: right, y: y - 2 }, thickness: 0.5, color: grey });
    y -= 26;
  }
  return pdf.save({ useObjectStreams: false });
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  writeFileSync(TEMPLATE_FILE, await notificationTemplate());
  console.log(`wrote ${TEMPLATE_FILE}`);
}
