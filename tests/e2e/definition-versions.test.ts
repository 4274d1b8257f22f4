/**
 * A new version of a service ships while applications of the old one are under review: an application
 * submitted under version 1 is still shown, corrected and accepted with version 1 after version 2 (which
 * asks a new required question) is built and started on the same data, and a new application is asked
 * the new question. The version is made as an analyst makes it (`services:version`, then JSON).
 * Version 1 is the repository's services as they are, served with the repository's portal build; only
 * version 2 has a portal built of its own.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { servicesCheck } from '../../scripts/services-check';
import { startNextVersion } from '../../scripts/services-version';
import {
  apiCall,
  applicantWithSubmittedPlastics,
  loginThroughUi,
  newAccount,
  resubmitCorrected,
  storedUser,
} from './flows';
import {
  PATIENCE_MS,
  launchBrowser,
  screenshotOnFailure,
  servicesCopy,
  startProduct,
  type RunningProduct,
} from './harness';

describe('a new version of a service', () => {
  const copy = servicesCopy();
  const services = join(copy.root, 'services');
  const files = mkdtempSync(join(tmpdir(), 'ecopermit-files-'));
  const account = newAccount('Aline', 'Uwera');
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  let applicationId = 0;
  let appId = '';

  /** Edits a JSON file of the copied plastics service. */
  const edit = (file: string, change: (value: Record<string, unknown>) => void) => {
    const path = join(services, 'plastics', file);
    const value = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    change(value);
    writeFileSync(path, JSON.stringify(value, null, 2));
  };

  beforeAll(async () => {
    product = await startProduct(copy.env);
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    ({ id: applicationId, appId } = await applicantWithSubmittedPlastics(
      page,
      product,
      account,
      { name: 'Nyungwe Packaging', tin: '555666777', telephone: '0788555666', email: 'hello@nyungwe.example.org' },
      files,
    ));

    // Version 2 ships: a new required question. Built and started on the same data.
    const { dataDir } = product;
    await product.stop({ keepData: true });
    await startNextVersion(services, 'plastics');
    edit('schema.json', (schema) => {
      (schema.properties as Record<string, unknown>).purpose = {
        type: 'string',
        title: 'Purpose of the packaging',
        minLength: 1,
        maxLength: 200,
      };
      (schema.required as string[]).push('purpose');
    });
    edit('ui.json', (ui) => (ui['ui:order'] as string[]).push('purpose'));
    expect(servicesCheck(services).problems).toEqual([]);
    product = await startProduct(copy.ownPortal, { dataDir });
    await loginThroughUi(page, product, account.email, account.password);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    rmSync(copy.root, { recursive: true, force: true });
    rmSync(files, { recursive: true, force: true });
  });

  it('corrects a returned application of version 1 with version 1, without the new question', async () => {
    await screenshotOnFailure(page, 'versions-returned', async () => {
      await product.staff('status', appId, '7', '--comment', 'Please check the quantity.');
      await page.goto(`${product.baseUrl}/view-application?appId=${applicationId}`);
      await page.getByText('Application Returned').waitFor();
      await page
        .getByLabel(/^Description/)
        .first()
        .waitFor();
      expect(await page.getByLabel(/^Purpose of the packaging/).count()).toBe(0);
      await resubmitCorrected(page);

      const user = await storedUser(page);
      const detail = await apiCall<{ application_status_id: number; definition_version: number }>(
        product,
        'GET',
        `application/${applicationId}`,
        { token: user.token },
      );
      expect(detail.data.application_status_id).toBe(2);
      expect(detail.data.definition_version).toBe(1);
    });
  });

  it('asks a new application the question of version 2', async () => {
    await screenshotOnFailure(page, 'versions-new', async () => {
      await page.goto(`${product.baseUrl}/auth-plastics-apply`);
      await page.getByLabel(/^Purpose of the packaging/).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('This field is required').first().waitFor();
    });
  });
});
