/**
 * An application through the authority's decisions, as the applicant lives them: staff return it with
 * a comment (staff command, the real one), the applicant sees RETURNED, reads the comment, corrects
 * the form and re-submits ('Re-Submitted'); staff approve it and the applicant gets the certificate link.
 * Each step is e-mailed too, to a real SMTP server: each e-mail's link, opened in a browser that is not
 * signed in, asks for the sign-in and then opens the page it names (the view, the form to correct),
 * and the approval's link answers the certificate.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually, startSmtp, type TestSmtp } from '../api/smtp';
import { apiCall, applicantWithSubmittedPlastics, newAccount, storedUser, resubmitCorrected } from './flows';
import {
  PATIENCE_MS,
  launchBrowser,
  pairsOf,
  pdfText,
  screenshotOnFailure,
  startProduct,
  type RunningProduct,
} from './harness';

describe('decisions on an application', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  let appId = '';
  let applicationId = 0;
  const account = newAccount('Eric', 'Nshuti');
  const files = mkdtempSync(join(tmpdir(), 'ecopermit-files-'));
  let smtp: TestSmtp;

  /** The e-mails about the application, in the order received. */
  const mails = () => smtp.received.filter((mail) => mail.subject?.includes(appId));
  const linkIn = (mail: ParsedMail | undefined, label: string) => {
    const match = new RegExp(`${label}: (\\S+)`).exec(mail?.text ?? '');
    if (!match?.[1]) throw new Error(`no '${label}' link in:\n${mail?.text}`);
    return match[1];
  };
  /** Opens an e-mail's link in a browser that is not signed in and signs in on the page it asks for. */
  async function openSignedOut(link: string): Promise<Page> {
    const fresh = await (await browser.newContext()).newPage();
    fresh.setDefaultTimeout(PATIENCE_MS);
    await fresh.goto(link);
    await fresh.waitForURL('**/login');
    await fresh.getByLabel(/^Email or phone/).fill(account.email);
    await fresh.getByLabel(/^Password/).fill(account.password);
    await fresh.getByRole('button', { name: 'Login' }).click();
    return fresh;
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    product = await startProduct({ SMTP_URL: smtp.url, MAIL_POLL_SECONDS: '1', MAIL_RETRY_SECONDS: '1' });
    browser = await launchBrowser();
    page = await browser.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    ({ id: applicationId, appId } = await applicantWithSubmittedPlastics(
      page,
      product,
      account,
      { name: 'Lake Kivu Packaging', tin: '987654321', telephone: '0788333444', email: 'hello@kivupack.example.org' },
      files,
    ));
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await smtp?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  it("e-mails the receipt; its link opens the application's view after sign-in", async () => {
    await eventually(() => mails().length === 1, 'the receipt');
    const link = linkIn(mails()[0], 'View your application');
    expect(new URL(link).pathname + new URL(link).search).toBe(`/view-application?appId=${applicationId}`);
    const view = await openSignedOut(link);
    await screenshotOnFailure(view, 'decisions-receipt-link', async () => {
      await view.waitForURL(`**/view-application?appId=${applicationId}`);
      await view
        .getByRole('heading', { name: `Authorization to use Plastics: application ${appId}`, level: 1 })
        .waitFor();
    });
    await view.context().close();
  });

  it('shows a returned application with the comment, editable, and re-submits it', async () => {
    await screenshotOnFailure(page, 'decisions-returned', async () => {
      await product.staff('status', appId, '7', '--comment', 'Please state the quantity in tonnes.');
      // The e-mail tells it with the comment; its link opens the form to correct, after sign-in.
      await eventually(() => mails().length === 2, 'the return e-mail');
      expect(mails()[1]?.subject).toBe(`Your application ${appId} needs changes`);
      expect(mails()[1]?.text).toContain("The authority's comment: Please state the quantity in tonnes.");
      const edit = await openSignedOut(linkIn(mails()[1], 'Correct your application'));
      await edit.waitForURL(`**/edit-application?appId=${applicationId}`);
      await edit.getByText('Please state the quantity in tonnes.').first().waitFor();
      expect(
        await edit
          .getByLabel(/^Quantity/)
          .and(edit.locator('input'))
          .first()
          .isEditable(),
      ).toBe(true);
      await edit.context().close();

      await page.goto(`${product.baseUrl}/dashboard`);
      const row = page.locator('tbody tr').filter({ hasText: appId });
      await row.getByText('RETURNED', { exact: true }).waitFor();
      await row.getByRole('link', { name: `View application ${appId}` }).click();

      await page.getByText('Application Returned').waitFor();
      const returned = page.getByRole('alert').filter({ hasText: 'Application Returned' });
      await returned.getByText('Please state the quantity in tonnes.').waitFor();
      // The history names the move and its comment too.
      await page.getByRole('table', { name: 'History' }).getByText('Please state the quantity in tonnes.').waitFor();
      const quantity = page
        .getByLabel(/^Quantity/, { exact: false })
        .and(page.locator('input'))
        .first();
      expect(await quantity.isEditable()).toBe(true);
      expect(await quantity.inputValue()).toBe('250');
      await page.getByLabel(/^Quantity measure/).selectOption({ label: 'Tonnes' });
      await quantity.fill('2');
      // The files already uploaded count for the mandatory document.
      await resubmitCorrected(page);

      await page.goto(`${product.baseUrl}/dashboard`);
      await page.locator('tbody tr').filter({ hasText: appId }).getByText('Re-Submitted', { exact: true }).waitFor();
      const user = await storedUser(page);
      const detail = await apiCall<{ auth_plastic_bags: { quantity: number; measure_name: string } }>(
        product,
        'GET',
        `application/${applicationId}`,
        { token: user.token },
      );
      expect(detail.data.auth_plastic_bags.quantity).toBe(2);
      expect(detail.data.auth_plastic_bags.measure_name).toBe('Tonnes');
    });
  });

  it('shows a submitted application read-only', async () => {
    await screenshotOnFailure(page, 'decisions-readonly', async () => {
      await page.goto(`${product.baseUrl}/view-application?appId=${applicationId}`);
      await page.getByText('Attachments').waitFor();
      await page
        .getByRole('heading', { name: `Authorization to use Plastics: application ${appId}`, level: 1 })
        .waitFor();
      await page
        .getByText('The authority has received your application and will review it.', { exact: false })
        .waitFor();
      // The answers once, as text: no form fields, no Submit.
      expect(await page.locator('main input, main textarea, main [role=combobox]').count()).toBe(0);
      const details = await pairsOf(page.getByRole('table', { name: 'Details' }));
      expect(details.Quantity).toMatch(/^\d/);
      expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    });
  });

  it('shows an approved application with its certificate link', async () => {
    await screenshotOnFailure(page, 'decisions-approved', async () => {
      await product.staff('status', appId, '6', '--comment', 'Approved.');
      await page.goto(`${product.baseUrl}/dashboard`);
      await page.locator('tbody tr').filter({ hasText: appId }).getByText('APPROVED', { exact: true }).waitFor();
      await page.getByRole('article', { name: 'APPROVED' }).getByText('1', { exact: true }).waitFor();

      await page.goto(`${product.baseUrl}/view-application?appId=${applicationId}`);
      await page.getByText('Application Approved').waitFor();
      const certificate = page.getByRole('link', { name: 'View Certificate' });
      const href = await certificate.getAttribute('href');
      // An unguessable address, not one to reach by counting application numbers.
      expect(href).toMatch(/^\/api\/verify\/certificate\/[A-Za-z0-9_-]{22}$/);
      expect((await fetch(`${product.baseUrl}/api/verify/certificate/${appId}`)).status).toBe(404);
      // The certificate itself: a PDF served from the verification address its QR code points to.
      const pdf = await fetch(`${product.baseUrl}${href}`);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const bytes = Buffer.from(await pdf.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // It is this application's certificate: its number is printed on it.
      expect(await pdfText(bytes)).toContain(appId);
      const verified = await (await fetch(`${product.baseUrl}${href}?format=json`)).json();
      expect(verified.data).toMatchObject({ approved: true, holder: 'Lake Kivu Packaging' });
      // The re-submission was received, and the approval is e-mailed with the certificate's address.
      await eventually(() => mails().length === 4, 'the approval e-mail');
      expect(mails().map((mail) => mail.subject)).toEqual([
        `We received your application ${appId}`,
        `Your application ${appId} needs changes`,
        `We received your application ${appId}`,
        `Your application ${appId} is approved`,
      ]);
      expect(new URL(linkIn(mails()[3], 'Download your certificate')).pathname).toBe(href);
    });
  });
});
