/**
 * The copy of a submitted application from its view: 'Download a copy (PDF)' saves the server's PDF,
 * which says what the view says (the service, the number, the status, the answers, the documents
 * with their fingerprints), and in Russian when the portal is in Russian.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { applicantWithSubmittedPlastics, newAccount } from './flows';
import {
  PATIENCE_MS,
  launchBrowser,
  pdfText,
  sampleFile,
  screenshotOnFailure,
  startProduct,
  type RunningProduct,
} from './harness';

describe('a copy of a submitted application', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  let applicationId = 0;
  let appId = '';
  const files = mkdtempSync(join(tmpdir(), 'ecopermit-files-'));

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    page = await browser.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    ({ id: applicationId, appId } = await applicantWithSubmittedPlastics(
      page,
      product,
      newAccount('Aline', 'Uwimana'),
      { name: 'Huye Paper Bags', tin: '112233445', telephone: '0788555666', email: 'hello@huyebags.example.org' },
      files,
    ));
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  /** Clicks the view's button (by keyboard) and reads the saved PDF's text. */
  async function downloadCopy(label: string): Promise<{ name: string; text: string }> {
    const button = page.getByRole('button', { name: label });
    await button.focus();
    const saved = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const download = await saved;
    const text = await pdfText(readFileSync(await download.path()));
    return { name: download.suggestedFilename(), text };
  }

  it('downloads the copy from the view, in English, with the documents’ fingerprints', async () => {
    await screenshotOnFailure(page, 'copy-english', async () => {
      await page.goto(`${product.baseUrl}/view-application?appId=${applicationId}`);
      await page.getByText(appId).first().waitFor();
      const { name, text } = await downloadCopy('Download a copy (PDF)');
      expect(name).toBe(`${appId}.pdf`);
      expect(text).toContain('Authorization to use Plastics');
      expect(text).toContain(`Application number\n${appId}`);
      expect(text).toContain('Status\nSUBMITTED');
      expect(text).toContain('Description\nCarry bags for our food packaging line.');
      expect(text).toContain('Country of origin\nKenya');
      expect(text).toContain('Uploaded documents');
      // The wizard's files, as the browser sent them: the same bytes, the same fingerprint.
      const certificate = readFileSync(sampleFile(files, 'certificate.pdf'));
      expect(text).toContain(`certificate.pdf\nSize\n${certificate.length} B`);
      expect(text).toContain(`SHA-256\n${createHash('sha256').update(certificate).digest('hex')}`);
      expect(text).toContain('sample.png');
      // The button is ready again once the copy is saved.
      await page.getByRole('button', { name: 'Download a copy (PDF)' }).waitFor();
    });
  });

  it('is in Russian when the portal is', async () => {
    await screenshotOnFailure(page, 'copy-russian', async () => {
      await page.evaluate(() => localStorage.setItem('lang', 'ru'));
      await page.goto(`${product.baseUrl}/view-application?appId=${applicationId}`);
      const { text } = await downloadCopy('Скачать копию (PDF)');
      expect(text).toContain('Разрешение на использование пластика');
      expect(text).toContain(`Номер заявки\n${appId}`);
      expect(text).toContain('Статус\nПОДАНО');
      expect(text).toContain('Загруженные документы');
      await page.evaluate(() => localStorage.setItem('lang', 'en'));
    });
  });
});
