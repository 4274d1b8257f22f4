import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderCertificatePdf, toWinAnsi } from './certificate-pdf';

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

describe('toWinAnsi', () => {
  it('keeps Latin-1 letters, drops other accents, replaces the rest', () => {
    expect(toWinAnsi('Müller – Café')).toBe('Müller – Café');
    expect(toWinAnsi('Łukasz Dvořák')).toBe('?ukasz Dvorák');
    expect(toWinAnsi('Ольга')).toBe('?????');
  });
});
