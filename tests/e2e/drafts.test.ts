/**
 * Drafts kept for their applicant: step 1's answers are saved as they are typed and a chosen file is
 * sent to the draft when it is chosen, so an applicant who closes the page comes back
 * through the dashboard's 'Continue your application' to their answers and file, and submits; a
 * draft offered on the information page can be discarded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  fillPlasticsStepOne,
  addCompanyThroughUi,
  apiCall,
  loginThroughUi,
  newAccount,
  registerThroughApi,
  storedUser,
  submitApplication,
} from './flows';
import {
  PATIENCE_MS,
  launchBrowser,
  sampleFile,
  screenshotOnFailure,
  startProduct,
  type RunningProduct,
} from './harness';

const COMPANY = { name: 'Musanze Wraps', tin: '556677889', telephone: '0788111444', email: 'hello@wraps.example.org' };
const DESCRIPTION = 'Carry bags for our bakery, kept in a draft while we gather the documents.';

describe('drafts', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  const files = mkdtempSync(join(tmpdir(), 'ecopermit-drafts-files-'));

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    // A context of its own: the page is closed and another opened in it, as a tab of the same browser.
    page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    const account = newAccount('Claudine', 'Ingabire');
    await registerThroughApi(product, account);
    await loginThroughUi(page, product, account.email, account.password);
    await addCompanyThroughUi(page, product, COMPANY);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  /** The client's drafts as the API offers them. */
  async function offered(): Promise<Array<{ application_id: number; files: number; has_answers: boolean }>> {
    const user = await storedUser(page);
    return (
      await apiCall<Array<{ application_id: number; files: number; has_answers: boolean }>>(
        product,
        'GET',
        'client/drafts',
        { token: user.token },
      )
    ).data;
  }

  /** Fills step 1 of the plastics form for the company (every required answer). */
  const fillStepOne = () => fillPlasticsStepOne(page, COMPANY.name, { quantity: '120', description: DESCRIPTION });

  it('keeps the answers and the file of a closed page, continued from the dashboard and submitted', async () => {
    await screenshotOnFailure(page, 'drafts-continue', async () => {
      await page.goto(`${product.baseUrl}/auth-plastics-apply`);
      await page.getByRole('heading', { name: 'Apply | Authorization to use Plastics' }).waitFor();
      await fillStepOne();
      // Saved a moment after the typing stops, before the applicant leaves the step.
      await page.getByText(/^Saved at /).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByText('Company registration certificate').filter({ visible: true }).first().waitFor();
      await page.locator('input[type=file]').nth(0).setInputFiles(sampleFile(files, 'certificate.pdf'));
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
      // The chosen file went to the draft.
      await expect.poll(async () => (await offered())[0]?.files, { timeout: PATIENCE_MS }).toBe(1);

      // The page is closed; the applicant comes back later in a new one.
      const context = page.context();
      await page.close();
      page = await context.newPage();
      page.setDefaultTimeout(PATIENCE_MS);
      await page.goto(`${product.baseUrl}/dashboard`);
      await page.getByRole('heading', { name: 'Unfinished applications' }).waitFor();
      // Drafts are not in the applications table nor its counts.
      expect(await page.getByTestId('stat-all_applications-value').textContent()).toBe('0');
      await page.getByRole('link', { name: /^Continue your application, last saved / }).click();

      await page.getByLabel(/^Description/).waitFor();
      expect(await page.getByLabel(/^Description/).inputValue()).toBe(DESCRIPTION);
      expect(await page.getByRole('radio', { name: 'Company' }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(/Already uploaded: certificate\.pdf/).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
      await submitApplication(page);

      expect(await offered()).toEqual([]);
      const user = await storedUser(page);
      const list = await apiCall<{ items: Array<{ id: number }> }>(product, 'GET', `clients/applications/${user.id}`, {
        token: user.token,
      });
      expect(list.data.items).toHaveLength(1);
    });
  }, 120_000);

  it('discards a draft offered on the information page, after a confirmation', async () => {
    await screenshotOnFailure(page, 'drafts-discard', async () => {
      await page.goto(`${product.baseUrl}/auth-plastics`);
      await page.getByRole('link', { name: 'Apply Now' }).click();
      await page.getByLabel(/^Description/).fill('A draft to be thrown away.');
      await page.getByText(/^Saved at /).waitFor();
      const [draft] = await offered();
      if (!draft) throw new Error('the draft is not offered');

      await page.goto(`${product.baseUrl}/auth-plastics`);
      await page.getByRole('link', { name: /^Continue your application, last saved / }).waitFor();
      await page.getByRole('button', { name: /^Discard the draft of / }).click();
      const dialog = page.getByRole('dialog', { name: 'Discard this draft?' });
      await dialog.getByRole('button', { name: 'Discard' }).click();
      // Gone from the server, then from the page (the link may leave the page for a moment earlier, while
      // the list is read again).
      await expect.poll(offered, { timeout: PATIENCE_MS }).toEqual([]);
      await page.getByRole('link', { name: /^Continue your application/ }).waitFor({ state: 'detached' });
      const user = await storedUser(page);
      expect((await apiCall(product, 'GET', `application/${draft.application_id}`, { token: user.token })).status).toBe(
        404,
      );
    });
  }, 60_000);
});
