/**
 * The staff console (`/console`) in a real browser against the real server, its staff signing in
 * through the embedded OpenID provider's own pages: a password set with `npm run staff --
 * set-password` on the provider's form, or a one-time link from `sign-in-link`. No staff move is
 * made with the staff command: every one is a button of the review page and its dialog.
 *
 * - A plastics authorisation to its certificate: `rita` (reviewer and approver everywhere) finds it
 *   by its number (the search in the address), reads its answers, takes `review` then
 *   `propose-approval`, and is refused `approve` with the four-eyes reason; `anna` (approver) approves
 *   it from a fresh browser, and the applicant sees the approval and its certificate.
 * - The environmental audit: its terms of reference approved with their PDF through the dialog's file
 *   input, the applicant's second phase, an approval on conditions written as HTML, the applicant
 *   accepting them.
 * - A service added as JSON alone (added-services.ts) is among the queue's services, its application
 *   with its own transition among the buttons.
 * - axe finds nothing on the console's sign-in page, the provider's, the queue and the review page;
 *   a person signs in, searches, opens an application and writes a note with the keyboard alone; the
 *   queue fits 768 px.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addedServicesCopy, TREE_PLANTING } from './added-services';
import { applyForAudit, sendFirmDetails } from './audit-flows';
import { violations } from './axe';
import {
  applicantWithSubmittedPlastics,
  atApplyRoute,
  listedApplication,
  newAccount,
  submitApplication,
} from './flows';
import {
  launchBrowser,
  PATIENCE_MS,
  sampleFile,
  screenshotOnFailure,
  startProduct,
  type RunningProduct,
} from './harness';
import { INSPECTION } from '../lifecycle/site-inspection';

const COMPANY = {
  name: 'Nyabugogo Packaging Ltd',
  tin: '108223344',
  telephone: '0788123450',
  email: 'office@nyabugogo-packaging.example.org',
};
const RITA_PASSWORD = 'rita-Console-2026';
const FOUR_EYES = "Four eyes: you took 'propose-approval' on this application, so someone else must take 'approve'.";
const AUDIT_SERVICE_ID = 17003;

describe('the staff console', () => {
  const files = mkdtempSync(join(tmpdir(), 'ecopermit-console-files-'));
  let product: RunningProduct;
  let browser: Browser;
  /** The applicant's page, signed in to the portal throughout. */
  let applicant: Page;
  const contexts: BrowserContext[] = [];
  const account = newAccount('Aline', 'Uwimana');
  let plastics: { id: number; appId: string };

  /** A page of a fresh browser context (no cookie of anyone else's sign-in). */
  const freshPage = async (viewport = { width: 1280, height: 900 }): Promise<Page> => {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    return page;
  };

  /** Signs in from the console's sign-in page through the provider's password form. */
  const signInWithPassword = async (page: Page, name: string, password: string, path = '/console') => {
    await page.goto(`${product.baseUrl}${path}`);
    await page.getByRole('heading', { name: 'Staff sign-in', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Sign in with your staff account' }).click();
    // The provider's own page (server-written HTML), on the product's address under /oidc.
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(`Signed in as ${name}`).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
  };

  /** The review page's transition button. */
  const transitionButton = (page: Page, label: string) =>
    page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: label, exact: true });

  /**
   * Takes a transition through its button and dialog: the comment (and text, and document) typed,
   * the summary checked, confirmed; waits for the page's "Done".
   */
  const takeTransition = async (
    page: Page,
    label: string,
    input: { comment?: string; text?: string; document?: string; last?: boolean } = {},
  ) => {
    await transitionButton(page, label).click();
    const dialog = page.getByRole('dialog', { name: label });
    if (input.comment) await dialog.getByLabel('Comment to the applicant').fill(input.comment);
    if (input.text) await dialog.getByRole('textbox', { name: /^Text \(/ }).fill(input.text);
    if (input.document) await dialog.getByLabel(/^Document: /).setInputFiles(input.document);
    await dialog.getByRole('button', { name: 'Next' }).click();
    const summary = dialog.getByRole('region', { name: 'Check before confirming' });
    await summary.waitFor();
    if (input.comment) await summary.getByText(input.comment, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: `Confirm: ${label}` }).click();
    await dialog.waitFor({ state: 'detached' });
    // What happened is said, and the focus is on it: the button taken may be gone with the status.
    const done = page.getByRole('status').getByText(`Done: ${label}.`);
    await done.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain(`Done: ${label}.`);
    // The last move leaves no action: the page says so too.
    if (input.last)
      await page.getByRole('region', { name: 'Actions' }).getByText('No action can be taken at this status.').waitFor();
  };

  /** Finds an application in the queue by its number (the search kept in the address) and opens it. */
  const openFromQueue = async (page: Page, appId: string) => {
    await page.goto(`${product.baseUrl}/console`);
    await page.getByRole('heading', { name: 'Applications to review', level: 1 }).waitFor();
    await page.getByRole('search').getByLabel('Search (number, applicant, company)').fill(appId);
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(appId);
    const queue = page.getByRole('table', { name: 'Applications to review' });
    await queue.getByRole('link', { name: appId, exact: true }).click();
    await page.getByRole('heading', { name: `Application ${appId}`, level: 1 }).waitFor();
  };

  beforeAll(async () => {
    // The copy with the services added as JSON alone (its portal built by the global setup).
    const copy = await addedServicesCopy();
    product = await startProduct(copy.env, { publicUrlIsBase: true });
    await product.staffCommand(['add-staff', 'rita', '--role', '*:reviewer', '--role', '*:approver']);
    await product.staffCommand(['add-staff', 'anna', '--role', '*:approver']);
    await product.staffCommand(['set-password', 'rita'], { input: `${RITA_PASSWORD}\n` });
    browser = await launchBrowser();
    applicant = await freshPage();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await product?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  it('an applicant submits a plastics authorisation', async () => {
    await screenshotOnFailure(applicant, 'console-plastics-applicant', async () => {
      plastics = await applicantWithSubmittedPlastics(applicant, product, account, COMPANY, files);
      expect(plastics.appId).toMatch(/^EP-/);
    });
  });

  it('rita signs in with her password, finds it by number, reviews and proposes it, and is refused the approval (four eyes)', async () => {
    const page = await freshPage();
    await screenshotOnFailure(page, 'console-plastics-rita', async () => {
      // A wrong password is refused on the provider's page, the name kept.
      await page.goto(`${product.baseUrl}/console`);
      await page.getByRole('link', { name: 'Sign in with your staff account' }).click();
      await page.getByLabel('Name').fill('rita');
      await page.getByLabel('Password').fill('not-her-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').getByText('The name or password is not right.').waitFor();
      expect(await page.getByLabel('Name').inputValue()).toBe('rita');
      await page.getByLabel('Password').fill(RITA_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Signed in as rita').waitFor();

      await openFromQueue(page, plastics.appId);
      const answers = page.getByRole('region', { name: 'Answers' });
      await answers.getByText('Carry bags for our food packaging line.').waitFor();
      await answers.getByText('Kenya').first().waitFor();
      const summary = page.getByRole('region', { name: 'Summary' });
      await summary.getByText(COMPANY.name).waitFor();

      await takeTransition(page, 'Start the review', { comment: 'Taken up for review.' });
      await takeTransition(page, 'Propose approval', { comment: 'Complete; proposed for approval.' });

      // Four eyes: the approval is hers to propose, not to give.
      const approve = transitionButton(page, 'Approve');
      await approve.waitFor();
      if (await approve.isDisabled()) {
        const reason = page.locator(`#${await approve.getAttribute('aria-describedby')}`);
        expect(await reason.innerText()).toBe(FOUR_EYES);
      } else {
        await approve.click();
        const dialog = page.getByRole('dialog', { name: 'Approve' });
        await dialog.getByRole('button', { name: 'Next' }).click();
        await dialog.getByRole('button', { name: 'Confirm: Approve' }).click();
        await dialog.getByRole('alert').getByText(FOUR_EYES).waitFor();
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      }
      // The history names her moves.
      const history = page.getByRole('table', { name: 'History' });
      await history.getByText('Complete; proposed for approval.').waitFor();

      // Signing out ends the provider's session too (its question answered), back to the sign-in page.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign out of the staff console?' }).waitFor();
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.getByRole('heading', { name: 'Staff sign-in', level: 1 }).waitFor();
      await page.goto(`${product.baseUrl}/console/applications/${plastics.id}`);
      await page.getByRole('link', { name: 'Sign in with your staff account' }).waitFor();
      expect(await page.getByText('Signed in as rita').count()).toBe(0);
    });
  });

  it('anna signs in by a one-time link in a fresh browser and approves it', async () => {
    const page = await freshPage();
    await screenshotOnFailure(page, 'console-plastics-anna', async () => {
      const printed = await product.staffCommand(['sign-in-link', 'anna']);
      const link = /https?:\/\/\S+/.exec(printed)?.[0] ?? '';
      expect(link).toContain(`${product.baseUrl}/oidc/`);
      await page.goto(link);
      await page.getByText('Signed in as anna').waitFor();
      await openFromQueue(page, plastics.appId);
      await takeTransition(page, 'Approve', { comment: 'Approved after review.', last: true });
      await page.getByRole('table', { name: 'History' }).getByText('Approved after review.').waitFor();

      // A link works once: a second use is refused on the provider's page.
      const again = await freshPage();
      await again.goto(link);
      await again
        .getByText('This sign-in link is not valid, was used already or has expired. Ask for a new one.')
        .waitFor();
    });
  });

  it("the applicant's view shows the approval and its certificate", async () => {
    await screenshotOnFailure(applicant, 'console-plastics-certificate', async () => {
      await applicant.goto(`${product.baseUrl}/view-application?appId=${plastics.id}`);
      await applicant.getByText('Application Approved').waitFor();
      const href = await applicant.getByRole('link', { name: 'View Certificate' }).getAttribute('href');
      expect(href).toMatch(/^\/api\/verify\/certificate\/[A-Za-z0-9_-]{22}$/);
      const pdf = await fetch(`${product.baseUrl}${href}`);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
    });
  });

  describe('the environmental audit through its lifecycle', () => {
    let staff: Page;
    let audit: { id: number; app_id: string };

    beforeAll(async () => {
      staff = await freshPage();
    });

    it('is submitted by the applicant', async () => {
      await screenshotOnFailure(applicant, 'console-audit-apply', async () => {
        await applyForAudit(applicant, product, COMPANY, files);
        audit = await listedApplication(applicant, product, AUDIT_SERVICE_ID);
      });
    });

    it('has its terms of reference approved with their PDF through the dialog', async () => {
      await screenshotOnFailure(staff, 'console-audit-tor', async () => {
        await signInWithPassword(staff, 'rita', RITA_PASSWORD, `/console/applications/${audit.id}`);
        await staff.getByRole('heading', { name: `Application ${audit.app_id}`, level: 1 }).waitFor();
        // The document is asked for, and must be a PDF.
        await transitionButton(staff, 'Approve the ToR').click();
        const dialog = staff.getByRole('dialog', { name: 'Approve the ToR' });
        await dialog.getByRole('button', { name: 'Next' }).click();
        await dialog.getByText('Choose the document (a PDF).').waitFor();
        await dialog.getByLabel(/^Document: /).setInputFiles(sampleFile(files, 'not-a-pdf.png'));
        await dialog.getByRole('button', { name: 'Next' }).click();
        await dialog.getByText('The terms of reference must be a PDF.').waitFor();
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
        await takeTransition(staff, 'Approve the ToR', {
          comment: 'Terms of reference approved.',
          document: sampleFile(files, 'approved-tor.pdf'),
        });
      });
    });

    it("takes the applicant's second phase (the firm and the reports)", async () => {
      await screenshotOnFailure(applicant, 'console-audit-phase-2', async () => {
        await applicant.goto(`${product.baseUrl}/view-application-environmental-audit?appId=${audit.id}`);
        await applicant.getByText('Terms of Reference approved').first().waitFor();
        await sendFirmDetails(applicant, files);
      });
    });

    it('is approved on conditions written as HTML, shown sanitised before confirming', async () => {
      await screenshotOnFailure(staff, 'console-audit-conditions', async () => {
        await staff.goto(`${product.baseUrl}/console/applications/${audit.id}`);
        await staff.getByRole('heading', { name: `Application ${audit.app_id}`, level: 1 }).waitFor();
        const label = 'Approve with conditions';
        await transitionButton(staff, label).click();
        const dialog = staff.getByRole('dialog', { name: label });
        // The conditions are required.
        await dialog.getByRole('button', { name: 'Next' }).click();
        await dialog.getByText('A conditional approval needs its conditions.').waitFor();
        await dialog
          .getByRole('textbox', { name: /^Text \(conditions\)/ })
          .fill('<p>Plant <b>200</b> trees around the pits.</p><script>document.title = "owned"</script>');
        await dialog.getByRole('button', { name: 'Next' }).click();
        const preview = dialog.getByTestId('transition-text-preview');
        await expect.poll(() => preview.innerHTML()).toBe('<p>Plant <b>200</b> trees around the pits.</p>');
        await dialog.getByRole('button', { name: `Confirm: ${label}` }).click();
        await dialog.waitFor({ state: 'detached' });
        await staff.getByRole('status').getByText(`Done: ${label}.`).waitFor();
      });
    });

    it('is accepted by the applicant, who gets the certificate', async () => {
      await screenshotOnFailure(applicant, 'console-audit-accept', async () => {
        await applicant.goto(`${product.baseUrl}/view-application-environmental-audit?appId=${audit.id}`);
        await applicant.getByText('Application Conditionally Approved').waitFor();
        const conditions = applicant.getByRole('region', { name: 'Approval conditions' });
        expect(await conditions.innerHTML()).toBe('<p>Plant <b>200</b> trees around the pits.</p>');
        await applicant.getByRole('button', { name: 'Accept' }).click();
        const dialog = applicant.getByRole('dialog');
        await dialog.getByText('Are you sure you want to ACCEPT the approval conditions?').waitFor();
        await dialog.getByRole('button', { name: 'Yes' }).click();
        await applicant.getByText('Application Approved').waitFor();
        await applicant.getByRole('link', { name: 'View Certificate' }).waitFor();
      });
    });
  });

  describe('a service added as JSON alone', () => {
    let staff: Page;
    let tree: { id: number; app_id: string };

    beforeAll(async () => {
      staff = await freshPage();
    });

    it('is applied for by the applicant', async () => {
      await screenshotOnFailure(applicant, 'console-added-apply', async () => {
        const page = applicant;
        await page.goto(`${product.baseUrl}/${TREE_PLANTING.key}-apply`);
        await atApplyRoute(page, `/${TREE_PLANTING.key}-apply`);
        await page.getByRole('heading', { name: `Apply | ${TREE_PLANTING.title}` }).waitFor();
        await page.getByLabel(/^Applicant name/).fill('Umurage Recycling Cooperative');
        await page.getByLabel(/^Quantity measure/).selectOption({ label: 'Tonnes' });
        await page
          .getByLabel(/^Quantity/, { exact: false })
          .and(page.locator('input'))
          .fill('12');
        await page.getByRole('radio', { name: 'Yes' }).check();
        await page.getByLabel(/^Address of the site/).fill('KK 15 Rd, Kicukiro, Kigali');
        await page
          .getByLabel(/^Description of the activity/)
          .fill('Planting 4,000 seedlings on the hills of Kicukiro.');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText('Supporting document').filter({ visible: true }).first().waitFor();
        await page.locator('input[type=file]').first().setInputFiles(sampleFile(files, 'support.pdf'));
        await page.getByText(/^support\.pdf/).waitFor();
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
        await submitApplication(page);
        tree = await listedApplication(page, product, TREE_PLANTING.id);
      });
    });

    it("is among the queue's services, its application with its own transition", async () => {
      await screenshotOnFailure(staff, 'console-added-queue', async () => {
        await signInWithPassword(staff, 'rita', RITA_PASSWORD);
        await staff.getByRole('combobox', { name: 'Service' }).click();
        await staff.getByRole('option', { name: TREE_PLANTING.title, exact: true }).click();
        await expect.poll(() => new URL(staff.url()).searchParams.get('service')).toBe(TREE_PLANTING.key);
        const queue = staff.getByRole('table', { name: 'Applications to review' });
        await queue.getByRole('link', { name: tree.app_id, exact: true }).waitFor();
        // Only this service's applications are listed.
        await expect.poll(() => queue.getByRole('link').count()).toBe(1);
        await queue.getByRole('link', { name: tree.app_id, exact: true }).click();
        await staff.getByRole('heading', { name: `Application ${tree.app_id}`, level: 1 }).waitFor();
        // Its own transition (the site inspection its JSON adds) beside the platform's.
        const actions = staff.getByRole('region', { name: 'Actions' });
        const label = INSPECTION.action.charAt(0).toUpperCase() + INSPECTION.action.slice(1).replace(/-/g, ' ');
        await actions.getByRole('button', { name: label, exact: true }).waitFor();
        await actions.getByRole('button', { name: 'Start the review', exact: true }).waitFor();
        await staff
          .getByRole('region', { name: 'Answers' })
          .getByText('Planting 4,000 seedlings on the hills of Kicukiro.')
          .waitFor();
      });
    });
  });

  describe('accessibility and the tablet layout', () => {
    let staff: Page;

    beforeAll(async () => {
      staff = await freshPage();
    });

    it('axe finds nothing on the queue and the review page', async () => {
      await screenshotOnFailure(staff, 'console-axe', async () => {
        await signInWithPassword(staff, 'rita', RITA_PASSWORD);
        await staff.getByRole('table', { name: 'Applications to review' }).getByRole('link').first().waitFor();
        expect(await violations(staff)).toEqual([]);
        await staff.goto(`${product.baseUrl}/console/applications/${plastics.id}`);
        await staff.getByRole('heading', { name: `Application ${plastics.appId}`, level: 1 }).waitFor();
        await staff.getByRole('region', { name: 'Answers' }).getByText('Kenya').first().waitFor();
        expect(await violations(staff)).toEqual([]);
      });
    });

    it('signs in, searches, opens an application and writes a note with the keyboard alone; axe finds nothing on the sign-in pages', async () => {
      const keys = await freshPage();
      await screenshotOnFailure(keys, 'console-keyboard', async () => {
        /** Presses Tab until the focused element is what `wanted` says (its accessible name or label). */
        const tabTo = async (wanted: RegExp) => {
          for (let press = 0; press < 80; press += 1) {
            await keys.keyboard.press('Tab');
            const focused = await keys.evaluate(() => {
              const element = document.activeElement as HTMLElement | null;
              if (!element) return '';
              const labelled = element.getAttribute('aria-label') ?? '';
              const label = element.id ? (document.querySelector(`label[for="${element.id}"]`)?.textContent ?? '') : '';
              return `${labelled} ${label} ${element.textContent ?? ''}`.trim();
            });
            if (wanted.test(focused)) return;
          }
          throw new Error(`Tab never reached ${wanted}`);
        };
        await keys.goto(`${product.baseUrl}/console`);
        await keys.getByRole('heading', { name: 'Staff sign-in', level: 1 }).waitFor();
        expect(await violations(keys)).toEqual([]);
        await tabTo(/Sign in with your staff account/);
        await keys.keyboard.press('Enter');
        await keys.waitForURL(/\/oidc\/interaction\//);
        await keys.getByLabel('Name').waitFor();
        expect(await violations(keys)).toEqual([]);
        await tabTo(/^Name/);
        await keys.keyboard.type('rita');
        await keys.keyboard.press('Tab');
        await keys.keyboard.type(RITA_PASSWORD);
        await keys.keyboard.press('Enter');
        await keys.getByText('Signed in as rita').waitFor();
        await tabTo(/Search \(number, applicant, company\)/);
        await keys.keyboard.type(plastics.appId);
        await keys.keyboard.press('Enter');
        await expect.poll(() => new URL(keys.url()).searchParams.get('q')).toBe(plastics.appId);
        const queue = keys.getByRole('table', { name: 'Applications to review' });
        await expect.poll(() => queue.getByRole('link').count()).toBe(1);
        await tabTo(new RegExp(plastics.appId));
        await keys.keyboard.press('Enter');
        await keys.getByRole('heading', { name: `Application ${plastics.appId}`, level: 1 }).waitFor();
        await tabTo(/New note/);
        await keys.keyboard.type('Checked with the keyboard alone.');
        await tabTo(/^Add note$/);
        await keys.keyboard.press('Enter');
        await keys
          .getByRole('region', { name: 'Internal notes' })
          .getByText('Checked with the keyboard alone.')
          .waitFor();
      });
    });

    it('the queue works at 768 px wide: the compact columns, nothing wider than the screen', async () => {
      await screenshotOnFailure(staff, 'console-768', async () => {
        await staff.setViewportSize({ width: 768, height: 1024 });
        await staff.goto(`${product.baseUrl}/console`);
        const queue = staff.getByRole('table', { name: 'Applications to review' });
        await queue.getByRole('columnheader', { name: 'Applicant and company' }).waitFor();
        expect(await queue.getByRole('columnheader', { name: 'Company', exact: true }).count()).toBe(0);
        const link = queue.getByRole('link', { name: plastics.appId, exact: true });
        await link.waitFor();
        expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
        // The search still filters, through the address.
        await staff.getByRole('search').getByLabel('Search (number, applicant, company)').fill(plastics.appId);
        await staff.getByRole('search').getByRole('button', { name: 'Search' }).click();
        await expect.poll(() => new URL(staff.url()).searchParams.get('q')).toBe(plastics.appId);
        await expect.poll(() => queue.getByRole('link').count()).toBe(1);
        await link.click();
        await staff.getByRole('heading', { name: `Application ${plastics.appId}`, level: 1 }).waitFor();
      });
    });
  });
});
