/**
 * The environmental audit (17003) in a real browser against the real server and database. An
 * applicant registers and adds a company, opens the audit from its info page (no processing time,
 * fee or validity), and fills the largest form of the portal as a user would: the project location
 * down to the village (a new province clears the lower levels), the company as project owner (its
 * TIN filled in, read-only), a sector of activity among the active ones (a mining sector reveals the
 * extraction date), the long texts with their remaining-words counter (typing past 300 words is
 * ignored), the yes/no questions (a RAPEP firm reveals its details). Step 2 asks for the documents
 * those answers call for, uploaded at once; the application is submitted, listed on the dashboard and
 * shown at its view route. Staff approve its terms of reference (downloaded from the dashboard row and
 * the view), then approve it on conditions: a denial needs a reason, the acceptance gives the
 * certificate.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { applicantWithCompany, newAccount, backToDashboard, submitApplication, atApplyRoute } from './flows';
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
  name: 'Gashora Mining Company',
  tin: '104556677',
  telephone: '0788445566',
  email: 'office@gashoramining.example.org',
};

describe('environmental audit', () => {
  let session: Session;
  let product: RunningProduct;
  let page: Page;
  let files: string;
  const account = newAccount('Jean', 'Mugisha');

  beforeAll(async () => {
    session = await startSession('environmental-audit');
    ({ product, page, files } = session);
  });

  afterAll(async () => session?.stop());

  const field = (label: RegExp) => formField(page, label);
  const yesNo = (name: RegExp, answer: 'Yes' | 'No') => answerYesNo(page, name, answer);
  const optionsOf = async (label: RegExp) => field(label).locator('option').allInnerTexts();

  it('registers, logs in and adds a company', async () => {
    await screenshotOnFailure(page, 'audit-account', async () => {
      await applicantWithCompany(page, product, account, COMPANY);
    });
  });

  it('opens the audit from its info page, which hides processing time, fee and validity', async () => {
    await screenshotOnFailure(page, 'audit-info', async () => {
      await page.goto(`${product.baseUrl}/environmental-audit`);
      await page.getByRole('heading', { name: 'Environmental Audit', level: 1 }).waitFor();
      await page.getByText('Department: Division of Environmental Compliance and Enforcement').waitFor();
      expect(await page.getByRole('table', { name: 'Service facts' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Apply Now' }).click();
      await atApplyRoute(page, '/environmental-audit-apply');
      await page.getByRole('heading', { name: 'Apply | Environmental Audit' }).waitFor();
    });
  });

  it('fills the project location, a new province clearing the lower levels', async () => {
    await screenshotOnFailure(page, 'audit-location', async () => {
      await field(/^Title of the project/).fill('Rutongo cassiterite mine extension');
      const choose = async (label: RegExp, option: string) => {
        // Each level's list arrives once the level above is chosen.
        await expect.poll(() => optionsOf(label)).toContain(option);
        await field(label).selectOption({ label: option });
      };
      await choose(/^Province/, 'East');
      await choose(/^District/, 'Bugesera');
      await choose(/^Sector\s*\*?$/, 'Gashora');
      await choose(/^Cell/, 'Biryogo');
      await choose(/^Village/, 'Bidudu');
      await choose(/^Province/, 'North');
      // Each level clears the one below it in turn.
      await expect.poll(() => field(/^District/).inputValue()).toBe('');
      await expect.poll(() => field(/^Village/).inputValue()).toBe('');
      expect(await field(/^Village/).isDisabled()).toBe(true);
      await choose(/^Province/, 'East');
      await choose(/^District/, 'Bugesera');
      await choose(/^Sector\s*\*?$/, 'Gashora');
      await choose(/^Cell/, 'Biryogo');
      await choose(/^Village/, 'Bidudu');

      await field(/^Longitude/).fill('30.2611');
      await field(/^Latitude/).fill('-2.2065');
      await field(/^Zoning of the project/).fill('Mining zone');
    });
  });

  it('takes the company as owner, its TIN read-only, and reveals the extraction date for a mining sector only', async () => {
    await screenshotOnFailure(page, 'audit-owner-sector', async () => {
      await page.getByRole('radio', { name: 'Private company' }).check();
      await expect.poll(() => optionsOf(/^Company/)).toContain(COMPANY.name);
      await field(/^Company/).selectOption({ label: COMPANY.name });
      // The chosen company's TIN is filled in, read-only.
      const tin = field(/^TIN/);
      await expect.poll(() => tin.inputValue()).toBe(COMPANY.tin);
      expect(await tin.isEditable()).toBe(false);
      await field(/^Year of establishment/).fill('2009');
      await field(/^Date of commencement/).fill('2012-06-01');

      await expect.poll(() => optionsOf(/^Sector of activity/)).toContain('Mining and quarrying');
      const sectors = await optionsOf(/^Sector of activity/);
      expect(sectors).toContain('Other');
      expect(sectors).not.toContain('Textile dyeing (no longer registered)');
      await field(/^Sector of activity/).selectOption({ label: 'Manufacturing' });
      expect(await field(/^Extraction date/).count()).toBe(0);
      await field(/^Sector of activity/).selectOption({ label: 'Mining and quarrying' });
      await field(/^Extraction date/).fill('2013-01-15');
    });
  });

  it('counts the words left in a long text and ignores typing past 300 words', async () => {
    await screenshotOnFailure(page, 'audit-texts', async () => {
      await yesNo(/^Are the premises owned/, 'Yes');
      await field(/^Dates of ownership/).fill('Since June 2011');
      const aims = field(/^Aims and objectives of the project/);
      const counter = page.locator(`#${await aims.getAttribute('aria-describedby')}`);
      expect(await counter.innerText()).toBe('300 words remaining');
      await aims.fill('Extract and wash cassiterite ore');
      await expect.poll(() => counter.innerText()).toBe('295 words remaining');
      await aims.fill(Array(300).fill('ore').join(' '));
      await expect.poll(() => counter.innerText()).toBe('0 words remaining');
      await aims.press('End');
      await aims.pressSequentially(' more');
      // The space after the last word is typed; the word after it is not.
      expect(await aims.inputValue()).toBe(`${Array(300).fill('ore').join(' ')} `);

      await field(/^Main activities\s*\*?$/).fill('Open-pit extraction, crushing, gravity separation and washing.');
      await field(/^Main raw materials/).fill('Ore-bearing gravel, water from the settling ponds, diesel.');
      await field(/^Main activities in the project zone/).fill('Subsistence farming and a small trading centre.');
      await field(/^Brief on the key environmental impacts/).fill('Erosion, turbid water downstream, dust.');
      await field(/^Major pollution facilities/).fill('Two settling ponds and a bunded diesel store.');
    });
  });

  it('reveals the RAPEP firm details and asks for the documents the answers call for', async () => {
    await screenshotOnFailure(page, 'audit-documents', async () => {
      await yesNo(/^Was an environmental impact assessment/, 'Yes');
      await yesNo(/^Was an environmental audit conducted before/, 'No');
      expect(await field(/^Name of the firm or expert/).count()).toBe(0);
      await yesNo(/^Have you identified a RAPEP firm/, 'Yes');
      await field(/^Name of the firm or expert/).fill('Green Audit Partners');
      await field(/^RAPEP registration number/).fill('RAPEP/2024/017');
      await field(/^Representative of the firm/).fill('Alice Uwase');
      await yesNo(/^Have you drafted terms of reference/, 'No');
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByRole('heading', { name: 'Document Uploads' }).waitFor();
      for (const name of ['Legal document', 'EIA report', 'RAPEP firm registration certificate'])
        await page.getByLabel(`Choose a file for ${name}`).waitFor({ state: 'attached' });
      expect(await page.getByLabel('Choose a file for Environmental audit report').count()).toBe(0);
      expect(await page.getByLabel('Choose a file for Draft terms of reference').count()).toBe(0);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Legal document is required').waitFor();
      await page.getByText('EIA report is required').waitFor();
      await page.getByText('Please upload the certificate').waitFor();

      await page.getByLabel('Choose a file for Legal document').setInputFiles(sampleFile(files, 'legal.pdf'));
      await page.getByLabel('Choose a file for EIA report').setInputFiles(sampleFile(files, 'eia.pdf'));
      await page
        .getByLabel('Choose a file for RAPEP firm registration certificate')
        .setInputFiles(sampleFile(files, 'rapep.pdf'));
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
      const summary = page.getByRole('table', { name: 'Summary of the application' });
      await summary.getByRole('row', { name: /Village\s+Bidudu/ }).waitFor();
      await summary.getByRole('row', { name: /Sector of activity\s+Mining and quarrying/ }).waitFor();
      await submitApplication(page);
      await backToDashboard(page);
    });
  });

  it('lists it on the dashboard and shows it at its view route', async () => {
    await screenshotOnFailure(page, 'audit-view', async () => {
      const row = page.locator('tbody tr').filter({ hasText: 'Environmental Audit' });
      await row.getByText('SUBMITTED', { exact: true }).waitFor();
      await row.getByRole('link', { name: /^View application/ }).click();
      await page.waitForURL(/\/view-application-environmental-audit\?appId=\d+$/);
      await page.getByRole('table', { name: 'Details' }).waitFor();
      const details = await pairsOf(page.getByRole('table', { name: 'Details' }));
      expect(details).toMatchObject({
        'Title of the project': 'Rutongo cassiterite mine extension',
        Province: 'East',
        Village: 'Bidudu',
        'Legal status': 'Private company',
        Company: COMPANY.name,
        'Sector of activity': 'Mining and quarrying',
        'Extraction date': '2013-01-15',
        'RAPEP firm identified': 'Yes',
        'Firm or expert': 'Green Audit Partners',
      });
      for (const document of ['Legal document', 'EIA report', 'RAPEP firm registration certificate'])
        await page.getByText(document, { exact: true }).filter({ visible: true }).first().waitFor();
    });
  });

  it('offers the approved terms of reference on the dashboard and in the view once staff approve them', async () => {
    await screenshotOnFailure(page, 'audit-tor', async () => {
      // The view is titled by the service and the application's number.
      const title = await page.getByRole('heading', { level: 1 }).innerText();
      const appId = /application (\S+)$/.exec(title)?.[1] ?? '';
      expect(appId).toMatch(/^EP-/);
      const tor = sampleFile(files, 'approved-tor.pdf');
      await product.staff('approve-tor', appId, '--file', tor);
      await page.goto(`${product.baseUrl}/dashboard`);
      const row = page.locator('tbody tr').filter({ hasText: appId });
      await row.getByText('TOR Approved', { exact: true }).waitFor();
      const fromRow = page.waitForEvent('download');
      await row.getByRole('button', { name: `Download the approved ToR (${appId})` }).click();
      expect((await fromRow).suggestedFilename()).toBe(`ToR-${appId}.pdf`);

      await row.getByRole('link', { name: /^View application/ }).click();
      await page.getByText('Terms of Reference approved').waitFor();
      // The firm/expert prompt opens by itself; it can wait.
      const prompt = page.getByRole('dialog', { name: 'Your Terms of Reference document is ready' });
      await prompt.getByRole('button', { name: 'Later' }).click();
      await prompt.waitFor({ state: 'detached' });
      const fromView = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download the approved ToR' }).click();
      const download = await fromView;
      const saved = await download.path();
      expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
      // The authority's ToR is not among the applicant's attachments.
      expect(await page.getByText('Final terms of reference').count()).toBe(0);
    });
  });

  it('takes the firm/expert details and the audit reports with the rules of spec 02, then goes back to review', async () => {
    await screenshotOnFailure(page, 'audit-firm', async () => {
      await page.getByRole('button', { name: 'Enter the firm/expert details' }).click();
      const dialog = page.getByRole('dialog', { name: 'Your Terms of Reference document is ready' });
      const input = (label: string) => dialog.getByRole('textbox', { name: new RegExp(`^${label}`) });
      await dialog.getByRole('button', { name: 'Save' }).click();
      for (const message of [
        'Firm/Expert name is required',
        'Phone number is required',
        'Email is required',
        'Address is required',
        'RAPEP number is required',
        'Please upload the audit report in Word format',
        'Please upload the audit report in PDF format',
        'Please upload the RAPEP certificate',
        'Please upload the additional report',
      ])
        await dialog.getByText(message, { exact: true }).first().waitFor();

      await input('Firm/Expert name').fill('Ab');
      await input('Phone number').fill('07884a');
      await input('Email').fill('audit@');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Name must be at least 3 characters').first().waitFor();
      await dialog.getByText('Only numbers are allowed').first().waitFor();
      await dialog.getByText('Invalid email format').first().waitFor();
      await input('Phone number').fill('078844');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Phone number must be 10 digits').first().waitFor();

      await input('Firm/Expert name').fill('Rwanda Green Audit Ltd');
      await input('Phone number').fill('0788990011');
      await input('Email').fill('audits@greenaudit.example.org');
      await input('Address').fill('KG 9 Ave, Kigali');
      await input('RAPEP number').fill('RAPEP-0142');
      // A Word report must be a Word file.
      const wordSlot = dialog.getByLabel('Choose a file for Audit report (Word)');
      await wordSlot.setInputFiles(sampleFile(files, 'audit-report.pdf'));
      await dialog.getByText('audit-report.pdf is not an accepted file type.').waitFor();
      const word = join(files, 'audit-report.doc');
      writeFileSync(
        word,
        Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64)]),
      );
      await wordSlot.setInputFiles(word);
      await dialog
        .getByLabel('Choose a file for Audit report (PDF)')
        .setInputFiles(sampleFile(files, 'audit-report.pdf'));
      await dialog.getByLabel('Choose a file for RAPEP certificate').setInputFiles(sampleFile(files, 'rapep.pdf'));
      await dialog.getByLabel('Choose a file for Additional report').setInputFiles(sampleFile(files, 'annex.pdf'));
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Action succesfully completed!').waitFor();
      // Read again 2 seconds later: the prompt is gone and the audit is back with the authority.
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('UNDER REVIEW', { exact: true }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Enter the firm/expert details' }).count()).toBe(0);
      // The guidance follows the stage: the firm is chosen, the approved ToR stays to download.
      await page.getByText('Terms of Reference approved').waitFor();
      expect(await page.getByText(/choose the firm or expert/).count()).toBe(0);
      await page.getByText('Audit report (PDF)', { exact: true }).first().waitFor();
    });
  });

  it('answers a conditional approval: a denial needs a reason, an acceptance gives the certificate', async () => {
    await screenshotOnFailure(page, 'audit-conditions', async () => {
      // The view is titled by the service and the application's number.
      const title = await page.getByRole('heading', { level: 1 }).innerText();
      const appId = /application (\S+)$/.exec(title)?.[1] ?? '';
      expect(appId).toMatch(/^EP-/);
      await product.staff(
        'status',
        appId,
        '18',
        '--conditions',
        '<p>Plant <b>200</b> trees around the pits.</p><script>document.title = "owned"</script>' +
          '<div style="position:fixed;inset:0;z-index:99999;background:#fff" class="MuiBackdrop-root">Pay here</div>',
      );
      await page.reload();
      await page.getByText('Application Conditionally Approved').waitFor();
      const conditions = page.getByRole('region', { name: 'Approval conditions' });
      expect(await conditions.innerHTML()).toBe('<p>Plant <b>200</b> trees around the pits.</p><div>Pay here</div>');
      expect(await page.title()).not.toBe('owned');
      // Nothing the authority wrote covers the answers: each button is what is under its own centre.
      for (const name of ['Accept', 'Deny']) {
        const button = page.getByRole('button', { name });
        await button.scrollIntoViewIfNeeded();
        const onTop = await button.evaluate((button) => {
          const box = button.getBoundingClientRect();
          return button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
        });
        expect(onTop, name).toBe(true);
      }

      await page.getByRole('button', { name: 'Deny' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Are you sure you want to DENY the approval conditions?').waitFor();
      await dialog.getByRole('button', { name: 'Yes' }).click();
      await dialog.getByText('Please provide a reason for rejection.').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Accept' }).click();
      await dialog.getByText('Are you sure you want to ACCEPT the approval conditions?').waitFor();
      await dialog.getByRole('button', { name: 'Yes' }).click();
      await page.getByText('Application Approved').waitFor();
      const certificate = page.getByRole('link', { name: 'View Certificate' });
      const href = await certificate.getAttribute('href');
      const pdf = await fetch(new URL(href ?? '', page.url()));
      expect(pdf.status).toBe(200);
      expect(await page.getByText('Application Conditionally Approved').count()).toBe(0);
    });
  });

  it('counts the audit in its work queue after the staff moves, and lists it under the chosen card', async () => {
    await screenshotOnFailure(page, 'audit-queues', async () => {
      // The view is titled by the service and the application's number.
      const title = await page.getByRole('heading', { level: 1 }).innerText();
      const appId = /application (\S+)$/.exec(title)?.[1] ?? '';
      expect(appId).toMatch(/^EP-/);
      await page.goto(`${product.baseUrl}/dashboard`);
      await page.getByRole('link', { name: 'Environmental Services' }).click();
      await page.waitForURL('**/env-audit-menu');
      await page.getByRole('heading', { name: 'Environmental Audit services', level: 1 }).waitFor();
      const count = (key: string) => page.getByTestId(`queue-${key}-count`).innerText();
      await expect.poll(() => count('approved_applications')).toBe('1');
      for (const key of [
        'request_for_tor_applications',
        'report_under_review',
        'report_submission_pending',
        'waiting_certificate',
      ])
        expect(await count(key)).toBe('0');
      // The cards of a row are equally tall, their labels on one line or two.
      const cards = page.getByRole('listitem').getByRole('button', { pressed: false });
      const boxes = await Promise.all((await cards.all()).map((card) => card.boundingBox()));
      const rows = new Map<number, number[]>();
      for (const box of boxes)
        if (box) rows.set(Math.round(box.y), [...(rows.get(Math.round(box.y)) ?? []), box.height]);
      expect(boxes).toHaveLength(5);
      for (const heights of rows.values()) expect(new Set(heights.map(Math.round)).size).toBe(1);
      await page.getByText('Choose a queue above to list its applications.').waitFor();
      await page.getByRole('button', { name: /Approved certificate/ }).click();
      await page.getByRole('heading', { name: 'Selected Service: Approved certificate' }).waitFor();
      const queue = page.getByRole('table', { name: 'Approved certificate' });
      await queue.getByText(appId).waitFor();
      await page.getByRole('button', { name: /Request for ToRs/ }).click();
      await page.getByRole('table', { name: 'Request for ToRs' }).getByText('No applications in this queue.').waitFor();
    });
  });
});
