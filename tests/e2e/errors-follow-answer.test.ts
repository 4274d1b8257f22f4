/**
 * Errors follow the answer, in a real browser against the real server: after a refused Next a
 * required field's error goes as soon as the field is filled and left (the others keep theirs), a
 * long text counts down near its maximum length and takes no more than it, and a recycled report for
 * the year 1850 is told the range of months it may be for.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addCompanyThroughUi, applyForPlastics, loginThroughUi, newAccount, registerThroughApi } from './flows';
import { PATIENCE_MS, launchBrowser, screenshotOnFailure, startProduct, type RunningProduct } from './harness';

describe('errors that follow the answer', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  const account = newAccount('Diane', 'Uwase');
  const companyName = 'Kimironko Packaging Ltd';
  const files = mkdtempSync(join(tmpdir(), 'ecopermit-files-'));

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    page = await (await browser.newContext({ locale: 'en-US' })).newPage();
    page.setDefaultTimeout(PATIENCE_MS);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  /** The messages RJSF shows under a field of step 1 (its `__error` list). */
  const errorsOf = (field: string) => page.locator(`[id="root_${field}__error"]`);

  it('clears a required error once the field is filled, and counts down near the maximum length', async () => {
    await screenshotOnFailure(page, 'errors-follow-required', async () => {
      await registerThroughApi(product, account);
      await loginThroughUi(page, product, account.email, account.password);
      await addCompanyThroughUi(page, product, {
        name: companyName,
        tin: '108765432',
        telephone: '0788444555',
        email: 'info@kimironko.example.org',
      });
      await page.goto(`${product.baseUrl}/auth-plastics-apply`);
      await page.getByRole('heading', { name: 'Apply | Authorization to use Plastics' }).waitFor();

      // A fresh form is quiet: leaving a field says nothing.
      const description = page.getByLabel(/^Description/);
      await description.focus();
      await description.blur();
      expect(await errorsOf('description').count()).toBe(0);

      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Please correct the highlighted fields before continuing.').waitFor();
      await errorsOf('description').getByText('This field is required').waitFor();
      await errorsOf('quantity').getByText('This field is required').waitFor();

      // Typed at a human pace, then left: the error goes, the others stay, a screen reader hears it.
      await description.pressSequentially('Carry bags', { delay: 20 });
      await description.blur();
      await errorsOf('description').waitFor({ state: 'detached' });
      expect(await description.getAttribute('aria-invalid')).not.toBe('true');
      await errorsOf('quantity').getByText('This field is required').waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: /^Corrected\. Errors left on the form: \d+\.$/ })
        .waitFor();

      // Emptied again and left: the error is back.
      await description.fill('');
      await description.blur();
      await errorsOf('description').getByText('This field is required').waitFor();

      // Near its 2000 characters the field counts down, described to a screen reader, and takes no more.
      const counter = page.locator('[id="root_description-helper-text"]');
      await description.fill('a'.repeat(1500));
      expect(await counter.isVisible()).toBe(false);
      await description.fill('a'.repeat(1700));
      await counter.getByText('Characters left: 300 of 2000').waitFor();
      expect((await description.getAttribute('aria-describedby'))?.split(' ')).toContain(
        'root_description-helper-text',
      );
      await description.pressSequentially('b'.repeat(310));
      expect((await description.inputValue()).length).toBe(2000);
      await counter.getByText('Characters left: 0 of 2000').waitFor();
      // Filled, the field lost its error when the text reached the form.
      await errorsOf('description').waitFor({ state: 'detached' });
    });
  });

  it('tells a recycled report for 1850 the range of months, not the format', async () => {
    await screenshotOnFailure(page, 'errors-follow-range', async () => {
      // Reports open once an application is submitted.
      await applyForPlastics(page, product, companyName, files);
      await page.goto(`${product.baseUrl}/plastics-recycled`);
      await page.getByRole('button', { name: 'Add Entry' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Entry' });
      await dialog.getByRole('combobox', { name: /^Company/ }).click();
      await page.getByRole('listbox').getByRole('option', { name: companyName, exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await dialog.getByLabel(/^Month/).fill('1850-01');
      await dialog.getByLabel(/^Quantity/).fill('12');
      await dialog.getByRole('button', { name: 'Save' }).click();
      const thisMonth = new Date().toISOString().slice(0, 7);
      const range = `Enter a month from 2000-01 to ${thisMonth}.`;
      await dialog.getByText(range).first().waitFor();
      expect(await dialog.getByText('Enter a month as YYYY-MM.').count()).toBe(0);
    });
  });
});
