/**
 * The export and import licences (services 4 and 3) in a real browser against the real server and
 * database. An exporter registers, adds a company, opens the export licence from its start page,
 * chooses the Basel convention, fills the notification with its waste identification codes and transit
 * rows (adding and deleting rows), downloads the notification template, uploads the documents (a Word
 * file accepted here), submits, and finds the application on the dashboard and in its view with the
 * Basel details and both tables. The same applicant then applies for an import licence under the
 * Rotterdam convention and sees its Rotterdam details at the shared view route. Staff return the
 * export licence; the applicant corrects it at /edit-license-application, in the convention it was
 * submitted with, its rows and codes still there, and re-submits it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  applicantWithCompany,
  newAccount,
  storedUser,
  backToDashboard,
  resubmitCorrected,
  submitApplication,
  atApplyRoute,
} from './flows';
import {
  pairsOf,
  sampleFile,
  screenshotOnFailure,
  startSession,
  type RunningProduct,
  type Session,
  formField,
  answerYesNo,
} from './harness';

const COMPANY = {
  name: 'Great Lakes Recyclers',
  tin: '104567893',
  telephone: '0788444321',
  email: 'contact@greatlakesrecyclers.example.org',
};

/** The rows of a table with a header, as arrays of cell texts. */
async function bodyRows(table: Locator): Promise<string[][]> {
  const rows = table.locator('tbody tr');
  const result: string[][] = [];
  for (let i = 0; i < (await rows.count()); i += 1) result.push(await rows.nth(i).getByRole('cell').allInnerTexts());
  return result;
}

