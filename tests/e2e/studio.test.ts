/**
 * The analyst studio in the browser, on a copy of services/ and fixtures/ (STUDIO=open): a fixture's
 * steps, calls and messages in every language; a file changed on disk shows without a reload, and a
 * broken one is named with its file. The copy is there to be changed without touching the repository;
 * the studio's page reads every definition through the studio's API, from the copy as it is on disk
 * now, so the portal served is the repository's own build (the copy is identical to it at the start).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { violations } from './axe';
import {
  PATIENCE_MS,
  launchBrowser,
  screenshotOnFailure,
  servicesCopy,
  startProduct,
  type RunningProduct,
} from './harness';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('the analyst studio', () => {
  const copy = servicesCopy();
  const root = copy.root;
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    product = await startProduct({ STUDIO: 'open', ...copy.env });
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(PATIENCE_MS);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it("shows a fixture's steps, its calls and its messages in every language", async () => {
    await screenshotOnFailure(page, 'studio-fixture', async () => {
      await page.goto(`${product.baseUrl}/studio`);
      await page.getByRole('heading', { name: 'Service studio' }).waitFor();
      await page.getByText('No problems in the definitions.').waitFor();
      await page.getByText('Version 1', { exact: true }).waitFor();
      await page.getByRole('combobox', { name: 'Fixture' }).click();
      await page.getByRole('option', { name: /^bad-id-number\.json/ }).click();

      await page.getByRole('tab', { name: 'Messages in every language' }).click();
      await page.getByText('The errors are those the fixture expects.').waitFor();
      const messages = page.getByRole('table', { name: 'Messages in every language' });
      await messages.getByText('Your ID number must be 16 digits!').waitFor();
      await messages.getByText('Ihre Ausweisnummer muss aus 16 Ziffern bestehen!').waitFor();

      await page.getByRole('tab', { name: 'Server calls' }).click();
      await page.getByText('POST /api/clients/applications/plastic-bags-authorization').waitFor();
      await page.getByRole('tab', { name: 'Step 1: fields shown' }).click();
      await page
        .getByRole('table', { name: 'Step 1: fields shown' })
        .getByText('Identification number (tin)')
        .waitFor();
      // The live form, with the validators the studio's API made from the files on disk.
      const tin = page.getByRole('textbox', { name: /^Identification number/ });
      expect(await tin.inputValue()).toBe('12345');
      const description = page.getByRole('textbox', { name: /^Description/ });
      await description.fill('Lotion bottles for a market stall');
      await description.blur();
      await expect
        .poll(() => page.getByRole('textbox', { name: 'Form data (JSON)' }).inputValue())
        .toContain('"description": "Lotion bottles for a market stall"');
      expect(await violations(page)).toEqual([]);
      // The wizard's own documents step: a file of a kind the slot does not take is refused, a PDF kept.
      await page.getByRole('tab', { name: 'Step 2: documents' }).click();
      const slot = page.getByLabel(/^Choose a file for Company registration certificate/);
      await slot.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
      await page.getByText('notes.txt is not an accepted file type.').waitFor();
      await slot.setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
      await page.getByText('certificate.pdf', { exact: false }).first().waitFor();
      expect(await page.getByText('notes.txt is not an accepted file type.').count()).toBe(0);
      // The view's own answers, with the chosen document.
      await page.getByRole('tab', { name: 'View' }).click();
      await page.getByRole('table', { name: 'Details' }).getByText('Lotion bottles for a market stall').waitFor();
      await page.getByRole('button', { name: /Company registration certificate/ }).waitFor();
      expect(await violations(page)).toEqual([]);
      // The wizard's confirm step with the typed answer and the names of the chosen options.
      await page.getByRole('tab', { name: 'Step 3: confirm' }).click();
      // In the summary's table (the form data's text box holds the same words).
      await page.getByRole('cell', { name: 'Lotion bottles for a market stall' }).waitFor();
      await page.getByRole('cell', { name: 'Creams and lotions' }).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('tab', { name: 'Step 1: fields shown' }).click();
    });
  });

  it('follows a change on disk without a reload, and names a broken file', async () => {
    await screenshotOnFailure(page, 'studio-live', async () => {
      await page.evaluate(() => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
      });
      const schemaFile = join(root, 'services', 'plastics', 'schema.json');
      const schema = readFileSync(schemaFile, 'utf8');
      writeFileSync(schemaFile, schema.replace('"title": "Identification number"', '"title": "National ID number"'));
      await page.getByRole('table', { name: 'Step 1: fields shown' }).getByText('National ID number (tin)').waitFor();
      // The live form follows too: its schema (and so its validator) is one the build never saw.
      await page.getByRole('textbox', { name: /^National ID number/ }).waitFor();

      writeFileSync(join(root, 'services', 'disposal', 'ui.json'), '{ "broken": ');
      await page.getByText('services/disposal/ui.json#').waitFor();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    });
  });
});
