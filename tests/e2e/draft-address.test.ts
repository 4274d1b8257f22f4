/**
 * A draft in the address, its files kept as they are chosen: once the wizard's draft exists the
 * address names it (and the step shown), so a reload, a phone's refresh and the browser's Back come
 * back to the same step with every answer and file; a file chosen on step 2 goes to the draft at once,
 * so an applicant who leaves right after finds it in the continued draft, listed on the confirm step,
 * and Remove takes it out of the draft.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  addCompanyThroughUi,
  apiCall,
  fillPlasticsStepOne,
  loginThroughUi,
  newAccount,
  registerThroughApi,
  storedUser,
} from './flows';
import {
  PATIENCE_MS,
  launchBrowser,
  sampleFile,
  screenshotOnFailure,
  startProduct,
  type RunningProduct,
} from './harness';

const COMPANY = { name: 'Huye Crafts', tin: '556677880', telephone: '0788111555', email: 'hello@crafts.example.org' };

describe('a draft in the address', () => {
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const files = mkdtempSync(join(tmpdir(), 'ecopermit-draft-address-files-'));

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    context = await browser.newContext();
    page = await context.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    const account = newAccount('Jean', 'Habimana');
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
  async function offered(on: Page = page): Promise<Array<{ application_id: number; files: number }>> {
    const user = await storedUser(on);
    return (
      await apiCall<Array<{ application_id: number; files: number }>>(product, 'GET', 'client/drafts', {
        token: user.token,
      })
    ).data;
  }

  async function discardDrafts(): Promise<void> {
    const user = await storedUser(page);
    for (const draft of await offered())
      await apiCall(product, 'DELETE', `client/application/${draft.application_id}`, { token: user.token });
  }

  // Each test starts with no draft, whatever the one before left.
  afterEach(discardDrafts);

  /** Fills step 1 of the plastics form for the company, describing it with `description`. */
  const fillStepOne = (on: Page, description: string) =>
    fillPlasticsStepOne(on, COMPANY.name, { quantity: '80', description });

  /** From the apply page: step 1 filled, on to step 2, the certificate chosen and kept in the draft. */
  async function toDocumentsWithCertificate(on: Page, description: string): Promise<number> {
    await on.getByRole('heading', { name: 'Apply | Authorization to use Plastics' }).waitFor();
    await fillStepOne(on, description);
    // The draft's id reaches the address once the draft exists.
    await on.waitForURL(/\/auth-plastics-apply\?application_id=\d+$/);
    const id = Number(new URL(on.url()).searchParams.get('application_id'));
    await on.getByRole('button', { name: 'Next' }).click();
    await on.getByRole('heading', { name: 'Document Uploads' }).waitFor();
    expect(on.url()).toMatch(new RegExp(`/auth-plastics-apply\\?application_id=${id}&step=documents$`));
    await on.locator('input[type=file]').nth(0).setInputFiles(sampleFile(files, 'certificate.pdf'));
    // Sent to the draft at once, not on Next.
    await on.getByText('Saved in your draft.').waitFor();
    return id;
  }

  /** The documents step of draft `id` as a continued draft shows it: the certificate already there. */
  async function expectDocumentsStep(on: Page, id: number): Promise<void> {
    await on.getByRole('heading', { name: 'Document Uploads' }).waitFor();
    await on.getByText('Already uploaded: certificate.pdf').waitFor();
    expect(on.url()).toMatch(new RegExp(`/view-application\\?appId=${id}&step=documents$`));
  }

  it('comes back to the same step with its answers and file after a reload and a phone refresh', async () => {
    await screenshotOnFailure(page, 'draft-address-reload', async () => {
      await page.goto(`${product.baseUrl}/auth-plastics-apply`);
      const description = 'Reloaded bags: every answer kept across a reload.';
      const id = await toDocumentsWithCertificate(page, description);

      await page.reload();
      await expectDocumentsStep(page, id);
      // Step 1 holds every answer.
      await page.getByRole('button', { name: 'Previous' }).click();
      await page.getByLabel(/^Description/).waitFor();
      expect(await page.getByLabel(/^Description/).inputValue()).toBe(description);
      expect(await page.getByRole('radio', { name: 'Company' }).isChecked()).toBe(true);
      await page.waitForURL(new RegExp(`/view-application\\?appId=${id}$`));
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
      await page.waitForURL(/&step=confirm$/);

      // A phone opens the same address (signed in as the same applicant) and refreshes it.
      const phone = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        storageState: await context.storageState(),
      });
      try {
        const onPhone = await phone.newPage();
        onPhone.setDefaultTimeout(PATIENCE_MS);
        await onPhone.goto(page.url());
        await onPhone.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
        await onPhone.reload();
        await onPhone.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
        await onPhone.getByText(description).waitFor();
        await onPhone.getByText('Company registration certificate: certificate.pdf (already uploaded)').waitFor();
        expect(await onPhone.getByText('No documents chosen.').count()).toBe(0);
      } finally {
        await phone.close();
      }
    });
  }, 120_000);

  it("returns to the same step with the browser's Back, and Back again leaves the wizard", async () => {
    await screenshotOnFailure(page, 'draft-address-back', async () => {
      await page.goto(`${product.baseUrl}/auth-plastics`);
      await page.getByRole('link', { name: 'Apply Now' }).click();
      const id = await toDocumentsWithCertificate(page, 'Bags left for the dashboard and back.');

      // Another page of the portal, reached within it; then the browser's Back.
      await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
      await page.waitForURL('**/dashboard');
      // The dashboard drawn, as the applicant sees it before pressing Back: the address changes first,
      // and while the dashboard's code still loads the wizard stays on screen, and stays, if Back comes
      // before it is replaced.
      await page.getByRole('heading', { name: 'Your Applications' }).waitFor();
      await page.goBack();
      await expectDocumentsStep(page, id);
      // The steps replaced the address instead of adding to the history: Back leaves the wizard.
      await page.goBack();
      await page.waitForURL(/\/auth-plastics$/);
    });
  }, 120_000);

  it('keeps a file chosen just before leaving: the continued draft has it, the confirm step lists it, Remove deletes it', async () => {
    await screenshotOnFailure(page, 'draft-address-leave', async () => {
      await page.goto(`${product.baseUrl}/auth-plastics-apply`);
      await toDocumentsWithCertificate(page, 'Bags whose certificate was chosen just before leaving.');
      // The page is closed without Next.
      await page.close();
      page = await context.newPage();
      page.setDefaultTimeout(PATIENCE_MS);
      await page.goto(`${product.baseUrl}/dashboard`);
      expect((await offered())[0]?.files).toBe(1);
      await page.getByRole('link', { name: /^Continue your application, last saved / }).click();
      await page.getByLabel(/^Description/).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Already uploaded: certificate.pdf').waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
      await page.getByText('Company registration certificate: certificate.pdf (already uploaded)').waitFor();
      expect(await page.getByText('No documents chosen.').count()).toBe(0);

      await page.getByRole('button', { name: 'Previous' }).click();
      await page.getByRole('button', { name: 'Remove the file of Company registration certificate' }).click();
      await page.getByText('Already uploaded: certificate.pdf').waitFor({ state: 'detached' });
      await expect.poll(async () => (await offered())[0]?.files, { timeout: PATIENCE_MS }).toBe(0);
    });
  }, 120_000);
});
