/**
 * The applicant's side of the environmental audit, as environmental-audit.test.ts drives it step by
 * step (where each rule of the form is checked): here in one go, with answers that pass, for the
 * tests that need an audit at a stage — submitted, or in its second phase with the firm's details.
 */
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { atApplyRoute, submitApplication, type CompanyDetails } from './flows';
import { answerYesNo, formField, sampleFile, type RunningProduct } from './harness';

/** What the audit's first step may vary: whether an audit was done before and a ToR drafted (each adds documents). */
export interface AuditProjectChoices {
  auditBefore?: 'Yes' | 'No';
  torDrafted?: 'Yes' | 'No';
}

/**
 * Fills the audit's first step for `company` (added already, with its TIN) on the signed-in
 * applicant's `page`, from the apply route to its Next: a mining project at Bidudu (East), an EIA
 * done, a RAPEP firm identified.
 */
export async function fillAuditProject(
  page: Page,
  baseUrl: string,
  company: CompanyDetails,
  { auditBefore = 'No', torDrafted = 'No' }: AuditProjectChoices = {},
): Promise<void> {
  const field = (label: RegExp) => formField(page, label);
  const optionsOf = async (label: RegExp) => field(label).locator('option').allInnerTexts();
  const choose = async (label: RegExp, option: string) => {
    // Each level's list arrives once the level above is chosen.
    await expect.poll(() => optionsOf(label)).toContain(option);
    await field(label).selectOption({ label: option });
  };
  await page.goto(`${baseUrl}/environmental-audit-apply`);
  await atApplyRoute(page, '/environmental-audit-apply');
  await page.getByRole('heading', { name: 'Apply | Environmental Audit' }).waitFor();

  await field(/^Title of the project/).fill('Rutongo cassiterite mine extension');
  await choose(/^Province/, 'East');
  await choose(/^District/, 'Bugesera');
  await choose(/^Sector\s*\*?$/, 'Gashora');
  await choose(/^Cell/, 'Biryogo');
  await choose(/^Village/, 'Bidudu');
  await field(/^Longitude/).fill('30.2611');
  await field(/^Latitude/).fill('-2.2065');
  await field(/^Zoning of the project/).fill('Mining zone');

  await page.getByRole('radio', { name: 'Private company' }).check();
  await choose(/^Company/, company.name);
  await expect.poll(() => field(/^TIN/).inputValue()).toBe(company.tin);
  await field(/^Year of establishment/).fill('2009');
  await field(/^Date of commencement/).fill('2012-06-01');
  await choose(/^Sector of activity/, 'Mining and quarrying');
  await field(/^Extraction date/).fill('2013-01-15');

  await answerYesNo(page, /^Are the premises owned/, 'Yes');
  await field(/^Dates of ownership/).fill('Since June 2011');
  await field(/^Aims and objectives of the project/).fill('Extract and wash cassiterite ore');
  await field(/^Main activities\s*\*?$/).fill('Open-pit extraction, crushing, gravity separation and washing.');
  await field(/^Main raw materials/).fill('Ore-bearing gravel, water from the settling ponds, diesel.');
  await field(/^Main activities in the project zone/).fill('Subsistence farming and a small trading centre.');
  await field(/^Brief on the key environmental impacts/).fill('Erosion, turbid water downstream, dust.');
  await field(/^Major pollution facilities/).fill('Two settling ponds and a bunded diesel store.');

  await answerYesNo(page, /^Was an environmental impact assessment/, 'Yes');
  await answerYesNo(page, /^Was an environmental audit conducted before/, auditBefore);
  await answerYesNo(page, /^Have you identified a RAPEP firm/, 'Yes');
  await field(/^Name of the firm or expert/).fill('Green Audit Partners');
  await field(/^RAPEP registration number/).fill('RAPEP/2024/017');
  await field(/^Representative of the firm/).fill('Alice Uwase');
  await answerYesNo(page, /^Have you drafted terms of reference/, torDrafted);
  await page.getByRole('button', { name: 'Next' }).click();
}

/**
 * Applies for the environmental audit for `company` (added already, with its TIN) from the signed-in
 * applicant's `page`, up to the success panel: the project of `fillAuditProject`, its three documents
 * uploaded into `filesDir`.
 */
export async function applyForAudit(
  page: Page,
  product: RunningProduct,
  company: CompanyDetails,
  filesDir: string,
): Promise<void> {
  await fillAuditProject(page, product.baseUrl, company);
  await page.getByRole('heading', { name: 'Document Uploads' }).waitFor();
  await page.getByLabel('Choose a file for Legal document').setInputFiles(sampleFile(filesDir, 'legal.pdf'));
  await page.getByLabel('Choose a file for EIA report').setInputFiles(sampleFile(filesDir, 'eia.pdf'));
  await page
    .getByLabel('Choose a file for RAPEP firm registration certificate')
    .setInputFiles(sampleFile(filesDir, 'rapep.pdf'));
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
  await submitApplication(page);
}

/**
 * On the view of an audit whose terms of reference are approved, just opened: sends the firm or
 * expert's details and the audit reports (phase 2) through the prompt that opens by itself, which
 * then closes; the audit is under review.
 */
export async function sendFirmDetails(page: Page, filesDir: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Your Terms of Reference document is ready' });
  // The prompt opens by itself on the view of an audit in its second phase.
  await dialog.waitFor();
  const input = (label: string) => dialog.getByRole('textbox', { name: new RegExp(`^${label}`) });
  await input('Firm/Expert name').fill('Rwanda Green Audit Ltd');
  await input('Phone number').fill('0788990011');
  await input('Email').fill('audits@greenaudit.example.org');
  await input('Address').fill('KG 9 Ave, Kigali');
  await input('RAPEP number').fill('RAPEP-0142');
  const word = join(filesDir, 'audit-report.doc');
  writeFileSync(word, Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64)]));
  await dialog.getByLabel('Choose a file for Audit report (Word)').setInputFiles(word);
  await dialog
    .getByLabel('Choose a file for Audit report (PDF)')
    .setInputFiles(sampleFile(filesDir, 'audit-report.pdf'));
  await dialog.getByLabel('Choose a file for RAPEP certificate').setInputFiles(sampleFile(filesDir, 'rapep.pdf'));
  await dialog.getByLabel('Choose a file for Additional report').setInputFiles(sampleFile(filesDir, 'annex.pdf'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Action succesfully completed!').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('UNDER REVIEW', { exact: true }).first().waitFor();
}
