// @module-tag dialect-free: no database.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderCertificatePdf, renderLetterPdf, toWinAnsi } from './certificate-pdf';
import { pdfTextLines } from './pdf-text';

describe('renderCertificatePdf', () => {
  it('renders one A4 page whose metadata names the application', async () => {
    const bytes = await renderCertificatePdf({
      appId: 'EP-2026-000042',
      serviceTitle: 'Authorization for the use of Plastics',
      department: 'Environmental Compliance & Enforcement Division',
      holder: 'Green Packaging Ltd',
      approvedAt: '2026-11-20T10:00:00.000Z',
      verifyUrl: 'http://127.0.0.1:8080/api/verify/certificate/EP-2026-000042',
      authority: 'National Environment Authority',
    });
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Certificate EP-2026-000042');
    expect(pdf.getSubject()).toBe('Authorization for the use of Plastics');
    const [page] = pdf.getPages();
    expect(Math.round(page?.getWidth() ?? 0)).toBe(595);
  });

  it('renders names the standard fonts cannot encode instead of failing', async () => {
    const bytes = await renderCertificatePdf({
      appId: 'EP-2026-000043',
      serviceTitle: 'Разрешение',
      department: 'Dept',
      holder: 'Ольга Łukasz Müller',
      approvedAt: '2026-11-20',
      verifyUrl: 'http://localhost/api/verify/certificate/EP-2026-000043',
      authority: 'Authority',
    });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });
});

describe('renderLetterPdf', () => {
  const facts = {
    appId: 'EP-2026-000044',
    serviceTitle: 'Request for a non-objection letter',
    department: 'Advocacy & Multilateral Environment Agreement Monitoring Unit',
    holder: 'Umurage Cooperative',
    approvedAt: '2026-11-20T10:00:00.000Z',
    verifyUrl: 'http://127.0.0.1:8080/api/verify/certificate/abc',
    authority: 'National Environment Authority',
    subject: 'Letter of no objection: Solar pumps for Bugesera',
    body: ['The authority has no objection to the project.', 'It refers to the application.'],
  };

  it('is a letter addressed to the holder with its subject and paragraphs, not a certificate', async () => {
    const bytes = await renderLetterPdf(facts);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe('Letter EP-2026-000044');
    expect(pdf.getSubject()).toBe(facts.subject);
    const [lines] = await pdfTextLines(bytes);
    expect(lines).toEqual([
      'NATIONAL ENVIRONMENT AUTHORITY',
      facts.department,
      'Date: 2026-11-20',
      'Our reference: EP-2026-000044',
      'To:',
      'Umurage Cooperative',
      'Subject: Letter of no objection: Solar pumps for Bugesera',
      'The authority has no objection to the project.',
      'It refers to the application.',
      'For the National Environment Authority',
      'Scan to verify this letter, or open:',
      facts.verifyUrl,
    ]);
    const certificate = (await pdfTextLines(await renderCertificatePdf(facts)))[0];
    expect(certificate).toContain('CERTIFICATE');
    expect(certificate?.join(' ')).toContain('authorisation');
  });

  it('goes on to another page rather than lose a paragraph, the verification on the last', async () => {
    const long = Array.from({ length: 10 }, (_, i) => `Paragraph ${i + 1}: ${'words of the letter '.repeat(45)}`);
    const pages = await pdfTextLines(await renderLetterPdf({ ...facts, body: long }));
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.flat().join(' ');
    for (let i = 1; i <= 10; i += 1) expect(all).toContain(`Paragraph ${i}:`);
    expect(pages.map((lines) => lines.includes('Scan to verify this letter, or open:'))).toEqual(
      pages.map((_, i) => i === pages.length - 1),
    );
  });
});

describe('toWinAnsi', () => {
  it('keeps Latin-1 letters, drops other accents, replaces the rest', () => {
    expect(toWinAnsi('Müller – Café')).toBe('Müller – Café');
    expect(toWinAnsi('Łukasz Dvořák')).toBe('?ukasz Dvorák');
    expect(toWinAnsi('Ольга')).toBe('?????');
  });
});
