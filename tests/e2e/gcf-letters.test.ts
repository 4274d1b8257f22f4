/**
 * The GCF letters (services 17001, 17002 and 6) in a real browser against the real server and
 * database. An applicant registers and adds a company, then requests:
 * - the nomination letter for accreditation as a private company (the info page shows the processing
 *   time but no fee or validity);
 * - a non-objection letter as an NGO, for a revised no-objection (which asks why), after the
 *   institution block refused a short phone number with the spec's message;
 * - to be a delivery partner as an individual from Rwanda with a TIN and the province-to-cell address.
 * Each time the required document is uploaded, the request submitted, found on the dashboard and
 * shown at its view route with the answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  applicantWithCompany,
  newAccount,
  storedUser,
  backToDashboard,
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
} from './harness';

const COMPANY = {
  name: 'Akagera Climate Finance',
  tin: '105678904',
  telephone: '0788666777',
  email: 'info@akageraclimate.example.org',
};

describe('GCF letters', () => {
  let session: Session;
  let product: RunningProduct;
  let page: Page;
  let files: string;
  const account = newAccount('Claudine', 'Uwera');
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    session = await startSession('gcf-letters');
    ({ product, page, files } = session);
  });

  afterAll(async () => session?.stop());

  const field = (label: RegExp) => formField(page, label);

  /**
   * Uploads a document on step 2 (when it is mandatory, after Next has said it is missing), confirms
   * on step 3 and submits, up to the dashboard.
   */
  async function uploadConfirmAndSubmit(
    document: string,
    file: string,
    summary: RegExp[],
    mandatory = true,
  ): Promise<void> {
    await page.getByRole('heading', { name: 'Document Uploads' }).waitFor();
    if (mandatory) {
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(`Please upload ${document}.`).waitFor();
    }
    await page.getByLabel(`Choose a file for ${document}`).setInputFiles(sampleFile(files, file));
    await page.getByText(new RegExp(`^${file.replace('.', '\\.')}`)).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
    const table = page.getByRole('table', { name: 'Summary of the application' });
    for (const row of summary) await table.getByRole('row', { name: row }).waitFor();
    await submitApplication(page);
    await backToDashboard(page);
  }

  /** Opens the dashboard row of a service at its view route; answers the details table. */
  async function viewFromDashboard(service: string, route: string): Promise<Record<string, string>> {
    const row = page.locator('tbody tr').filter({ hasText: service });
    await row.getByText('SUBMITTED', { exact: true }).waitFor();
    expect((await row.getByRole('cell').allInnerTexts())[1]).toBe(service);
    await row.getByRole('link', { name: /^View application/ }).click();
    await page.waitForURL(new RegExp(`${route}\\?appId=\\d+$`));
    ids[route] = Number(new URL(page.url()).searchParams.get('appId'));
    const details = page.getByRole('table', { name: 'Details' });
    await details.getByRole('row').first().waitFor();
    return pairsOf(details);
  }

  it('registers, logs in and adds a company', async () => {
    await screenshotOnFailure(page, 'gcf-account', async () => {
      await applicantWithCompany(page, product, account, COMPANY);
    });
  });

  it('requests the nomination letter for accreditation as a private company', async () => {
    await screenshotOnFailure(page, 'gcf-accreditation', async () => {
      await page.goto(`${product.baseUrl}/services`);
      await page.getByRole('link', { name: 'Proceed to Request for accreditation to the GCF' }).click();
      await page.waitForURL('**/nomination-letter-accreditation');
      await page.getByRole('heading', { name: 'Request for accreditation to the GCF', level: 1 }).waitFor();
      await page.getByText('Department: Advocacy & Multilateral Environment Agreement Monitoring Unit').waitFor();
      await page.getByText('Application letter').filter({ visible: true }).first().waitFor();
      // Fee and validity hidden, the processing time shown.
      const facts = await pairsOf(page.getByRole('table', { name: 'Service facts' }));
      expect(facts).toEqual({ 'Processing time': 'within 30 days' });
      await page.getByRole('link', { name: 'Apply Now' }).click();
      await atApplyRoute(page, '/nomination-letter-accreditation-apply');

      await page.getByRole('heading', { name: 'Apply | Accreditation Letter' }).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Please correct the highlighted fields before continuing.').waitFor();

      await page.getByRole('radio', { name: 'Private company' }).check();
      await field(/^Company/).selectOption({ label: COMPANY.name });
      // The blocks of the other legal statuses are not asked for.
      expect(await field(/^Name of the institution/).count()).toBe(0);
      expect(await field(/^Province/).count()).toBe(0);
      await page.getByRole('radio', { name: 'Project Specific approach' }).check();
      await page.getByRole('radio', { name: 'Direct Access Entities' }).check();
      await field(/^Project name/).fill('Akagera Savanna Resilience');
      await page.getByRole('radio', { name: 'Expression of nomination and no-objection' }).check();
      await page.getByRole('radio', { name: 'Funding Proposal', exact: true }).check();
      await field(/^Nationality/).selectOption({ label: 'Rwanda' });
      await field(/^Project description/).fill('Restoring degraded rangeland around Akagera National Park.');
      await field(/^Alignment to the mandate/).fill('Climate-resilient land use is the core of our mandate.');
      await page.getByRole('button', { name: 'Next' }).click();

      await uploadConfirmAndSubmit('Application letter', 'accreditation-letter.pdf', [
        /^Legal status\s+Private company/,
        new RegExp(`^Company\\s+${COMPANY.name}`),
        /^Nomination approach\s+Project Specific approach/,
      ]);

      const details = await viewFromDashboard(
        'Request for accreditation to the GCF (nomination letter)',
        '/view-application-nomination-letter-accreditation',
      );
      expect(details).toMatchObject({
        'Legal status': 'Private company',
        Company: COMPANY.name,
        'Nomination approach': 'Project Specific approach',
        'Access entity type': 'Direct Access Entities',
        'Project name': 'Akagera Savanna Resilience',
        'Request type': 'Expression of nomination and no-objection',
        'Proposal type': 'Funding Proposal',
        Nationality: 'Rwanda',
        'Project description': 'Restoring degraded rangeland around Akagera National Park.',
        'Alignment to the mandate': 'Climate-resilient land use is the core of our mandate.',
      });
      await page.getByText('accreditation-letter.pdf').first().waitFor();
      // Read-only: the answers as text, no form.
      expect(await page.getByRole('main').locator('input, textarea, select').count()).toBe(0);
    });
  });

  it('requests a revised non-objection letter as an NGO', async () => {
    await screenshotOnFailure(page, 'gcf-no-objection', async () => {
      await page.goto(`${product.baseUrl}/no-objection-letter`);
      await page.getByRole('heading', { name: 'Request for non-objection letter', level: 1 }).waitFor();
      await page.getByText('Department: Advocacy & Multilateral Environment Agreement Monitoring Unit').waitFor();
      await page.getByRole('link', { name: 'Apply Now' }).click();
      await atApplyRoute(page, '/no-objection-letter-apply');
      await page.getByRole('heading', { name: 'Apply | NoObjection Letter' }).waitFor();

      await page.getByRole('radio', { name: 'NGO' }).check();
      expect(await field(/^Company/).count()).toBe(0);
      await field(/^Name of the institution/).fill('Rwanda Climate Action Network');
      await field(/^Address of the institution/).fill('KG 7 Ave, Kacyiru, Kigali');
      await field(/^Phone number of the institution/).fill('078811122');
      await field(/^Email of the institution/).fill('info@rcan.example.org');
      await field(/^Contact person's name/).fill('Claudine Uwera');
      await field(/^Contact person's phone number/).fill('0788333444');
      await field(/^Contact person's email/).fill('claudine@rcan.example.org');
      await field(/^Accredited entity/).fill('Development Bank of Rwanda');
      await field(/^Project name/).fill('Kigali Urban Flood Resilience');
      expect(await field(/^Why a revised no-objection is requested/).count()).toBe(0);
      await page.getByRole('radio', { name: 'Request for revised no-objection' }).check();
      await field(/^Project description/).fill('Drainage upgrades and wetland restoration in Kigali.');
      await page.getByRole('button', { name: 'Next' }).click();
      // Nine digits and a missing reason: both refused where they are.
      await page.getByText('Please enter a valid phone number').waitFor();
      await page.getByText('This field is required').first().waitFor();
      await field(/^Phone number of the institution/).fill('0788111222');
      await field(/^Why a revised no-objection is requested/).fill('The co-financing plan changed.');
      await page.getByRole('button', { name: 'Next' }).click();

      // The new concept note is optional (spec 01 section 3): given, not asked for.
      await uploadConfirmAndSubmit(
        'Concept note',
        'concept-note.pdf',
        [
          /^Legal status\s+NGO/,
          /^Name of the institution\s+Rwanda Climate Action Network/,
          /^Reason for the no-objection letter\s+Request for revised no-objection/,
        ],
        false,
      );

      const details = await viewFromDashboard(
        'Request for non-objection letter',
        '/view-application-no-objection-letter',
      );
      expect(details).toMatchObject({
        'Legal status': 'NGO',
        'Name of the institution': 'Rwanda Climate Action Network',
        'Address of the institution': 'KG 7 Ave, Kacyiru, Kigali',
        'Phone number of the institution': '0788111222',
        'Email of the institution': 'info@rcan.example.org',
        "Contact person's name": 'Claudine Uwera',
        "Contact person's phone number": '0788333444',
        "Contact person's email": 'claudine@rcan.example.org',
        'Accredited entity': 'Development Bank of Rwanda',
        'Project name': 'Kigali Urban Flood Resilience',
        'Reason for the no-objection letter': 'Request for revised no-objection',
        'Why a revised no-objection is requested': 'The co-financing plan changed.',
        'Project description': 'Drainage upgrades and wetland restoration in Kigali.',
      });
    });
  });

  it('requests to be a delivery partner as an individual from Rwanda', async () => {
    await screenshotOnFailure(page, 'gcf-delivery-partner', async () => {
      await page.goto(`${product.baseUrl}/delivery-partner`);
      await page.getByRole('heading', { name: 'Request for being a Delivery partner to the GCF', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Apply Now' }).click();
      await atApplyRoute(page, '/delivery-partner-apply');
      await page.getByRole('heading', { name: 'Apply | Delivery Partner' }).waitFor();

      await page.getByRole('radio', { name: 'Individual' }).check();
      expect(await field(/^TIN/).count()).toBe(0);
      await page.getByRole('radio', { name: 'Rwanda' }).check();
      await field(/^Full name/).fill('Aline Uwimana');
      await field(/^TIN/).fill('119283746');
      await field(/^Job position/).fill('Environmental engineer');
      await field(/^Email/).fill('aline.uwimana@example.org');
      await field(/^Phone number/).fill('0788246810');
      // The address from the province down: each level lists the places of the one above.
      await field(/^Province/).selectOption({ label: 'East' });
      await field(/^District/).selectOption({ label: 'Bugesera' });
      await field(/^Sector/).selectOption({ label: 'Gashora' });
      await field(/^Cell/).selectOption({ label: 'Biryogo' });
      // Another province empties the levels below it.
      await field(/^Province/).selectOption({ label: 'Kigali' });
      await expect.poll(() => field(/^District/).inputValue()).toBe('');
      await expect.poll(() => field(/^Cell/).inputValue()).toBe('');
      await field(/^District/).selectOption({ label: 'Gasabo' });
      await field(/^Sector/).selectOption({ label: 'Bumbogo' });
      await field(/^Cell/).selectOption({ label: 'Kinyaga' });
      await field(/^Request details/).fill('Readiness support for climate adaptation in rural districts.');
      await page.getByRole('button', { name: 'Next' }).click();

      await uploadConfirmAndSubmit('Application letter', 'delivery-letter.pdf', [
        /^Legal status\s+Individual/,
        /^Province\s+Kigali/,
        /^Cell\s+Kinyaga/,
      ]);

      const details = await viewFromDashboard(
        'Request for being a Delivery partner to the GCF',
        '/view-application-delivery-partner',
      );
      expect(details).toMatchObject({
        'Legal status': 'Individual',
        'Applicant type': 'Rwanda',
        'Full name': 'Aline Uwimana',
        TIN: '119283746',
        'Job position': 'Environmental engineer',
        Email: 'aline.uwimana@example.org',
        'Phone number': '0788246810',
        Province: 'Kigali',
        District: 'Gasabo',
        Sector: 'Bumbogo',
        Cell: 'Kinyaga',
        'Request details': 'Readiness support for climate adaptation in rural districts.',
      });
    });
  });

  it('stored the three requests, submitted, with their documents', async () => {
    const { token } = await storedUser(page);
    const detail = async (route: string) =>
      (
        await (
          await fetch(`${product.baseUrl}/api/application/${ids[route]}`, {
            headers: { Authorization: `Bearer ${token}` },
          })
        ).json()
      ).data;
    const accreditation = await detail('/view-application-nomination-letter-accreditation');
    expect(accreditation).toMatchObject({ service_id: 17001, application_status_id: 2 });
    expect(accreditation.accreditation_request).toMatchObject({ legal_status: 'private', company_name: COMPANY.name });
    const noObjection = await detail('/view-application-no-objection-letter');
    expect(noObjection).toMatchObject({ service_id: 17002, application_status_id: 2 });
    expect(noObjection.application_attachments[0].description).toBe('Concept note');
    const delivery = await detail('/view-application-delivery-partner');
    expect(delivery).toMatchObject({ service_id: 6, application_status_id: 2 });
    expect(delivery.delivery_partner_request).toMatchObject({
      legal_status: 'individual',
      province_id: 2,
      district_id: 201,
      sector_id: 20101,
      cell_id: 2010101,
    });
  });
});
