/**
 * Standard formats and list shapes round-trip from the browser to the server and back: a scaffolded
 * service gains a time of day (`format: "time"`), an opening time (`iso-time`), a moment
 * (`date-time`), an e-mail and a web address, a `uuid`, a `duration`, a place as a tuple and a
 * required list of people (tests/standard-form/standard-formats.ts). An applicant in Kigali
 * (UTC+02:00) fills them in with the browser's own inputs; the server stores what the validator
 * accepts (the time with its offset, the moment in UTC), the view reads them with their zone, and a
 * returned application shows the same clock, day and rows in its form and is sent again unchanged.
 * The service is scaffolded into the copy ninth-service.test.ts adds its service to (added-services.ts):
 * one build for both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FORMAT_ANSWERS } from '../standard-form/standard-formats';
import { addedServicesCopy, OPEN_BURNING } from './added-services';
import {
  apiCall,
  loginThroughUi,
  newAccount,
  registerThroughApi,
  resubmitCorrected,
  listedApplication,
  submitApplication,
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

const SERVICE_ID = OPEN_BURNING.id;

describe('standard formats from the browser to the server and back', () => {
  const files = mkdtempSync(join(tmpdir(), 'ecopermit-files-'));
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  const account = newAccount('Aline', 'Mukamana');

  beforeAll(async () => {
    product = await startProduct((await addedServicesCopy()).env);
    await registerThroughApi(product, account);
    browser = await launchBrowser();
    // Kigali keeps UTC+02:00 all year, so the stored offset is known.
    page = await (await browser.newContext({ timezoneId: 'Africa/Kigali' })).newPage();
    page.setDefaultTimeout(PATIENCE_MS);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  /** The stored application of the service: its id, number and record. */
  async function stored(): Promise<{ id: number; appId: string; record: Record<string, unknown> }> {
    const item = await listedApplication(page, product, SERVICE_ID);
    const detail = await apiCall<Record<string, unknown>>(product, 'GET', `application/${item.id}`, {
      token: item.token,
    });
    return {
      id: item.id,
      appId: item.app_id,
      record: detail.data[OPEN_BURNING.record] as Record<string, unknown>,
    };
  }

  it("stores each format as the validator accepts it, from the browser's own inputs", async () => {
    await screenshotOnFailure(page, 'standard-formats-apply', async () => {
      await loginThroughUi(page, product, account.email, account.password);
      await page.goto(`${product.baseUrl}/${OPEN_BURNING.key}-apply`);
      await page.getByRole('heading', { name: 'Apply | Open Burning Permit' }).waitFor();

      await page.getByLabel(/^Applicant name/).fill('Umurage Recycling Cooperative');
      await page.getByLabel(/^Quantity measure/).selectOption({ label: 'Tonnes' });
      await page
        .getByLabel(/^Quantity/, { exact: false })
        .and(page.locator('input'))
        .fill('12');
      await page.getByRole('radio', { name: 'No' }).check();
      await page.getByLabel(/^Description of the activity/).fill('Burning of dry crop residues after the harvest.');

      const time = page.getByLabel(/^Time the burning starts/);
      expect(await time.getAttribute('type')).toBe('time');
      await time.fill('10:30');
      await page.getByLabel(/^Opening time of the site/).fill('08:00');
      const notified = page.getByLabel(/^Neighbours notified at/);
      expect(await notified.getAttribute('type')).toBe('datetime-local');
      await notified.fill('2026-12-01T09:15');
      await page.getByLabel(/^Website of the applicant/).fill(FORMAT_ANSWERS.website);
      await page.getByLabel(/^Reference of the fire service notice/).fill(FORMAT_ANSWERS.notice_reference);
      await page.getByLabel(/^Expected duration/).fill(FORMAT_ANSWERS.expected_duration);
      // The tuple's places are questions of their own; the list's first row is there already.
      await page.getByLabel(/^Latitude/).fill(String(FORMAT_ANSWERS.location[0]));
      await page.getByLabel(/^Longitude/).fill(String(FORMAT_ANSWERS.location[1]));
      expect(await page.getByRole('button', { name: 'Delete last row' }).count()).toBe(0);
      await page.getByLabel(/^Name of the person/).fill('Jean Bosco');

      // A malformed address is refused in the page, as the server would refuse it.
      const email = page.getByLabel(/^Contact e-mail/);
      await email.fill('fire.safety at umurage');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('must match format "email"').first().waitFor();
      await email.fill(FORMAT_ANSWERS.contact_email);

      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Supporting document').filter({ visible: true }).first().waitFor();
      await page.locator('input[type=file]').first().setInputFiles(sampleFile(files, 'support.pdf'));
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
      await submitApplication(page);

      const { record } = await stored();
      expect(record).toMatchObject({ ...FORMAT_ANSWERS, has_site: false });
    });
  });

  it('reads them in the view with their zone', async () => {
    await screenshotOnFailure(page, 'standard-formats-view', async () => {
      const { id } = await stored();
      await page.goto(`${product.baseUrl}/view-application-${OPEN_BURNING.key}?appId=${id}`);
      await page.getByRole('table', { name: 'Details' }).getByText('Jean Bosco').waitFor();
      const details = await pairsOf(page.getByRole('table', { name: 'Details' }));
      expect(details).toMatchObject({
        'Time the burning starts': '10:30 (UTC+02:00)',
        'Opening time of the site': '08:00',
        'Neighbours notified at': '2026-12-01 07:15 (UTC)',
        'Contact e-mail': FORMAT_ANSWERS.contact_email,
        'Website of the applicant': FORMAT_ANSWERS.website,
        'Reference of the fire service notice': FORMAT_ANSWERS.notice_reference,
        'Expected duration': 'PT3H',
        'Location of the burning': '-1.9441, 30.0619',
        'People supervising the burning': 'Jean Bosco',
      });
    });
  });

  it('shows the same answers in the form of a returned application, and sends them again unchanged', async () => {
    await screenshotOnFailure(page, 'standard-formats-returned', async () => {
      const { id, appId } = await stored();
      await product.staff('status', appId, '7', '--comment', 'Please add a second supervisor.');
      await page.goto(`${product.baseUrl}/view-application-${OPEN_BURNING.key}?appId=${id}`);
      await page.getByText('Application Returned').waitFor();
      expect(await page.getByLabel(/^Time the burning starts/).inputValue()).toBe('10:30');
      expect(await page.getByLabel(/^Opening time of the site/).inputValue()).toBe('08:00');
      expect(await page.getByLabel(/^Neighbours notified at/).inputValue()).toBe('2026-12-01T09:15');
      expect(await page.getByLabel(/^Latitude/).inputValue()).toBe('-1.9441');
      await page.getByRole('button', { name: 'Add row' }).click();
      await page
        .getByLabel(/^Name of the person/)
        .nth(1)
        .fill('Eric Habimana');
      await resubmitCorrected(page);

      const { record } = await stored();
      expect(record).toMatchObject({
        ...FORMAT_ANSWERS,
        supervisors: [{ name: 'Jean Bosco' }, { name: 'Eric Habimana' }],
      });
    });
  });
});