describe('export and import licences', () => {
  let session: Session;
  let product: RunningProduct;
  let page: Page;
  let files: string;
  const account = newAccount('Eric', 'Habimana');
  let exportId = 0;

  beforeAll(async () => {
    session = await startSession('licences');
    ({ product, page, files } = session);
  });

  afterAll(async () => session?.stop());

  const field = (label: RegExp) => formField(page, label);
  const yesNo = (name: RegExp, answer: 'Yes' | 'No') => answerYesNo(page, name, answer);

  it('registers, logs in and adds a company', async () => {
    await screenshotOnFailure(page, 'licences-account', async () => {
      await applicantWithCompany(page, product, account, COMPANY);
    });
  });

  it('opens the export licence from its start page, which shows the department and no fee', async () => {
    await screenshotOnFailure(page, 'licences-info', async () => {
      await page.goto(`${product.baseUrl}/licensing-export`);
      await page.getByRole('heading', { name: 'Export License', level: 1 }).waitFor();
      await page.getByText('Department: Environmental Compliance & Enforcement Division').waitFor();
      await page.getByText('Signed notification document').filter({ visible: true }).first().waitFor();
      expect(await page.getByRole('table', { name: 'Service facts' }).count()).toBe(0);
      // The start page offers the choice of licence type (spec 02): each type its own documents.
      const choice = page.getByRole('navigation', { name: 'Type of licence' });
      expect(await choice.getByRole('link', { name: 'Export License' }).getAttribute('aria-current')).toBe('page');
      await choice.getByRole('link', { name: 'Import License' }).click();
      await page.waitForURL('**/licensing-import');
      await page.getByRole('heading', { name: 'Import License', level: 1 }).waitFor();
      await page.getByText('Proforma invoice').filter({ visible: true }).first().waitFor();
      await choice.getByRole('link', { name: 'Export License' }).click();
      await page.getByRole('heading', { name: 'Export License', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Apply Now' }).click();
      await atApplyRoute(page, '/licensing-export-apply');
    });
  });

  it('applies under the Basel convention with codes and transit rows, and submits', async () => {
    await screenshotOnFailure(page, 'licences-basel', async () => {
      await page.getByRole('heading', { name: 'Apply | Export License' }).waitFor();
      const convention = page.getByRole('radiogroup', { name: /Convention/ });
      await convention.waitFor();
      // The form comes with the choice.
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Please choose the Convention first.').waitFor();
      await convention.getByLabel('Basel').check();

      await field(/^Company/).selectOption({ label: COMPANY.name });
      await field(/^Chemical name/).fill('Spent lead-acid batteries');
      await field(/^Notification concerning/).selectOption({ label: 'Multiple shipments' });
      await field(/^Purpose/).selectOption({ label: 'Recovery (R operations)' });
      await yesNo(/^Pre-consented recovery facility/, 'Yes');
      await field(/^Number of shipments/).fill('4');
      await field(/^Quantity\s*\*?$/).fill('120');
      await field(/^Quantity measure/).selectOption({ label: 'Tonnes' });
      await field(/^First departure/).fill('2027-02-01');
      await field(/^Last departure/).fill('2027-11-30');
      await field(/^Packaging types/).fill('Acid-proof pallet boxes');
      await yesNo(/^Special handling requirements/, 'Yes');
      await field(/^Composition of the waste/).fill('Lead, lead oxide and sulphuric acid');
      await field(/^Physical characteristics/).fill('Solid casings with liquid electrolyte');

      // One code per kind of code; blank kinds are left out.
      const codes = page.getByRole('group', { name: /^Waste identification codes/ });
      await codes.getByLabel('Basel Annex VIII (or IX if applicable)').fill(' A1160 ');
      await codes.getByLabel('Y-code (Basel Annex I)').fill('Y31');

      await field(/^Registration number of the intended carrier/).fill('RW-TR-2231');
      await field(/^Carrier name/).fill('Trans-Africa Hauliers');
      await field(/^Carrier address/).fill('KG 9 Ave, Kigali');
      await field(/^Carrier contact person\s*\*?$/).fill('Alice Mukamana');
      await field(/^Carrier contact person email/).fill('alice@transafrica.example.org');
      await field(/^Means of transport/).fill('Road');

      // Three transit rows to begin with; a fourth is added, then deleted again.
      const transit = page.getByRole('group', { name: /^Transit states/ });
      const rows = transit.getByRole('group', { name: /^Row \d+$/ });
      expect(await rows.count()).toBe(3);
      await transit.getByRole('button', { name: 'Add row' }).click();
      await expect.poll(() => rows.count()).toBe(4);
      await transit.getByRole('button', { name: 'Delete last row' }).click();
      await expect.poll(() => rows.count()).toBe(3);
      const row = (n: number) => transit.getByRole('group', { name: `Row ${n}` });
      await row(1).getByLabel('State of dispatch').fill('Rwanda');
      await row(1).getByLabel('State of transit').fill('Tanzania');
      await row(1).getByLabel('State of destination').fill('South Africa');
      // A row begun without its destination is refused, not dropped: what is confirmed is what is saved.
      await row(2).getByLabel('State of dispatch').fill('Rwanda');

      await field(/^D-code \/ R-code/).fill('R4');
      await field(/^Technology employed/).fill('Smelting and refining of lead');
      await field(/^Reason for export/).fill('No lead recycling plant in the country');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Enter the state of destination of this transit row').first().waitFor();
      await row(2).getByLabel('State of dispatch').fill('');
      await page.getByRole('button', { name: 'Next' }).click();

      // Step 2: the template to sign, a Word file accepted for the signed notification.
      await page.getByRole('heading', { name: 'Document Uploads' }).waitFor();
      const template = page.getByRole('link', { name: 'Signed notification document template' });
      const href = await template.getAttribute('href');
      const download = await fetch(new URL(href ?? '', page.url()));
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toContain('application/pdf');
      expect(
        Buffer.from(await download.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');

      await page
        .getByLabel('Choose a file for Material safety data sheet')
        .setInputFiles(sampleFile(files, 'msds.pdf'));
      const signed = join(files, 'notification.docx');
      writeFileSync(signed, 'PK\u0003\u0004 signed notification');
      await page.getByLabel('Choose a file for Signed notification document').setInputFiles(signed);
      await page.getByText(/^notification\.docx/).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
      const summary = page.getByRole('table', { name: 'Summary of the application' });
      await summary.getByRole('row', { name: /^Convention\s+Basel/ }).waitFor();
      await summary.getByRole('row', { name: /Purpose\s+Recovery \(R operations\)/ }).waitFor();
      await summary.getByRole('row', { name: /Waste identification codes\s+Basel Annex VIII/ }).waitFor();
      await submitApplication(page);
      await backToDashboard(page);
    });
  });

  it('lists it on the dashboard and shows the Basel details with both tables', async () => {
    await screenshotOnFailure(page, 'licences-basel-view', async () => {
      const row = page.locator('tbody tr').filter({ hasText: 'Export License' });
      await row.getByText('SUBMITTED', { exact: true }).waitFor();
      await row.getByRole('link', { name: /^View application/ }).click();
      await page.waitForURL(/\/view-application-export\?appId=\d+$/);
      exportId = Number(new URL(page.url()).searchParams.get('appId'));
      await page.getByRole('heading', { name: /^Export License: application \S+$/, level: 1 }).waitFor();

      const details = await pairsOf(page.getByRole('table', { name: 'Details' }));
      expect(details).toMatchObject({
        Convention: 'Basel',
        'Chemical name': 'Spent lead-acid batteries',
        'Notification concerning': 'Multiple shipments',
        Purpose: 'Recovery (R operations)',
        'Pre-consented recovery facility': 'Yes',
        'Number of shipments': '4',
        Quantity: '120',
        'Quantity measure': 'Tonnes',
        'First departure': '2027-02-01',
        'Last departure': '2027-11-30',
        'D-code / R-code': 'R4',
      });
      // What was not answered is not listed.
      expect(details['Registration number']).toBeUndefined();
      expect(await bodyRows(page.getByRole('table', { name: 'Waste identification codes' }))).toEqual([
        ['Basel Annex VIII (or IX if applicable)', 'A1160'],
        ['Y-code (Basel Annex I)', 'Y31'],
      ]);
      expect(await bodyRows(page.getByRole('table', { name: 'Transit states' }))).toEqual([
        ['Rwanda', 'Tanzania', 'South Africa'],
      ]);
    });
  });

  it('applies for an import licence under the Rotterdam convention and shows it at the shared view route', async () => {
    await screenshotOnFailure(page, 'licences-rotterdam', async () => {
      await page.goto(`${product.baseUrl}/licensing-import-apply`);
      await page.getByRole('heading', { name: 'Apply | Import License' }).waitFor();
      await page
        .getByRole('radiogroup', { name: /Convention/ })
        .getByLabel('Rotterdam')
        .check();

      await field(/^Company/).selectOption({ label: COMPANY.name });
      await field(/^Registration number/).fill('ROT-2027-011');
      await field(/^State of dispatch/).selectOption({ label: 'Belgium' });
      await field(/^Chemical common name/).fill('Paraquat dichloride');
      await field(/^Chemical international name/).fill('1,1′-dimethyl-4,4′-bipyridinium dichloride');
      await field(/^CAS number/).fill('1910-42-5');
      await yesNo(/^Listed in Annex III/, 'Yes');
      await field(/^Harmonized System customs code/).fill('3808.93');
      await field(/^Quantity\s*\*?$/).fill('2000');
      await field(/^Quantity measure/).selectOption({ label: 'Litres' });
      await field(/^Number of shipments/).fill('2');
      await field(/^Trade name/).fill('Gramoxone');
      await field(/^Description and identity of the preparation/).fill('Soluble concentrate, 200 g/l');
      await field(/^Expected date of export/).fill('2027-03-15');
      await field(/^Foreseen category of use/).fill('Herbicide for tea plantations');
      await field(/^Importer \/ exporter name/).fill(COMPANY.name);
      await field(/^Importer \/ exporter address/).fill('KK 15 Rd, Kigali');
      await field(/^Importer \/ exporter email/).fill(COMPANY.email);
      await field(/^Importer \/ exporter telephone/).fill(COMPANY.telephone);
      await field(/^Hazard classification/).fill('Acute toxicity category 2');
      await field(/^Information on hazards and risks/).fill('Fatal if inhaled');
      await field(/^Precautionary measures/).fill('Wear respiratory protection');
      await field(/^Additional information/).fill('Stored in a locked chemical store');
      await field(/^Summary of physico-chemical/).fill('Highly water soluble, persistent in soil');
      await field(/^Reference\s*\*?$/).fill('PIC Circular LIII');
      await field(/^Summary of the final regulatory action/).fill('Severely restricted in the exporting state');
      await page.getByRole('radio', { name: 'Pesticide' }).check();
      await field(/^Uses prohibited or severely restricted/).fill('Use by small-scale farmers');
      await field(/^Reference to the regulatory document/).fill('Royal Decree 2019/114');
      await field(/^Country of the designated national authority/).selectOption({ label: 'Belgium' });
      await field(/^Address of the designated national authority/).fill('Place Victor Horta 40, Brussels');
      await field(/^Email of the designated national authority/).fill('pic@health.example.org');
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByRole('heading', { name: 'Document Uploads' }).waitFor();
      // The import licence has no template to sign.
      expect(await page.getByRole('link', { name: 'Signed notification document template' }).count()).toBe(0);
      await page.getByLabel('Choose a file for Material safety data sheet').setInputFiles(sampleFile(files, 'sds.pdf'));
      await page.getByLabel('Choose a file for Proforma invoice').setInputFiles(sampleFile(files, 'invoice.png'));
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
      await submitApplication(page);
      await backToDashboard(page);

      const row = page.locator('tbody tr').filter({ hasText: 'Import License' });
      await row.getByText('SUBMITTED', { exact: true }).waitFor();
      // Only a returned application has an edit link.
      expect(await row.getByRole('link', { name: /^Edit application/ }).count()).toBe(0);
      await row.getByRole('link', { name: /^View application/ }).click();
      await page.waitForURL(/\/view-application-export\?appId=\d+$/);
      await page.getByRole('heading', { name: /^Import License: application \S+$/, level: 1 }).waitFor();
      const details = await pairsOf(page.getByRole('table', { name: 'Details' }));
      expect(details).toMatchObject({
        Convention: 'Rotterdam',
        'Chemical common name': 'Paraquat dichloride',
        'CAS number': '1910-42-5',
        'Regulatory category': 'Pesticide',
      });
      expect(details['Importer / exporter fax']).toBeUndefined();
      expect(await page.getByRole('table', { name: 'Transit states' }).count()).toBe(0);
    });
  });

  it('stored both records, the rows and the documents on the server', async () => {
    const { token } = await storedUser(page);
    const headers = { Authorization: `Bearer ${token}` };
    const get = async (path: string) =>
      (await (await fetch(`${product.baseUrl}/api/${path}`, { headers })).json()).data;
    const detail = await get(`application/${exportId}`);
    expect(detail.service_id).toBe(4);
    expect(detail.rotterdam_convention).toBeNull();
    expect(detail.basel_convention).toMatchObject({
      chemicals_name: 'Spent lead-acid batteries',
      discovery_code: 'R4',
    });
    expect(detail.application_attachments.map((a: { description: string }) => a.description).sort()).toEqual([
      'Material safety data sheet',
      'Signed notification document',
    ]);
    expect(await get(`transit-states/${exportId}`)).toEqual([
      { state_of_dispatch: 'Rwanda', state_of_transit: 'Tanzania', state_of_destination: 'South Africa' },
    ]);
    const codes = (await get(`waste-identifications-applicant/${exportId}`)) as Array<Record<string, unknown>>;
    expect(codes.map((code) => code.code)).toEqual(['A1160', 'Y31']);
  });

  it('corrects the returned export licence at its edit route, in its convention, and re-submits it', async () => {
    await screenshotOnFailure(page, 'licences-returned', async () => {
      const { token } = await storedUser(page);
      const detail = await (
        await fetch(`${product.baseUrl}/api/application/${exportId}`, { headers: { Authorization: `Bearer ${token}` } })
      ).json();
      await product.staff('status', detail.data.app_id, '7', '--comment', 'Add the transit through Zambia.');

      await page.goto(`${product.baseUrl}/dashboard`);
      const row = page.locator('tbody tr').filter({ hasText: 'Export License' });
      await row.getByText('RETURNED', { exact: true }).waitFor();
      await row.getByRole('link', { name: /^Edit application/ }).click();
      await page.waitForURL(/\/edit-license-application\?appId=\d+$/);
      await page.getByRole('heading', { name: 'Edit | Export License', level: 1 }).waitFor();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Application Returned' })
        .getByText('Add the transit through Zambia.')
        .waitFor();
      // The convention is fixed: no choice, the Basel form with what was saved.
      expect(await page.getByRole('radiogroup', { name: /Convention/ }).count()).toBe(0);
      expect(await field(/^Chemical name/).inputValue()).toBe('Spent lead-acid batteries');
      const codes = page.getByRole('group', { name: /^Waste identification codes/ });
      expect(await codes.getByLabel('Y-code (Basel Annex I)').inputValue()).toBe('Y31');
      const transit = page.getByRole('group', { name: /^Transit states/ });
      const rows = transit.getByRole('group', { name: /^Row \d+$/ });
      // A long form draws its lower fields when the page is idle: wait for the saved row to be drawn.
      await rows.first().waitFor();
      expect(await rows.count()).toBe(1);
      await transit.getByRole('button', { name: 'Add row' }).click();
      await expect.poll(() => rows.count()).toBe(2);
      const second = transit.getByRole('group', { name: 'Row 2' });
      await second.getByLabel('State of dispatch').fill('Rwanda');
      await second.getByLabel('State of transit').fill('Zambia');
      await second.getByLabel('State of destination').fill('South Africa');
      await resubmitCorrected(page);

      await page.goto(`${product.baseUrl}/view-application-export?appId=${exportId}`);
      await page.getByRole('table', { name: 'Transit states' }).waitFor();
      expect(await bodyRows(page.getByRole('table', { name: 'Transit states' }))).toEqual([
        ['Rwanda', 'Tanzania', 'South Africa'],
        ['Rwanda', 'Zambia', 'South Africa'],
      ]);
    });
  });
});
