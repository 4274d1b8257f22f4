/**
 * The applicant's own data from the profile, in Chromium: the archive downloads as a ZIP holding their
 * account; closing the account asks for the password and the e-mail, refuses a wrong password in the
 * dialog with what was typed kept, then closes it, signs the browser out and the password no longer
 * signs in (registering again with the same e-mail: tests/api/own-data.test.ts).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import yauzl from 'yauzl';
import { apiCall, loginThroughUi, newAccount, registerThroughApi } from './flows';
import { PATIENCE_MS, launchBrowser, screenshotOnFailure, startProduct, type RunningProduct } from './harness';

/** The names of a ZIP file's entries. */
function entriesOf(path: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(readFileSync(path), { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a ZIP'));
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe("the applicant's own data", () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  const account = newAccount('Claudine', 'Ingabire');

  beforeAll(async () => {
    product = await startProduct();
    await registerThroughApi(product, account);
    browser = await launchBrowser();
    page = await browser.newPage({ acceptDownloads: true });
    page.setDefaultTimeout(PATIENCE_MS);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('downloads everything held about them as one archive from the profile', async () => {
    await screenshotOnFailure(page, 'own-data-download', async () => {
      await loginThroughUi(page, product, account.email, account.password);
      await page.goto(`${product.baseUrl}/profile`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download my data' }).click(),
      ]);
      const path = await download.path();
      expect(readFileSync(path).subarray(0, 2).toString('latin1')).toBe('PK');
      const names = await entriesOf(path);
      expect(names).toEqual(expect.arrayContaining(['README.txt', 'account.json', 'companies.json', 'emails.json']));
    });
  });

  it('closes the account: a wrong password is refused in the dialog, then it is closed and signed out', async () => {
    await screenshotOnFailure(page, 'own-data-close', async () => {
      await page.getByRole('button', { name: 'Close my account…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Close your account?' });
      await dialog.getByText('Kept by the authority:').waitFor();
      const confirmation = dialog.getByLabel(`Type your e-mail address ${account.email} to confirm`);
      await dialog.getByLabel('Your password').fill('Not-the-passw0rd');
      await confirmation.fill(account.email);
      await dialog.getByRole('button', { name: 'Close my account' }).click();
      // Refused by the server: the dialog stays, with the e-mail still typed.
      await expect.poll(() => dialog.getByLabel('Your password').getAttribute('aria-invalid')).toBe('true');
      expect(await confirmation.inputValue()).toBe(account.email);

      await dialog.getByLabel('Your password').fill(account.password);
      await dialog.getByRole('button', { name: 'Close my account' }).click();
      await page.getByRole('heading', { name: 'Your account is closed' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

      const login = await apiCall(product, 'POST', 'clients/login', {
        body: { username: account.email, password: account.password },
      });
      expect(login.status).toBe(401);
    });
  });
});
