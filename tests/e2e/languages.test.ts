/**
 * Interface languages in a real browser: switching to Deutsch with the language switcher, keeping
 * the choice over a reload (localStorage `lang`), the dashboard in German, and the plastics wizard
 * with its definition's German texts, German reference data and German validation messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loginThroughUi, newAccount, registerThroughApi } from './flows';
import { PATIENCE_MS, launchBrowser, screenshotOnFailure, startProduct, type RunningProduct } from './harness';

describe('languages', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  const account = newAccount('Heidi', 'Keza');

  beforeAll(async () => {
    product = await startProduct();
    await registerThroughApi(product, account);
    browser = await launchBrowser();
    page = await (await browser.newContext({ locale: 'en-US' })).newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    await loginThroughUi(page, product, account.email, account.password);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const storedLanguage = () => page.evaluate(() => localStorage.getItem('lang'));

  it('switches to Deutsch with the language switcher', async () => {
    await screenshotOnFailure(page, 'languages-switch', async () => {
      expect(await storedLanguage()).toBeNull();
      await page.getByRole('button', { name: 'Language: English' }).click();
      await page.getByRole('menuitem', { name: 'Deutsch' }).click();

      // The page changes at once, without a reload.
      await page.getByRole('heading', { name: 'Ihre Anträge' }).waitFor();
      expect(await storedLanguage()).toBe('de');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    });
  });

  it('keeps German over a reload', async () => {
    await screenshotOnFailure(page, 'languages-reload', async () => {
      await page.reload();
      await page.getByRole('heading', { name: 'Ihre Anträge' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Your Applications' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Sprache: Deutsch' }).waitFor();
      const sidebar = page.getByRole('navigation', { name: 'Bereiche' });
      await sidebar.getByRole('link', { name: 'Übersicht' }).waitFor();
      await sidebar.getByRole('link', { name: 'Unternehmen' }).waitFor();
      expect(await storedLanguage()).toBe('de');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    });
  });

  it('shows the plastics form and its messages in German', async () => {
    await screenshotOnFailure(page, 'languages-wizard', async () => {
      await page.goto(`${product.baseUrl}/auth-plastics-apply`);
      await page.getByRole('heading', { name: 'Antrag | Genehmigung für die Verwendung von Kunststoffen' }).waitFor();
      // Field titles come from services/plastics/i18n/de.json, the steps from the engine's catalogue.
      await page.getByLabel(/^Kunststoffart/).waitFor();
      await page.getByLabel(/^Beschreibung/).waitFor();
      await page.getByText('Antragsdetails').first().waitFor();
      await page.getByRole('radio', { name: 'Privatperson' }).waitFor();
      expect(await page.getByText('Plastic type', { exact: true }).count()).toBe(0);
      // Reference data comes in German from the API (fixtures/lookups/i18n/de.json); the record keeps
      // the English name, which the rules compare.
      const plasticType = page.getByLabel(/^Kunststoffart/).and(page.locator('select'));
      await plasticType.locator('option', { hasText: 'Kunststofftragetaschen' }).waitFor({ state: 'attached' });
      expect(await plasticType.locator('option', { hasText: 'Plastic carry bags' }).count()).toBe(0);
      const area = page.getByLabel(/^Anwendungsbereich/).and(page.locator('select'));
      await area.locator('option', { hasText: 'Sonstiges' }).waitFor({ state: 'attached' });
      await area.selectOption({ label: 'Sonstiges' });
      await page.getByLabel(/^Anderer Anwendungsbereich/).waitFor();

      await page.getByRole('button', { name: 'Weiter' }).click();
      await page.getByText('Bitte korrigieren Sie die markierten Felder, bevor Sie fortfahren.').waitFor();
      await page.getByText('Dieses Feld ist erforderlich').first().waitFor();
      expect(await page.getByText('is a required property').count()).toBe(0);
      expect(await page.getByText('This field is required').count()).toBe(0);
      expect(await storedLanguage()).toBe('de');
    });
  });

  it("shows the server's answer in German: a refused sign-in", async () => {
    await screenshotOnFailure(page, 'languages-server', async () => {
      await page.evaluate(() => localStorage.removeItem('user'));
      await page.goto(`${product.baseUrl}/login`);
      await page.getByLabel(/^E-Mail-Adresse oder Telefonnummer/).fill(account.email);
      await page.getByLabel(/^Passwort/).fill('Not-The-Password-1');
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await page.getByText('Benutzername oder Passwort ungültig').waitFor();
      expect(await page.getByText('Invalid username or password').count()).toBe(0);
    });
  });
});
