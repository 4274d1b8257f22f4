import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { notificationTemplate, TEMPLATE_FILE } from './notification-template';

describe('the notification document template of the export licence', () => {
  it('is the file the script makes (run `npx tsx scripts/notification-template.ts` after a change)', async () => {
    const made = Buffer.from(await notificationTemplate());
    expect(made.equals(readFileSync(TEMPLATE_FILE))).toBe(true);
  });

  it('is a one-page PDF with its title', async () => {
    const pdf = await PDFDocument.load(readFileSync(TEMPLATE_FILE));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Notification document for the export of hazardous chemicals and wastes');
  });
});
