/**
 * A service of sections written as JSON files alone (tests/standard-form/sectioned-permit/), added to
 * the copy the other added-service files share (added-services.ts): an applicant fills its sections,
 * its titled choice and its rows, where a row's own rule asks a reason when its area is not bunded
 * and refuses the row without one. The confirm step and the submitted application's view then read
 * field by field, in English and in German: each section a heading with its answers under their
 * labels, the nested section under its own heading, a choice by its translated title (never its
 * code) and the rows as a table with a column per field. Staff then take it through its two chained
 * stages (tests/lifecycle/two-stage-review.ts), each shown by its translated label.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { TWO_STAGES } from '../lifecycle/two-stage-review';
import { addedServicesCopy, SECTIONED } from './added-services';
import { apiCall, listedApplication, loginThroughUi, newAccount, registerThroughApi, submitApplication } from './flows';
import { PATIENCE_MS, launchBrowser, pairsOf, screenshotOnFailure, startProduct, type RunningProduct } from './harness';

/** The texts the summaries show, by language: the service's catalogue gives the German. */
const ENGLISH = {
  holder: 'Holder',
  holderName: 'Name of the holder',
  kind: 'Kind of holder',
  company: 'A registered company',
  site: 'Site',
  district: 'District',
  contact: 'Contact on site',
  contactName: 'Name of the contact',
  areas: 'Storage areas',
  material: 'Material stored',
  capacity: 'Capacity (litres)',
  bunded: 'Is the area bunded?',
  reason: 'Why is the area not bunded?',
  usedOil: 'Used oil',
  solvents: 'Solvents',
  yes: 'Yes',
  no: 'No',
};
const GERMAN: typeof ENGLISH = {
  holder: 'Inhaber',
  holderName: 'Name des Inhabers',
  kind: 'Art des Inhabers',
  company: 'Ein eingetragenes Unternehmen',
  site: 'Standort',
  district: 'Bezirk',
  contact: 'Ansprechpartner vor Ort',
  contactName: 'Name des Ansprechpartners',
  areas: 'Lagerflächen',
  material: 'Gelagertes Material',
  capacity: 'Fassungsvermögen (Liter)',
  bunded: 'Ist die Fläche eingewallt?',
  reason: 'Warum ist die Fläche nicht eingewallt?',
  usedOil: 'Altöl',
  solvents: 'Lösungsmittel',
  yes: 'Ja',
  no: 'Nein',
};

/** A section of a summary: a region named by its title, headed by it. */
async function sectionOf(scope: Locator, title: string): Promise<Locator> {
  const section = scope.getByRole('region', { name: title, exact: true });
  await section.getByRole('heading', { name: title, exact: true }).first().waitFor();
  return section;
}

/** The cells of the rows of `tables`, row by row (a table's header row first). */
function cellsOf(tables: Locator): Promise<string[][]> {
  return tables
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())),
    );
}

/**
 * The answers read field by field in `texts`' language: each section under its heading, each answer
 * under its label, the choice by its title, the rows as a table with a column per field.
 */
async function expectAnswers(scope: Locator, texts: typeof ENGLISH): Promise<void> {
  const holder = await sectionOf(scope, texts.holder);
  expect(await pairsOf(holder.getByRole('table', { name: texts.holder, exact: true }))).toEqual({
    [texts.holderName]: 'Umurage Storage Ltd',
    [texts.kind]: texts.company,
  });
  const site = await sectionOf(scope, texts.site);
  expect(await pairsOf(site.getByRole('table', { name: texts.site, exact: true }))).toEqual({
    [texts.district]: 'Kicukiro',
  });
  // The nested section, under its own heading inside its section.
  const contact = await sectionOf(site, texts.contact);
  expect(await pairsOf(contact.getByRole('table', { name: texts.contact, exact: true }))).toEqual({
    [texts.contactName]: 'Jean Bosco',
  });
  const areas = await sectionOf(scope, texts.areas);
  expect(await cellsOf(areas.getByRole('table', { name: texts.areas, exact: true }))).toEqual([
    [texts.material, texts.capacity, texts.bunded, texts.reason],
    [texts.usedOil, '2000', texts.yes, ''],
    [texts.solvents, '500', texts.no, 'The drums stand on a sealed floor.'],
  ]);
  // Never a choice's code (nor a yes/no's value), a raw key or an object.
  const cells = (await cellsOf(scope.getByRole('table'))).flat();
  for (const code of ['company', 'person', 'used-oil', 'solvents', 'true', 'false']) expect(cells).not.toContain(code);
  const shown = await scope.innerText();
  for (const raw of ['used-oil', 'holder_kind', 'no_bund_reason', 'storage_areas', '[object'])
    expect(shown).not.toContain(raw);
}

