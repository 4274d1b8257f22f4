/**
 * Phones in every language: at 360 and 390 px wide, the public pages (landing, login, register),
 * the dashboard and an application's view (its History table included) never scroll sideways, the
 * public navbar folds its links behind a menu button whose links work (the dashboard's cards on
 * phones are checked in its unit test).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { applicantWithSubmittedPlastics, loginThroughUi, newAccount, registerThroughApi } from './flows';
import { PATIENCE_MS, launchBrowser, screenshotOnFailure, startProduct, type RunningProduct } from './harness';

const LANGUAGES = ['en', 'de', 'it', 'ru', 'es'];
const WIDTHS = [360, 390];

/** How far the page reaches past the screen's right edge (0 when nothing overflows). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('phones in five languages', () => {
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const account = newAccount('Keza', 'Umutoni');

  beforeAll(async () => {
    product = await startProduct();
    await registerThroughApi(product, account);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    page = await context.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
  });

  const files = mkdtempSync(join(tmpdir(), 'ecopermit-phones-files-'));

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  it('public pages fit the screen and fold the navbar behind a menu', async () => {
    await screenshotOnFailure(page, 'phones-public', async () => {
      await page.goto(`${product.baseUrl}/`);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        for (const language of LANGUAGES) {
          // As the language menu keeps a choice: in localStorage and in the cookie the server reads.
          await page.evaluate((lang) => {
            localStorage.setItem('lang', lang);
            document.cookie = `lang=${lang}; Path=/`;
          }, language);
          for (const path of ['/', '/login', '/register']) {
            const answer = await page.goto(`${product.baseUrl}${path}`);
            // The page arrives drawn in the language: nothing to switch once the script runs.
            expect(answer?.headers()['content-language']).toBe(language);
            await page.getByRole('heading', { level: 1 }).first().waitFor();
            expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
            // The services the API lists come in the interface language.
            if (path === '/' && language === 'de')
              await page.getByRole('heading', { name: 'Genehmigung für die Verwendung von Kunststoffen' }).waitFor();
            expect(`${language} ${width}px ${path}: ${await overflow(page)}`).toBe(`${language} ${width}px ${path}: 0`);
          }
        }
      }

      // A language kept in localStorage only (chosen before the cookie was kept): the first page comes
      // in English and switches to it, and keeps it in the cookie for the next page.
      await context.clearCookies();
      await page.evaluate(() => localStorage.setItem('lang', 'es'));
      await page.goto(`${product.baseUrl}/login`);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
      expect(await page.evaluate(() => document.cookie)).toContain('lang=es');
      expect((await page.goto(`${product.baseUrl}/login`))?.headers()['content-language']).toBe('es');

      // The folded links: the menu button shows them, and they lead where they say.
      await page.evaluate(() => {
        localStorage.setItem('lang', 'en');
        document.cookie = 'lang=en; Path=/';
      });
      await page.goto(`${product.baseUrl}/`);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      expect(await nav.getByRole('link', { name: 'Login' }).count()).toBe(0);
      const menu = nav.getByRole('button', { name: 'Open navigation' });
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await nav.getByRole('link', { name: 'Login' }).click();
      await page.waitForURL('**/login');
    });
  });

  it('the dashboard fits the screen in every language', async () => {
    await screenshotOnFailure(page, 'phones-dashboard', async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${product.baseUrl}/`);
      await page.evaluate(() => localStorage.setItem('lang', 'en'));
      await loginThroughUi(page, product, account.email, account.password);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        for (const language of LANGUAGES) {
          await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
          await page.goto(`${product.baseUrl}/dashboard`);
          await page.locator('#applications-title').waitFor();
          expect(`${language} ${width}px: ${await overflow(page)}`).toBe(`${language} ${width}px: 0`);
        }
      }
      await page.evaluate(() => localStorage.setItem('lang', 'en'));
    });
  });

  it("an application's view, its History table included, fits the screen in every language", async () => {
    await screenshotOnFailure(page, 'phones-application-view', async () => {
      await context.clearCookies();
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${product.baseUrl}/`);
      await page.evaluate(() => localStorage.clear());
      const { id, appId } = await applicantWithSubmittedPlastics(
        page,
        product,
        newAccount('Eric', 'Nshuti'),
        {
          name: 'Phone Packaging Ltd',
          tin: '109876543',
          telephone: '0788123987',
          email: 'office@phonepack.example.org',
        },
        files,
      );
      // A return with a long comment: the History table then has a row of every column.
      await product.staff(
        'status',
        appId,
        '7',
        '--comment',
        'Please state the quantity in tonnes and attach the supplier invoice (pro-forma accepted).',
      );
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        for (const language of LANGUAGES) {
          await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
          await page.goto(`${product.baseUrl}/view-application?appId=${id}`);
          const history = page.locator('table').filter({ hasText: 'Please state the quantity in tonnes' });
          await history.waitFor();
          // Neither the page nor the table itself scrolls sideways.
          const table = await history.evaluate((element) => element.scrollWidth - element.clientWidth);
          expect(`${language} ${width}px: ${await overflow(page)} ${table}`).toBe(`${language} ${width}px: 0 0`);
        }
      }
      await page.evaluate(() => localStorage.setItem('lang', 'en'));
    });
  });
});
