/**
 * The Guidance on Product Disposal service (service 2) in a real browser against the real server and
 * database: a new user registers, logs in and adds a company, finds the service on the services page,
 * reads its information page, applies for the company (a Word file refused, the mandatory PDF
 * uploaded), submits, and sees the application on the dashboard and in its view with the detail table.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  applicantWithCompany,
  newAccount,
  storedUser,
  backToDashboard,
  resubmitCorrected,
  submitApplication,
  atApplyRoute,
} from './flows';
import { sampleFile, screenshotOnFailure, startSession, type RunningProduct, type Session } from './harness';

const COMPANY = {
  name: 'Kigali Pharma Distributors',
  tin: '103456789',
  telephone: '0788555123',
  email: 'info@kigalipharma.example.org',
};

describe('guidance on product disposal', () => {
  let session: Session;
  let product: RunningProduct;
  let page: Page;
  let files: string;
  const account = newAccount('Diane', 'Ingabire');
  let applicationId = 0;

  beforeAll(async () => {
    session = await startSession('disposal');
    ({ product, page, files } = session);
  });

  afterAll(async () => session?.stop());

  it('registers, logs in and adds a company', async () => {
    await screenshotOnFailure(page, 'disposal-account', async () => {
      await applicantWithCompany(page, product, account, COMPANY);
    });
  });

  it('finds the service on the services page and opens its information page', async () => {
    await screenshotOnFailure(page, 'disposal-info', async () => {
      await page.goto(`${product.baseUrl}/services`);
      await page.getByRole('link', { name: 'Proceed to Guidance on Product Disposal' }).click();
      await page.waitForURL('**/guidance-disposal');
      await page.getByRole('heading', { name: 'Guidance on Product Disposal', level: 1 }).waitFor();
      await page.getByText('Department: Environmental Compliance & Enforcement Division').waitFor();

      // Steps: the service's documents from service/attachments/2; no fee, validity or processing
      // time, since the specification gives none for this service.
      await page.getByText('List of products to dispose').waitFor();
      await page.getByText('Pictures of the products').waitFor();
      expect(await page.getByRole('table', { name: 'Service facts' }).count()).toBe(0);

      await page.getByRole('tab', { name: 'How to Apply' }).click();
      await page.getByText(/the reason for disposal and where the products are kept/).waitFor();

      await page.getByRole('link', { name: 'Apply Now' }).click();
      await atApplyRoute(page, '/product-disposal-apply');
    });
  });

  it('applies for the company with the mandatory document and submits', async () => {
    await screenshotOnFailure(page, 'disposal-apply', async () => {
      await page.getByRole('heading', { name: 'Apply | Guidance' }).waitFor();

      // Step 1: an empty form does not move on.
      await page.getByRole('heading', { name: 'Application Details' }).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Please correct the highlighted fields before continuing.').waitFor();

      // The applicant type is a named group, one Tab stop, chosen with the arrow keys.
      const applicantType = page.getByRole('radiogroup', { name: /^Applicant type/ });
      const options = applicantType.getByRole('radio');
      expect(await options.count()).toBeGreaterThan(1);
      await options.first().focus();
      await page.keyboard.press('ArrowRight');
      expect(await options.nth(1).isChecked()).toBe(true);
      await page.keyboard.press('ArrowLeft');
      expect(await options.first().isChecked()).toBe(true);
      await page.keyboard.press('Tab');
      expect(await options.nth(1).evaluate((radio) => radio === document.activeElement)).toBe(false);
      expect(await applicantType.evaluate((group) => group.contains(document.activeElement))).toBe(false);

      await page.getByRole('radio', { name: 'Company' }).check();
      await page
        .getByLabel(/^Company/, { exact: false })
        .and(page.locator('select'))
        .selectOption({ label: COMPANY.name });
      // The chosen company's TIN and telephone are shown read-only.
      const tin = page.getByLabel(/^TIN/).and(page.locator('input'));
      await expect.poll(() => tin.inputValue()).toBe(COMPANY.tin);
      expect(await tin.isEditable()).toBe(false);
      await page.getByLabel(/^Company representative/).fill('Diane Ingabire');
      await page.getByLabel(/^Product type/).selectOption({ label: 'Pharmaceutical products' });
      await page.getByLabel(/^Quantity measure/).selectOption({ label: 'Kilograms' });
      await page
        .getByLabel(/^Quantity/, { exact: false })
        .and(page.locator('input'))
        .fill('450');
      await page.getByLabel(/^Reason for disposal/).selectOption({ label: 'Expired' });
      await page.getByLabel(/^Chemical composition/).fill('Paracetamol and amoxicillin tablets in blister packs.');
      await page.getByLabel(/^Origin of the products/).fill('Imported from India by the company.');
      await page.getByLabel(/^Location of the products/).fill('Warehouse at KK 15 Rd, Kicukiro, Kigali');
      await page.getByLabel(/^Description/).fill('Expired medicines withdrawn from pharmacies.');
      await page.getByRole('button', { name: 'Next' }).click();

      // Step 2: pdf and images only; the mandatory list of products is required.
      await page.getByRole('heading', { name: /^List of products to dispose/ }).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Please upload List of products to dispose.').waitFor();
      const listInput = page.getByLabel('Choose a file for List of products to dispose');
      const word = join(files, 'inventory.docx');
      writeFileSync(word, 'PK\u0003\u0004 not really a Word file');
      await listInput.setInputFiles(word);
      await page.getByText('inventory.docx is not an accepted file type.').waitFor();
      await listInput.setInputFiles(sampleFile(files, 'inventory.pdf'));
      await page.getByText(/^inventory\.pdf/).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();

      // Step 3: the summary names the choices, not their ids; then submit.
      await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
      const summary = page.getByRole('table', { name: 'Summary of the application' });
      await summary.getByRole('row', { name: /Reason for disposal\s+Expired/ }).waitFor();
      await summary.getByRole('row', { name: new RegExp(`^Company\\s+${COMPANY.name}`) }).waitFor();
      await summary.getByRole('row', { name: /Product type\s+Pharmaceutical products/ }).waitFor();
      await submitApplication(page);
      await backToDashboard(page);
    });
  });

  it('lists the application on the dashboard and shows it in its view with the details', async () => {
    await screenshotOnFailure(page, 'disposal-view', async () => {
      const row = page.locator('tbody tr').filter({ hasText: 'Guidance on Product Disposal' });
      await row.getByText('SUBMITTED', { exact: true }).waitFor();
      const cells = await row.getByRole('cell').allInnerTexts();
      expect(cells[1]).toBe('Guidance on Product Disposal');

      await row.getByRole('link', { name: /^View application/ }).click();
      await page.waitForURL(/\/view-application-disposal\?appId=\d+$/);
      applicationId = Number(new URL(page.url()).searchParams.get('appId'));
      await page.getByText('Attachments').first().waitFor();
      await page.getByText('inventory.pdf').first().waitFor();

      const details = page.getByRole('table', { name: 'Details' });
      await details.waitFor();
      const texts = await details.getByRole('row').allInnerTexts();
      const pairs = Object.fromEntries(
        texts.map((text) => {
          const [label, ...value] = text.split(/\t|\n/);
          return [label?.trim() ?? '', value.join(' ').trim()];
        }),
      );
      expect(pairs).toEqual({
        'Applicant type': 'Company',
        Company: COMPANY.name,
        'Identification number / TIN': COMPANY.tin,
        Telephone: COMPANY.telephone,
        'Company representative': 'Diane Ingabire',
        'Product type': 'Pharmaceutical products',
        'Quantity measure': 'Kilograms',
        Quantity: '450',
        'Reason for disposal': 'Expired',
        'Chemical composition': 'Paracetamol and amoxicillin tablets in blister packs.',
        'Origin of the products': 'Imported from India by the company.',
        'Location of the products': 'Warehouse at KK 15 Rd, Kicukiro, Kigali',
        Description: 'Expired medicines withdrawn from pharmacies.',
      });

      // Submitted, so read-only: the answers as text, no form.
      expect(await page.getByRole('main').locator('input, textarea, select').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    });
  });

  it('stored the record and the document on the server', async () => {
    const { token } = await storedUser(page);
    const headers = { Authorization: `Bearer ${token}` };
    const detail = await (await fetch(`${product.baseUrl}/api/application/${applicationId}`, { headers })).json();
    expect(detail.data.service_id).toBe(2);
    expect(detail.data.application_status_id).toBe(2);
    expect(detail.data.application_attachments).toHaveLength(1);
    expect(detail.data.application_attachments[0].description).toBe('List of products to dispose');
    expect(detail.data.guidance_disposal).toMatchObject({
      is_company: true,
      company_name: COMPANY.name,
      tin: COMPANY.tin,
      contact_telephone: COMPANY.telephone,
      disposal_product_type_name: 'Pharmaceutical products',
      disposal_reason_name: 'Expired',
      measure_name: 'Kilograms',
      quantity: 450,
    });
  });

  it('is returned by staff, corrected and re-submitted, and the dashboard says Re-Submitted', async () => {
    await screenshotOnFailure(page, 'disposal-returned', async () => {
      const { token } = await storedUser(page);
      const headers = { Authorization: `Bearer ${token}` };
      const before = await (await fetch(`${product.baseUrl}/api/application/${applicationId}`, { headers })).json();
      const appId = String(before.data.app_id);
      await product.staff('status', appId, '7', '--comment', 'State the quantity in tonnes, please.');

      await page.goto(`${product.baseUrl}/dashboard`);
      const row = page.locator('tbody tr').filter({ hasText: appId });
      await row.getByText('RETURNED', { exact: true }).waitFor();
      await row.getByRole('link', { name: `View application ${appId}` }).click();
      const returned = page.getByRole('alert').filter({ hasText: 'Application Returned' });
      await returned.getByText('State the quantity in tonnes, please.').waitFor();

      await page.getByLabel(/^Quantity measure/).selectOption({ label: 'Tonnes' });
      const quantity = page
        .getByLabel(/^Quantity/, { exact: false })
        .and(page.locator('input'))
        .first();
      await quantity.fill('0.5');
      await resubmitCorrected(page);

      await page.goto(`${product.baseUrl}/dashboard`);
      await page.locator('tbody tr').filter({ hasText: appId }).getByText('Re-Submitted', { exact: true }).waitFor();
      const after = await (await fetch(`${product.baseUrl}/api/application/${applicationId}`, { headers })).json();
      expect(after.data).toMatchObject({ application_status_id: 2, resubmitted: true });
      expect(after.data.guidance_disposal).toMatchObject({ measure_name: 'Tonnes', quantity: 0.5 });
    });
  });
});
