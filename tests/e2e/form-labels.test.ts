/**
 * The shrunk label of an outlined field or select (a filled field's label, on its top border) shows
 * whole, in the wizard's long forms and in the dialogs' forms: the browser hits the label itself at
 * the top of its box, so nothing above it (the row above, a clipping container) covers it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { loginThroughUi, newAccount, registerThroughApi } from './flows';
import { PATIENCE_MS, launchBrowser, screenshotOnFailure, startProduct, type RunningProduct } from './harness';

/**
 * The shrunk labels inside `scope` that the browser does not find at their top centre (each scrolled
 * into view first), with what it finds there instead; an empty list when every one shows whole.
 */
async function coveredLabels(scope: Locator): Promise<string[]> {
  const labels = scope.locator('label.MuiInputLabel-shrink');
  const count = await labels.count();
  expect(count).toBeGreaterThan(0);
  const covered: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const label = labels.nth(i);
    await label.scrollIntoViewIfNeeded();
    const hit = await label.evaluate((element) => {
      const box = element.getBoundingClientRect();
      // One pixel under the box's top edge: the top half is what was hidden.
      const found = document.elementFromPoint(box.left + box.width / 2, box.top + 1);
      return found === element || (found !== null && element.contains(found))
        ? null
        : `${element.textContent ?? ''} -> ${found?.tagName ?? 'nothing'}.${found?.className ?? ''}`;
    });
    if (hit) covered.push(hit);
  }
  return covered;
}

/** Fills every empty text field and text area of `scope` that takes typing with `text`. */
async function fillTextFields(scope: Locator, text: string): Promise<void> {
  const fields = scope.locator('input[type=text]:not([readonly]), textarea:not([readonly]):not([aria-hidden])');
  const count = await fields.count();
  for (let i = 0; i < count; i += 1) {
    const field = fields.nth(i);
    if ((await field.isVisible()) && (await field.isEditable()) && (await field.inputValue()) === '')
      await field.fill(text);
  }
}

describe('shrunk labels of outlined fields and selects', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  const account = newAccount('Aline', 'Uwase');

  beforeAll(async () => {
    product = await startProduct();
    await registerThroughApi(product, account);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(PATIENCE_MS);
    await loginThroughUi(page, product, account.email, account.password);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it("show whole in the wizard's long form, fields and selects", async () => {
    await screenshotOnFailure(page, 'form-labels-wizard', async () => {
      await page.goto(`${product.baseUrl}/auth-plastics-apply`);
      await page.getByRole('heading', { name: 'Apply | Authorization to use Plastics' }).waitFor();
      await page.getByRole('radio', { name: 'Individual' }).check();
      await page.getByLabel(/^Plastic type/).selectOption({ label: 'Plastic carry bags' });
      await page.getByLabel(/^Quantity measure/).selectOption({ label: 'Kilograms' });
      await fillTextFields(page.locator('form'), '12');
      // A select's label and a text field's label are among those checked.
      const form = page.locator('form');
      await form.locator('label.MuiInputLabel-shrink', { hasText: 'Plastic type' }).waitFor();
      await form.locator('label.MuiInputLabel-shrink', { hasText: 'Description' }).waitFor();
      expect(await coveredLabels(form)).toEqual([]);
    });
  });

  it("show whole in a dialog's form", async () => {
    await screenshotOnFailure(page, 'form-labels-dialog', async () => {
      await page.goto(`${product.baseUrl}/companies`);
      await page.getByRole('button', { name: 'Add Company' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: /^Company category/ }).click();
      await page.getByRole('option').nth(1).click();
      await fillTextFields(dialog, 'Kigali');
      await dialog.locator('label.MuiInputLabel-shrink', { hasText: 'Company name' }).waitFor();
      expect(await coveredLabels(dialog)).toEqual([]);
    });
  });
});
