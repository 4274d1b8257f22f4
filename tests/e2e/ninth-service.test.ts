/**
 * A ninth service added as JSON alone, with no code change: `services:new` writes it into a copy of
 * services/ and fixtures/ (a form with a lookup and a yes/no question revealing a field, a required
 * document, the save call), `services:check` accepts it, then the product is built and started on that
 * copy (SERVICES_DIR, LOOKUPS_DIR, STATIC_DIR) and an applicant finds the service on the landing page,
 * applies through the wizard to the success panel (a Word file refused for its PDF-only document), and
 * reads it back from the server and in its view.
 * Its two-phase lifecycle, also JSON alone (tests/lifecycle/site-inspection.ts), runs on: staff book
 * the site inspection with the staff command, the applicant sees the booking on the dashboard and in
 * the view, downloads the plan and sends the signed report.
 * The copy is the one standard-formats.test.ts adds its service to (added-services.ts): one build.
 * (The conformance suite runs on such a copy in scripts/services-new.test.ts.)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { servicesCheck } from '../../scripts/services-check';
import { loadServicesDir } from '../../engine/core/node';
import { INSPECTION } from '../lifecycle/site-inspection';
import { addedServicesCopy, OPEN_BURNING, SECTIONED, TREE_PLANTING } from './added-services';
import {
  apiCall,
  loginThroughUi,
  newAccount,
  registerThroughApi,
  listedApplication,
  submitApplication,
  atApplyRoute,
} from './flows';
import {
  PATIENCE_MS,
  launchBrowser,
  pairsOf,
  sampleFile,
  screenshotOnFailure,
  startProduct,
  type RunningProduct,
} from './harness';

const repository = resolve(fileURLToPath(new URL('../..', import.meta.url)));

describe('a ninth service added as JSON alone', () => {
  const files = mkdtempSync(join(tmpdir(), 'ecopermit-files-'));
  let root = '';
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  const account = newAccount('Eric', 'Habimana');

  // The services of the repository, before the added ones.
  const shipped = loadServicesDir(join(repository, 'services')).definitions.length;

  beforeAll(async () => {
    const copy = await addedServicesCopy();
    root = copy.root;
    product = await startProduct(copy.env);
    await registerThroughApi(product, account);
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(PATIENCE_MS);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  it('passes services:check with the added services counted', () => {
    const check = servicesCheck(join(root, 'services'));
    expect(check.problems).toEqual([]);
    // This service, standard-formats.test.ts's and sectioned-service.test.ts's, in the same copy.
    expect(check.lines.join('\n')).toContain(`${shipped + 3} service(s)`);
    expect(check.lines.join('\n')).toContain(`${TREE_PLANTING.key} (${TREE_PLANTING.id})`);
    expect(check.lines.join('\n')).toContain(`${OPEN_BURNING.key} (${OPEN_BURNING.id})`);
    expect(check.lines.join('\n')).toContain(`${SECTIONED.key} (${SECTIONED.id})`);
  });

  it('is listed on the landing page and applied for through the wizard', async () => {
    await screenshotOnFailure(page, 'ninth-service-apply', async () => {
      await page.goto(`${product.baseUrl}/`);
      await page.getByRole('button', { name: 'Show More' }).click();
      await page.getByRole('heading', { name: 'Tree Planting Permit' }).waitFor();

      await loginThroughUi(page, product, account.email, account.password);
      await page.goto(`${product.baseUrl}/${TREE_PLANTING.key}`);
      await page.getByRole('heading', { level: 1, name: 'Tree Planting Permit' }).waitFor();
      // The info page lists the document the definition asks for, and its steps.
      await page.getByText('Supporting document', { exact: true }).waitFor();
      await page.getByRole('tab', { name: 'How to Apply' }).click();
      await page.getByText('Fill in the application details.').waitFor();
      await page.getByRole('link', { name: 'Apply Now' }).click();
      await atApplyRoute(page, `/${TREE_PLANTING.key}-apply`);
      await page.getByRole('heading', { name: 'Apply | Tree Planting Permit' }).waitFor();

      // The rules come from the JSON: an empty form is refused with its messages.
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Please select Yes or No').first().waitFor();
      expect(await page.getByLabel(/^Address of the site/).count()).toBe(0);

      await page.getByLabel(/^Applicant name/).fill('Umurage Recycling Cooperative');
      await page.getByLabel(/^Quantity measure/).selectOption({ label: 'Tonnes' });
      await page
        .getByLabel(/^Quantity/, { exact: false })
        .and(page.locator('input'))
        .fill('12');
      await page.getByRole('radio', { name: 'Yes' }).check();
      await page.getByLabel(/^Address of the site/).fill('KK 15 Rd, Kicukiro, Kigali');
      await page.getByLabel(/^Description of the activity/).fill('Planting 4,000 seedlings on the hills of Kicukiro.');
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByText('Supporting document').filter({ visible: true }).first().waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Supporting document is required').first().waitFor();
      // The document is a PDF: a Word file is refused, the PDF taken.
      const slot = page.locator('input[type=file]').first();
      const word = join(files, 'support.docx');
      writeFileSync(word, 'PK\u0003\u0004 not really a Word file');
      await slot.setInputFiles(word);
      await page.getByText('support.docx is not an accepted file type.').waitFor();
      await slot.setInputFiles(sampleFile(files, 'support.pdf'));
      await page.getByText(/^support\.pdf/).waitFor();
      expect(await page.getByText('support.docx is not an accepted file type.').count()).toBe(0);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
      await submitApplication(page);
    });
  });

  it('stored the record and the document, and shows them in its view', async () => {
    await screenshotOnFailure(page, 'ninth-service-view', async () => {
      const submitted = await listedApplication(page, product, TREE_PLANTING.id);
      const { token } = submitted;
      const detail = await apiCall<Record<string, unknown>>(product, 'GET', `application/${submitted.id}`, { token });
      expect(detail.data).toMatchObject({
        application_status_id: 2,
        [TREE_PLANTING.record]: {
          applicant_name: 'Umurage Recycling Cooperative',
          quantity_measure_id: 2,
          measure_name: 'Tonnes',
          quantity: 12,
          has_site: true,
          site_address: 'KK 15 Rd, Kicukiro, Kigali',
        },
      });
      const attachments = detail.data.application_attachments as Array<{ description: string }>;
      expect(attachments.map((a) => a.description)).toEqual(['Supporting document']);

      await page.goto(`${product.baseUrl}/view-application-${TREE_PLANTING.key}?appId=${submitted.id}`);
      await page.getByRole('table', { name: 'Details' }).waitFor();
      const details = await pairsOf(page.getByRole('table', { name: 'Details' }));
      expect(details).toMatchObject({
        'Applicant name': 'Umurage Recycling Cooperative',
        'Quantity measure': 'Tonnes',
        'Fixed site': 'Yes',
        'Address of the site': 'KK 15 Rd, Kicukiro, Kigali',
      });
    });
  });

  it('books the site inspection, shows it with its plan, and takes the signed report', async () => {
    await screenshotOnFailure(page, 'ninth-service-lifecycle', async () => {
      const submitted = await listedApplication(page, product, TREE_PLANTING.id);
      const { token } = submitted;
      const appId = submitted.app_id;
      await product.staff(
        INSPECTION.action,
        appId,
        '--file',
        sampleFile(files, 'plan.pdf'),
        '--day',
        '3 December 2026',
      );

      await page.goto(`${product.baseUrl}/dashboard`);
      const row = page.locator('tbody tr').filter({ hasText: appId });
      await row.getByText(INSPECTION.label, { exact: true }).waitFor();
      const fromRow = page.waitForEvent('download');
      await row.getByRole('button', { name: `${INSPECTION.planLabel} (${appId})` }).click();
      expect((await fromRow).suggestedFilename()).toBe(`inspection-plan-${appId}.pdf`);

      await page.goto(`${product.baseUrl}/view-application-${TREE_PLANTING.key}?appId=${submitted.id}`);
      // The second phase's task prompt opens by itself; it can wait.
      const dialog = page.getByRole('dialog', { name: INSPECTION.task });
      await dialog.getByRole('button', { name: 'Later' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(INSPECTION.blockTitle, { exact: true }).waitFor();
      await page.getByText(INSPECTION.blockText('3 December 2026')).waitFor();
      await page
        .getByText('An inspector visits your site on the booked day; send the signed report afterwards.')
        .waitFor();
      const fromView = page.waitForEvent('download');
      await page.getByRole('button', { name: INSPECTION.planLabel, exact: true }).click();
      expect((await fromView).suggestedFilename()).toBe(`inspection-plan-${appId}.pdf`);

      await page.getByRole('button', { name: INSPECTION.taskAction }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Please upload the signed inspection report').first().waitFor();
      await dialog.getByRole('textbox', { name: /^Name of the inspector/ }).fill('Jean Bosco');
      await dialog.getByLabel(`Choose a file for ${INSPECTION.report}`).setInputFiles(sampleFile(files, 'report.pdf'));
      await dialog.getByRole('button', { name: 'Save' }).click();
      // Without reloadAfterMs the view reads the application again at once: back with the authority.
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('UNDER REVIEW', { exact: true }).first().waitFor();
      await page.getByRole('cell', { name: 'Inspection report sent.' }).waitFor();
      const detail = await apiCall<Record<string, unknown>>(product, 'GET', `application/${submitted.id}`, { token });
      expect(detail.data).toMatchObject({
        application_status_id: 3,
        inspection_day: '3 December 2026',
        [INSPECTION.record]: { inspector_name: 'Jean Bosco' },
      });
    });
  });
});
