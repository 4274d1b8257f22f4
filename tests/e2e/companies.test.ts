/**
 * Companies in a real browser against the real server: a refused phone saves nothing, the cascading
 * province/district/sector/cell picker, registration, editing (telephone and the single-use plastics
 * answer) and, after a reload, an edit dialog prefilled with every stored value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiCall, loginThroughUi, newAccount, registerThroughApi, storedUser } from './flows';
import { PATIENCE_MS, launchBrowser, screenshotOnFailure, startProduct, termsOf, type RunningProduct } from './harness';

interface Named {
  id: number;
  name: string;
}

describe('companies', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  const account = newAccount('Jean', 'Habimana');
  const company = {
    name: 'Kivu Packaging Ltd',
    tin: '102345678',
    telephone: '0788000111',
    email: 'info@kivupack.example.org',
    activities: 'Packaging of dairy products',
    address: 'KN 5 Rd, Kigali',
    contactName: 'Alice Uwase',
    contactJobTitle: 'Operations manager',
    contactPhone: '0788000222',
    contactEmail: 'alice@kivupack.example.org',
  };
  const newTelephone = '0722333444';
  let category = '';
  /** The location chosen in the picker: names of each level. */
  const location = { province: '', district: '', sector: '', cell: '' };

  beforeAll(async () => {
    product = await startProduct();
    await registerThroughApi(product, account);
    browser = await launchBrowser();
    page = await browser.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    await loginThroughUi(page, product, account.email, account.password);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const names = async (path: string) => (await apiCall<Named[]>(product, 'GET', path)).data;

  /** Opens a select of the dialog and picks an option by its exact text. */
  async function choose(dialog: Locator, label: RegExp, option: string): Promise<void> {
    await dialog.getByRole('combobox', { name: label }).click();
    const listbox = page.getByRole('listbox');
    await listbox.getByRole('option', { name: option, exact: true }).click();
    await listbox.waitFor({ state: 'detached' });
  }

  /** The option texts a select offers (opens and closes it). */
  async function optionsOf(dialog: Locator, label: RegExp, expectedCount: number): Promise<string[]> {
    await dialog.getByRole('combobox', { name: label }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await options.nth(expectedCount - 1).waitFor();
    const texts = await options.allInnerTexts();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    return texts;
  }

  const selectText = async (dialog: Locator, label: RegExp) =>
    (await dialog.getByRole('combobox', { name: label }).innerText()).trim();

  it('refuses a 9-digit phone without saving, then registers with the cascading location', async () => {
    await screenshotOnFailure(page, 'companies-add', async () => {
      const provinces = await names('provinces');
      expect(provinces.length).toBeGreaterThan(1);
      const [first, second] = provinces as [Named, Named];
      const firstDistricts = await names(`districts/${first.id}`);
      const secondDistricts = await names(`districts/${second.id}`);
      const district = secondDistricts[0] as Named;
      const sector = (await names(`sectors/${district.id}`))[0] as Named;
      const cell = (await names(`cells/${sector.id}`))[0] as Named;
      Object.assign(location, {
        province: second.name,
        district: district.name,
        sector: sector.name,
        cell: cell.name,
      });

      await page.goto(`${product.baseUrl}/companies`);
      await page.getByText('No companies yet.').waitFor();
      await page.getByRole('button', { name: 'Add Company' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Company' });
      await dialog.waitFor();

      await dialog.getByLabel(/^Company name/).fill(company.name);
      await dialog.getByRole('combobox', { name: /^Company category/ }).click();
      const categoryOption = page.getByRole('listbox').getByRole('option').nth(1);
      category = (await categoryOption.innerText()).trim();
      await categoryOption.click();
      await choose(dialog, /^Registration type/, 'Company');
      await dialog.getByLabel(/^TIN/).fill(company.tin);
      await dialog.getByLabel(/^Telephone/).fill(company.telephone.slice(0, 9));
      await dialog.getByLabel(/^Email/).fill(company.email);
      await dialog.getByLabel(/^Activities/).fill(company.activities);
      await dialog.getByLabel(/^Address/).fill(company.address);
      await dialog.getByLabel(/^Contact person name/).fill(company.contactName);
      await dialog.getByLabel(/^Contact person job title/).fill(company.contactJobTitle);
      await dialog.getByLabel(/^Contact person phone/).fill(company.contactPhone);
      await dialog.getByLabel(/^Contact person email/).fill(company.contactEmail);
      await dialog.getByRole('radio', { name: 'No' }).check();

      // The lower levels wait for their parent.
      expect(await dialog.getByRole('combobox', { name: /^District/ }).getAttribute('aria-disabled')).toBe('true');
      expect(await dialog.getByRole('combobox', { name: /^Cell/ }).getAttribute('aria-disabled')).toBe('true');

      // A province lists its districts; another province clears the district and lists its own.
      await choose(dialog, /^Province/, first.name);
      expect(await optionsOf(dialog, /^District/, firstDistricts.length + 1)).toEqual([
        '--Select--',
        ...firstDistricts.map((d) => d.name),
      ]);
      await choose(dialog, /^District/, (firstDistricts[0] as Named).name);
      expect(await selectText(dialog, /^District/)).toBe((firstDistricts[0] as Named).name);
      await choose(dialog, /^Province/, second.name);
      expect(await selectText(dialog, /^District/)).toBe('--Select--');
      expect(await dialog.getByRole('combobox', { name: /^Sector/ }).getAttribute('aria-disabled')).toBe('true');
      expect(await optionsOf(dialog, /^District/, secondDistricts.length + 1)).toEqual([
        '--Select--',
        ...secondDistricts.map((d) => d.name),
      ]);
      await choose(dialog, /^District/, district.name);
      await choose(dialog, /^Sector/, sector.name);
      await choose(dialog, /^Cell/, cell.name);

      // The 9-digit phone is refused in the browser: nothing reaches the server.
      await dialog.getByRole('button', { name: 'Register' }).click();
      await dialog.getByText('Enter a 10 digit phone number.', { exact: true }).first().waitFor();
      expect(await dialog.isVisible()).toBe(true);
      const { id, token } = await storedUser(page);
      expect((await apiCall<unknown[]>(product, 'GET', `companies/${id}`, { token })).data).toEqual([]);

      await dialog.getByLabel(/^Telephone/).fill(company.telephone);
      await dialog.getByRole('button', { name: 'Register' }).click();
      await page.getByRole('status').filter({ hasText: 'Registration successful!' }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({ hasText: company.name });
      await row.waitFor();
      expect(await row.getByRole('cell').allInnerTexts()).toEqual([
        company.name,
        company.tin,
        company.telephone,
        company.email,
        '',
      ]);
      const stored = await apiCall<Array<Record<string, unknown>>>(product, 'GET', `companies/${id}`, { token });
      expect(stored.data).toHaveLength(1);
      expect(stored.data[0]).toMatchObject({
        province_id: second.id,
        district_id: district.id,
        sector_id: sector.id,
        cell_id: cell.id,
        average_monthly_plastic_quantity: null,
      });
    });
  });

  it('updates the telephone and the single-use plastics answer', async () => {
    await screenshotOnFailure(page, 'companies-edit', async () => {
      await page.getByRole('button', { name: `Edit ${company.name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Company' });
      await dialog.waitFor();
      expect(await dialog.getByLabel(/^Telephone/).inputValue()).toBe(company.telephone);
      expect(await dialog.getByLabel(/^Average monthly plastic quantity/).count()).toBe(0);

      await dialog.getByLabel(/^Telephone/).fill(newTelephone);
      await dialog.getByRole('radio', { name: 'Yes' }).check();
      const average = dialog.getByLabel(/^Average monthly plastic quantity/);
      await average.waitFor();
      // Yes makes the average required.
      await dialog.getByRole('button', { name: 'Update' }).click();
      await dialog.getByText('This field is required', { exact: true }).waitFor();
      await average.fill('120.5');
      await dialog.getByRole('button', { name: 'Update' }).click();

      await page.getByRole('status').filter({ hasText: 'Company successfully updated!' }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('row').filter({ hasText: company.name }).getByRole('cell', { name: newTelephone }).waitFor();
      expect(await page.getByRole('cell', { name: company.telephone, exact: true }).count()).toBe(0);
    });
  });

  it('prefills every stored value in the edit dialog after a reload', async () => {
    await screenshotOnFailure(page, 'companies-prefill', async () => {
      await page.reload();
      await page.getByRole('button', { name: `Edit ${company.name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Company' });
      await dialog.waitFor();

      const value = (label: RegExp) => dialog.getByLabel(label).inputValue();
      expect(await value(/^Company name/)).toBe(company.name);
      expect(await value(/^TIN/)).toBe(company.tin);
      expect(await value(/^Telephone/)).toBe(newTelephone);
      expect(await value(/^Email/)).toBe(company.email);
      expect(await value(/^Activities/)).toBe(company.activities);
      expect(await value(/^Address/)).toBe(company.address);
      expect(await value(/^Contact person name/)).toBe(company.contactName);
      expect(await value(/^Contact person job title/)).toBe(company.contactJobTitle);
      expect(await value(/^Contact person phone/)).toBe(company.contactPhone);
      expect(await value(/^Contact person email/)).toBe(company.contactEmail);
      expect(await dialog.getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
      expect(await dialog.getByRole('radio', { name: 'No' }).isChecked()).toBe(false);
      expect(await value(/^Average monthly plastic quantity/)).toBe('120.5');
      expect(await selectText(dialog, /^Registration type/)).toBe('Company');

      // The selects show their names once their options have arrived.
      const shows = async (label: RegExp, text: string) => {
        await dialog.getByRole('combobox', { name: label }).filter({ hasText: text }).waitFor();
        expect(await selectText(dialog, label)).toBe(text);
      };
      await shows(/^Company category/, category);
      await shows(/^Province/, location.province);
      await shows(/^District/, location.district);
      await shows(/^Sector/, location.sector);
      await shows(/^Cell/, location.cell);

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    });
  });

  it('shows the company as text, its location by name, and leads to Edit', async () => {
    await screenshotOnFailure(page, 'companies-details', async () => {
      await page.getByRole('button', { name: `View ${company.name}` }).click();
      const dialog = page.getByRole('dialog', { name: company.name });
      await dialog.getByText(location.cell, { exact: true }).waitFor();
      expect(await dialog.locator('input, select, [role=combobox]').count()).toBe(0);
      expect(await termsOf(dialog.locator('dl').last())).toEqual({
        Province: location.province,
        District: location.district,
        Sector: location.sector,
        Cell: location.cell,
      });
      expect(await termsOf(dialog.locator('dl').first())).toMatchObject({
        'Company category': category,
        TIN: company.tin,
        Telephone: newTelephone,
        'Contact person email': company.contactEmail,
      });
      await dialog.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Company' });
      expect(await edit.getByLabel(/^Company name/).inputValue()).toBe(company.name);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.waitFor({ state: 'detached' });
    });
  });
});
