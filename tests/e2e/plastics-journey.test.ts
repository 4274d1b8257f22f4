/**
 * The walking skeleton's journey in a real browser against the real server and database: a new user
 * registers, confirms the OTP, sets a password, logs in, adds a company, applies for the plastics
 * authorisation with two uploaded files, and sees the application as SUBMITTED on the dashboard.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, sampleFile, screenshotOnFailure, startProduct, type RunningProduct } from './harness';

describe('plastics authorisation journey', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  const email = `grace.${Date.now()}@example.org`;
  const password = 'Str0ng-passw0rd';
  const files = mkdtempSync(join(tmpdir(), 'ecopermit-files-'));

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    page = await browser.newPage();
    page.setDefaultTimeout(15_000);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('registers with an OTP, sets a password and logs in', async () => {
    await screenshotOnFailure(page, 'register', async () => {
      await page.goto(`${product.baseUrl}/register`);
      const since = product.logLineCount();
      await page.getByLabel(/^First name/).fill('Grace');
      await page.getByLabel(/^Last name/).fill('Mukamana');
      await page.getByLabel(/^Phone number/).fill('0781234567');
      await page.getByLabel(/^Email/).fill(email);
      await page.getByRole('button', { name: 'Register' }).click();

      const otp = await product.otpFor(email, since);
      await page.getByLabel(/^Verification code/).fill(otp);
      await page.getByRole('button', { name: 'Confirm' }).click();

      await page.getByLabel(/^Password/).fill(password);
      await page.getByLabel(/^Confirm password/).fill(password);
      await page.getByRole('button', { name: 'Save password' }).click();
      await page.getByRole('link', { name: 'Go to login' }).click();

      await page.getByLabel(/^Email or phone/).fill(email);
      await page.getByLabel(/^Password/).fill(password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL('**/dashboard');
      await expect(page.getByText('Your Applications')).toBeTruthy();
    });
  });

  it('adds a company', async () => {
    await screenshotOnFailure(page, 'company', async () => {
      await page.goto(`${product.baseUrl}/companies`);
      await page.getByRole('button', { name: 'Add Company' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(/^Company name/).fill('Green Packaging Ltd');
      await dialog.getByRole('combobox', { name: /^Company category/ }).click();
      await page.getByRole('option').nth(1).click();
      await dialog.getByRole('combobox', { name: /^Registration type/ }).click();
      await page.getByRole('option', { name: 'Company', exact: true }).click();
      await dialog.getByLabel(/^TIN/).fill('123456789');
      await dialog.getByLabel(/^Telephone/).fill('0788000111');
      await dialog.getByLabel(/^Email/).fill('info@greenpack.example.org');
      await dialog.getByLabel(/^Activities/).fill('Packaging of food products');
      await dialog.getByLabel(/^Address/).fill('KG 11 Ave, Kigali');
      await dialog.getByLabel(/^Contact person name/).fill('Jean Habimana');
      await dialog.getByLabel(/^Contact person job title/).fill('Director');
      await dialog.getByLabel(/^Contact person phone/).fill('0788000222');
      await dialog.getByLabel(/^Contact person email/).fill('jean@greenpack.example.org');
      await dialog.getByRole('radio', { name: 'No' }).check();
      await dialog.getByRole('button', { name: 'Register' }).click();
      await page.getByText('Registration successful!').waitFor();
      await page.getByRole('cell', { name: 'Green Packaging Ltd', exact: true }).waitFor();
    });
  });

  it('applies for the plastics authorisation with two files and sees it SUBMITTED', async () => {
    await screenshotOnFailure(page, 'plastics', async () => {
      await page.goto(`${product.baseUrl}/auth-plastics-apply`);
      await page.getByRole('heading', { name: 'Apply | Authorization to use Plastics' }).waitFor();

      // Step 1: an empty form does not move on.
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Please correct the highlighted fields before continuing.').waitFor();

      await page.getByRole('radio', { name: 'Company' }).check();
      await page
        .getByLabel(/^Company/, { exact: false })
        .and(page.locator('select'))
        .selectOption({ label: 'Green Packaging Ltd' });
      await page.getByLabel(/^Plastic type/).selectOption({ label: 'Plastic carry bags' });
      await page.getByRole('radio', { name: 'Import plastic carry bags' }).check();
      await page.getByLabel(/^Country of origin/).selectOption({ label: 'Kenya' });
      await page.getByLabel(/^Quantity measure/).selectOption({ label: 'Kilograms' });
      await page
        .getByLabel(/^Quantity/, { exact: false })
        .and(page.locator('input'))
        .fill('250');
      await page.getByLabel(/^Application area/).selectOption({ label: 'Food Packaging' });
      await page.getByRole('checkbox').first().check();
      await page.getByRole('radio', { name: 'Local Sale' }).check();
      await page.getByLabel(/^Description/).fill('Carry bags for our food packaging line.');
      await page.getByRole('button', { name: 'Next' }).click();

      // Step 2: the service's two documents.
      await page.getByText('Company registration certificate').first().waitFor();
      const inputs = page.locator('input[type=file]');
      await inputs.nth(0).setInputFiles(sampleFile(files, 'certificate.pdf'));
      await inputs.nth(1).setInputFiles(sampleFile(files, 'sample.png'));
      await page.getByRole('button', { name: 'Next' }).click();

      // Step 3: confirm and submit.
      await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Application succesfully submitted').waitFor({ timeout: 30_000 });
      await page.getByRole('link', { name: 'Back' }).click();

      await page.waitForURL('**/dashboard');
      await page.locator('tbody tr').getByText('SUBMITTED', { exact: true }).waitFor();
      const submittedCard = page.getByRole('article', { name: 'SUBMITTED' });
      await submittedCard.getByText('1', { exact: true }).waitFor();

      const rows = page.locator('tbody tr');
      expect(await rows.count()).toBe(1);
      expect(await rows.first().innerText()).toContain('SUBMITTED');
    });
  });

  it('stored both files and the record on the server', async () => {
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').token as string);
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id as number);
    const headers = { Authorization: `Bearer ${token}` };
    const list = await (await fetch(`${product.baseUrl}/api/clients/applications/${user}`, { headers })).json();
    const id = list.data.items[0].id as number;
    const detail = await (await fetch(`${product.baseUrl}/api/application/${id}`, { headers })).json();
    expect(detail.data.application_status_id).toBe(2);
    expect(detail.data.application_attachments).toHaveLength(2);
    expect(detail.data.auth_plastic_bags.plastic_type_name).toBe('Plastic carry bags');
    expect(detail.data.auth_plastic_bags.import).toBe(true);
  });
});
