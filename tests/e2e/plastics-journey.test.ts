/**
 * The walking skeleton's journey in a real browser against the real server and database: a new user
 * registers, confirms the OTP, sets a password, logs in, adds a company, applies for the plastics
 * authorisation with two uploaded files, and sees the application as SUBMITTED on the dashboard. Its
 * first submission meets the database locked by another process: the applicant is told the database
 * is unavailable and to try again, stays on the confirm step with every answer, and submits again.
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
  storedUser,
  backToDashboard,
} from './flows';
import { PATIENCE_MS, launchBrowser, screenshotOnFailure, startProduct, type RunningProduct } from './harness';
import { lockSqlite } from '../api/sqlite-lock';

describe('plastics authorisation journey', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  const account = newAccount('Grace', 'Mukamana');
  const files = mkdtempSync(join(tmpdir(), 'ecopermit-files-'));

  beforeAll(async () => {
    // A write waits a second for another process's lock before it is answered 503.
    product = await startProduct({ DATABASE_WAIT_SECONDS: '1' });
    browser = await launchBrowser();
    page = await browser.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  it('registers with an OTP, sets a password and logs in', async () => {
    await screenshotOnFailure(page, 'register', async () => {
      await registerThroughUi(page, product, account);
      await loginThroughUi(page, product, account.email, account.password);
    });
  });

  it('adds a company', async () => {
    await screenshotOnFailure(page, 'company', async () => {
      await addCompanyThroughUi(page, product, {
        name: 'Green Packaging Ltd',
        tin: '123456789',
        telephone: '0788000111',
        email: 'info@greenpack.example.org',
      });
    });
  });

  it('applies for the plastics authorisation with two files and sees it SUBMITTED', async () => {
    await screenshotOnFailure(page, 'plastics', async () => {
      await applyForPlastics(page, product, 'Green Packaging Ltd', files, async (step) => {
        if (step !== 'confirm') return;
        const lock = await lockSqlite(join(product.dataDir, 'ecopermit.sqlite'));
        try {
          await page.getByRole('button', { name: 'Submit' }).click();
          await page
            .getByText('The database is unavailable at the moment. Please try again in a few seconds.')
            .waitFor();
        } finally {
          await lock.release();
        }
        // Still on the confirm step, every answer there: Submit again is all it takes.
        await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
        await page.getByText('Carry bags for our food packaging line.').waitFor();
        expect(await page.getByText('server error').count()).toBe(0);
      });
      await backToDashboard(page);
      await page.locator('tbody tr').getByText('SUBMITTED', { exact: true }).waitFor();
      const submittedCard = page.getByRole('article', { name: 'SUBMITTED' });
      await submittedCard.getByText('1', { exact: true }).waitFor();

      const rows = page.locator('tbody tr');
      expect(await rows.count()).toBe(1);
      expect(await rows.first().innerText()).toContain('SUBMITTED');
    });
  });

  it('stored both files and the record on the server', async () => {
    const { id: user, token } = await storedUser(page);
    const headers = { Authorization: `Bearer ${token}` };
    const list = await (await fetch(`${product.baseUrl}/api/clients/applications/${user}`, { headers })).json();
    const id = list.data.items[0].id as number;
    const detail = await (await fetch(`${product.baseUrl}/api/application/${id}`, { headers })).json();
    expect(detail.data.application_status_id).toBe(2);
    expect(detail.data.application_attachments).toHaveLength(2);
    expect(detail.data.auth_plastic_bags.plastic_type_name).toBe('Plastic carry bags');
    expect(detail.data.auth_plastic_bags.item_names).toEqual(['Bread']);
    expect(detail.data.auth_plastic_bags.import).toBe(true);
  });
});
