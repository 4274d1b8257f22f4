/**
 * Accessibility of every route, checked with axe-core (WCAG 2.1 A and AA rules) in Chromium on the
 * real product: landing, login, register, forgot password, dashboard, services, a service's info page,
 * the wizard (empty, with its validation errors, its documents and confirm steps, the success panel),
 * an application's view, companies with the dialog open, the profile (as text and in edit), the work
 * queues, a page that does not exist, and the German dashboard. Every other service's info page and
 * step 1 are checked by keyboard.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { violations } from './axe';
import { addCompanyThroughUi, applyForPlastics, loginThroughUi, newAccount, registerThroughApi } from './flows';
import { PATIENCE_MS, launchBrowser, screenshotOnFailure, startProduct, type RunningProduct } from './harness';

describe('accessibility (axe, WCAG 2.1 AA)', () => {
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const files = mkdtempSync(join(tmpdir(), 'ecopermit-files-'));

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    context = await browser.newContext();
    page = await context.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  it('public screens', async () => {
    await screenshotOnFailure(page, 'a11y-public', async () => {
      await page.goto(`${product.baseUrl}/`);
      await page.getByRole('button', { name: 'Show More' }).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.goto(`${product.baseUrl}/login`);
      await page.getByRole('button', { name: 'Login' }).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.goto(`${product.baseUrl}/register`);
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByText('Enter a 10 digit phone number.', { exact: true }).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.goto(`${product.baseUrl}/forgot-password`);
      await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
      expect(await violations(page)).toEqual([]);
    });
  });

  it('signed-in screens and the wizard', async () => {
    await screenshotOnFailure(page, 'a11y-signed-in', async () => {
      const account = newAccount('Aline', 'Ingabire');
      await registerThroughApi(product, account);
      await loginThroughUi(page, product, account.email, account.password);
      await addCompanyThroughUi(page, product, {
        name: 'Akagera Crafts',
        tin: '555666777',
        telephone: '0788555666',
        email: 'info@akagera.example.org',
      });
      await page.goto(`${product.baseUrl}/dashboard`);
      await page.getByRole('heading', { name: 'Your Applications' }).waitFor();
      expect(await violations(page)).toEqual([]);

      // The skip link is the first stop and lands on the content below the fixed top bar, not under it.
      await page.setViewportSize({ width: 1280, height: 400 });
      await page.reload();
      await page.getByRole('heading', { name: 'Your Applications' }).waitFor();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
      const [barBottom, contentTop] = await page.evaluate(() => [
        document.querySelector('header')?.getBoundingClientRect().bottom ?? 0,
        document.getElementById('main-content')?.getBoundingClientRect().top ?? 0,
      ]);
      expect(contentTop).toBeGreaterThanOrEqual(barBottom - 1);
      await page.setViewportSize({ width: 1280, height: 720 });

      await page.goto(`${product.baseUrl}/services`);
      await page.getByRole('heading', { name: 'Services' }).first().waitFor();
      expect(await violations(page)).toEqual([]);

      await page.goto(`${product.baseUrl}/auth-plastics`);
      await page.getByRole('tab', { name: 'Steps' }).waitFor();
      expect(await violations(page)).toEqual([]);

      await page.goto(`${product.baseUrl}/companies`);
      await page.getByRole('button', { name: 'Add Company' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Register' }).click();
      await page.getByRole('dialog').getByText('This field is required').first().waitFor();
      expect(await violations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto(`${product.baseUrl}/auth-plastics-apply`);
      await page.getByRole('heading', { name: 'Application Details' }).waitFor();
      // Next is held until the form's validator is there; judged once it is (its colour then settles).
      await page.locator('button:has-text("Next"):not([disabled])').waitFor();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Please correct the highlighted fields before continuing.').waitFor();
      expect(await violations(page)).toEqual([]);

      // The documents and confirm steps, the success panel, then the application's view.
      await applyForPlastics(page, product, 'Akagera Crafts', files, async () => {
        expect(await violations(page)).toEqual([]);
      });
      expect(await violations(page)).toEqual([]);
      await page.goto(`${product.baseUrl}/dashboard`);
      await page
        .getByRole('link', { name: /^View application/ })
        .first()
        .click();
      await page.getByRole('table', { name: 'Details' }).waitFor();
      expect(await violations(page)).toEqual([]);

      await page.goto(`${product.baseUrl}/profile`);
      await page.getByRole('heading', { name: 'Profile' }).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByLabel(/^First name/).waitFor();
      expect(await violations(page)).toEqual([]);

      await page.goto(`${product.baseUrl}/env-audit-menu`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await violations(page)).toEqual([]);

      // The recycled reports, which a submitted plastics application unlocks.
      await page.goto(`${product.baseUrl}/plastics-recycled`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await violations(page)).toEqual([]);

      await page.goto(`${product.baseUrl}/no-such-page`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await violations(page)).toEqual([]);
    });
  });

  it('the German dashboard', async () => {
    await screenshotOnFailure(page, 'a11y-german', async () => {
      await page.evaluate(() => localStorage.setItem('lang', 'de'));
      await page.goto(`${product.baseUrl}/dashboard`);
      await page.getByRole('heading', { name: 'Ihre Anträge' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      expect(await violations(page)).toEqual([]);
    });
  });
});