describe('a service of sections, choices and rows with their own rules, in two languages', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  const account = newAccount('Diane', 'Ingabire');

  beforeAll(async () => {
    product = await startProduct((await addedServicesCopy()).env);
    await registerThroughApi(product, account);
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(PATIENCE_MS);
  });

  /** Picks `option` of a select (the choice's titles are its options). */
  async function choose(select: Locator, option: string): Promise<void> {
    await select.click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  /** Changes the interface's language with the switcher (the page changes without a reload). */
  async function switchLanguage(button: string, language: string): Promise<void> {
    await page.getByRole('button', { name: button }).click();
    await page.getByRole('menuitem', { name: language }).click();
  }

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('asks the reason a row without a bund needs, and refuses the row without it', async () => {
    await screenshotOnFailure(page, 'sectioned-service-apply', async () => {
      await loginThroughUi(page, product, account.email, account.password);
      await page.goto(`${product.baseUrl}/${SECTIONED.key}-apply`);
      await page.getByRole('heading', { name: `Apply | ${SECTIONED.title}` }).waitFor();
      await page.getByRole('heading', { name: 'Holder' }).waitFor();
      await page.getByRole('textbox', { name: 'Name of the holder' }).fill('Umurage Storage Ltd');
      await page.getByRole('radio', { name: 'A registered company' }).check();
      await page.getByRole('textbox', { name: 'District' }).fill('Kicukiro');
      await page.getByRole('textbox', { name: 'Name of the contact' }).fill('Jean Bosco');

      const first = page.getByRole('group', { name: 'Row 1' });
      await choose(first.getByRole('combobox', { name: 'Material stored' }), 'Used oil');
      await first.getByRole('spinbutton', { name: 'Capacity (litres)' }).fill('2000');
      await first.getByRole('radio', { name: 'Yes' }).check();
      await page.getByRole('button', { name: 'Add row' }).click();
      const second = page.getByRole('group', { name: 'Row 2' });
      await choose(second.getByRole('combobox', { name: 'Material stored' }), 'Solvents');
      await second.getByRole('spinbutton', { name: 'Capacity (litres)' }).fill('500');
      // The row's own rule: its reason is asked only when its area is not bunded.
      expect(await page.getByRole('textbox', { name: /^Why is the area not bunded/ }).count()).toBe(0);
      await second.getByRole('radio', { name: 'No' }).check();
      const reason = second.getByRole('textbox', { name: /^Why is the area not bunded/ });
      await reason.waitFor();
      expect(await first.getByRole('textbox', { name: /^Why is the area not bunded/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Next' }).click();
      await second.getByText('Say why the area is not bunded').waitFor();
      expect(await first.getByText('Say why the area is not bunded').count()).toBe(0);
      await reason.fill('The drums stand on a sealed floor.');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Document Uploads' }).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
    });
  });

  it('reads the answers on the confirm step field by field, in English and in German', async () => {
    await screenshotOnFailure(page, 'sectioned-service-confirm', async () => {
      await expectAnswers(page.getByRole('main'), ENGLISH);
      await switchLanguage('Language: English', 'Deutsch');
      await expectAnswers(page.getByRole('main'), GERMAN);
      await switchLanguage('Sprache: Deutsch', 'English');
      await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
      await submitApplication(page);
    });
  });

  it('stored the sections and rows, and reads them in its view in English and in German', async () => {
    await screenshotOnFailure(page, 'sectioned-service-view', async () => {
      const submitted = await listedApplication(page, product, SECTIONED.id);
      const detail = await apiCall<Record<string, unknown>>(product, 'GET', `application/${submitted.id}`, {
        token: submitted.token,
      });
      expect(detail.data[SECTIONED.record]).toMatchObject({
        holder: { holder_name: 'Umurage Storage Ltd', holder_kind: 'company' },
        site: { district: 'Kicukiro', contact: { contact_name: 'Jean Bosco' } },
        storage_areas: [
          { material: 'used-oil', capacity: 2000, bunded: true },
          { material: 'solvents', capacity: 500, bunded: false, no_bund_reason: 'The drums stand on a sealed floor.' },
        ],
      });

      await page.goto(`${product.baseUrl}/view-application-${SECTIONED.key}?appId=${submitted.id}`);
      await page.getByRole('region', { name: 'Holder', exact: true }).waitFor();
      await expectAnswers(page.getByRole('main'), ENGLISH);
      await switchLanguage('Language: English', 'Deutsch');
      await expectAnswers(page.getByRole('main'), GERMAN);
      await switchLanguage('Sprache: Deutsch', 'English');
    });
  });

  it('goes through its two chained stages, each shown by its label in both languages', async () => {
    await screenshotOnFailure(page, 'sectioned-service-stages', async () => {
      const submitted = await listedApplication(page, product, SECTIONED.id);
      const view = `${product.baseUrl}/view-application-${SECTIONED.key}?appId=${submitted.id}`;
      // Stage two is reached only through stage one.
      await product.staff('status', submitted.app_id, String(TWO_STAGES.first.id));
      await product.staff('status', submitted.app_id, String(TWO_STAGES.second.id));
      await page.goto(view);
      await page.getByText(TWO_STAGES.second.label, { exact: true }).first().waitFor();
      await page.getByRole('table', { name: 'History' }).getByText(TWO_STAGES.first.label, { exact: true }).waitFor();
      await expectAnswers(page.getByRole('main'), ENGLISH);
      await switchLanguage('Language: English', 'Deutsch');
      await page.getByText('Technische Prüfung', { exact: true }).first().waitFor();
      await page.getByRole('table', { name: 'Verlauf' }).getByText('Vollständig', { exact: true }).waitFor();
      await expectAnswers(page.getByRole('main'), GERMAN);
      await switchLanguage('Sprache: Deutsch', 'English');
    });
  });
});
