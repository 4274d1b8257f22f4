/**
 * Recycled plastics reports in a real browser against the real server: the sidebar entry is hidden
 * until the client submits a plastics authorisation, appears on the way back to the dashboard
 * without a reload, and the page adds an entry that shows in the 'Recycling Data' table and the chart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  addCompanyThroughUi,
  applyForPlastics,
  loginThroughUi,
  newAccount,
  registerThroughUi,
  backToDashboard,
} from './flows';
import { PATIENCE_MS, launchBrowser, screenshotOnFailure, startProduct, type RunningProduct } from './harness';

describe('recycled plastics reports', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  const account = newAccount('Claude', 'Mugisha');
  const companyName = 'Nyabugogo Recycling Ltd';
  const files = mkdtempSync(join(tmpdir(), 'ecopermit-files-'));

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    // Fixed locale: the table and the summary format months and kilograms in the browser's language.
    page = await (await browser.newContext({ locale: 'en-US' })).newPage();
    page.setDefaultTimeout(PATIENCE_MS);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  const sidebar = () => page.getByRole('navigation', { name: 'Sections' });

  it('hides Recycled from a new user', async () => {
    await screenshotOnFailure(page, 'recycled-hidden', async () => {
      await registerThroughUi(page, product, account);
      const checked = page.waitForResponse((r) =>
        r.url().includes('/api/application/check-plastic-bags-authorization/'),
      );
      await loginThroughUi(page, product, account.email, account.password);
      expect((await (await checked).json()).data.has_submitted_auth_plastic_bag).toBe(false);
      await sidebar().getByRole('link', { name: 'Companies' }).waitFor();
      expect(await sidebar().getByRole('link', { name: 'Recycled' }).count()).toBe(0);

      // The address itself explains why the reports are closed.
      await page.goto(`${product.baseUrl}/plastics-recycled`);
      await page.getByText(/^Reports open after your first application/).waitFor();
      expect(await page.getByRole('button', { name: 'Add Entry' }).count()).toBe(0);
      expect(await sidebar().getByRole('link', { name: 'Recycled' }).count()).toBe(0);
    });
  });

  it('shows Recycled once a plastics authorisation is submitted, without a reload', async () => {
    await screenshotOnFailure(page, 'recycled-appears', async () => {
      await addCompanyThroughUi(page, product, {
        name: companyName,
        tin: '109876543',
        telephone: '0788555666',
        email: 'info@nyabugogo.example.org',
      });
      expect(await sidebar().getByRole('link', { name: 'Recycled' }).count()).toBe(0);

      await applyForPlastics(page, product, companyName, files);

      // A marker on the window survives client-side navigation only: it proves no reload happened.
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
      await backToDashboard(page);
      const recycled = sidebar().getByRole('link', { name: 'Recycled' });
      await recycled.waitFor();
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

      await recycled.click();
      await page.waitForURL('**/plastics-recycled');
      await page.getByRole('heading', { name: 'Recycled plastics' }).waitFor();
    });
  });

  it('adds an entry shown in the Recycling Data table and drawn in the chart', async () => {
    await screenshotOnFailure(page, 'recycled-entry', async () => {
      const table = page.getByRole('table', { name: 'Recycling Data' });
      await table.getByText('No entries yet.').waitFor();
      expect(await page.getByTestId('recycled-chart').count()).toBe(0);

      await page.getByRole('button', { name: 'Add Entry' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Entry' });
      await dialog.getByRole('combobox', { name: /^Company/ }).click();
      await page.getByRole('listbox').getByRole('option', { name: companyName, exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await dialog.getByLabel(/^Month/).fill('2026-03');
      await dialog.getByLabel(/^Quantity/).fill('842.5');
      await dialog.getByRole('button', { name: 'Save' }).click();

      await page.getByRole('status').filter({ hasText: 'Entry added successfully!' }).waitFor();
      await dialog.waitFor({ state: 'detached' });

      const row = table.getByRole('row').filter({ hasText: companyName });
      await row.waitFor();
      expect(await row.getByRole('cell').allInnerTexts()).toEqual([companyName, 'March 2026', '842.5 kg']);

      // The chart: an SVG with one bar for the month, and a text summary naming the quantity.
      const chart = page.getByRole('img', { name: 'Recycled quantity per month and company (kg)' });
      await chart.waitFor();
      // The legend's marks are small SVGs too: the bars are the plot's rects.
      const bars = chart.locator('svg rect.MuiBarChart-element');
      await bars.first().waitFor();
      expect(await bars.count()).toBe(1);
      // Bars grow in with an animation: wait for a visible height.
      await expect
        .poll(async () => (await bars.first().boundingBox())?.height ?? 0, { timeout: PATIENCE_MS })
        .toBeGreaterThan(10);
      const summary = page.getByRole('figure', { name: 'Recycled quantity per month and company (kg)' });
      const caption = await summary.locator('figcaption').innerText();
      expect(caption).toContain('842.5 kg');
      expect(caption).toContain(companyName);
      expect(caption).toContain('March 2026');
    });
  });
});
