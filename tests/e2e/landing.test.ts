/**
 * The public landing page at /: the 'Our Services' list from the API (6 cards first, 'Show More'
 * reveals all), drawn into the page by the build and read again once the page runs, and a signed-in
 * user sent on to the dashboard. (The loading and failure states of a page without a drawn list are
 * component tests: app/routes.test.tsx.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { apiCall, loginThroughUi, newAccount, registerThroughApi } from './flows';
import { PATIENCE_MS, launchBrowser, screenshotOnFailure, startProduct, type RunningProduct } from './harness';

/** Only the public services list (GET /api/services), not e.g. /api/service/attachments/1. */
const isServicesCall = (url: URL) => url.pathname === '/api/services';

describe('landing page', () => {
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  /** A fresh visitor: own context, so no stored user or language leaks between tests. */
  async function newVisitor(): Promise<Page> {
    await context?.close();
    context = await browser.newContext();
    page = await context.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    return page;
  }

  it("serves the portal's production build", async () => {
    // A development build (e.g. built with vitest's NODE_ENV=test inherited) runs every effect twice
    // under StrictMode and is what `npm start` would keep serving; scripts/start.mjs forces production.
    const html = await (await fetch(`${product.baseUrl}/`)).text();
    const entry = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    const script = await (await fetch(new URL(entry ?? '', product.baseUrl))).text();
    expect(script).not.toContain('react.dev/link/react-devtools');
  });

  it('has a favicon: nothing a page asks for is missing', async () => {
    for (const [path, type] of [
      ['/favicon.ico', 'image/'],
      ['/favicon.svg', 'image/svg+xml'],
    ] as const) {
      const answer = await fetch(`${product.baseUrl}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type'), path).toContain(type);
    }
    await newVisitor();
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`);
    });
    for (const path of ['/', '/login', '/register']) {
      await page.goto(`${product.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
    }
    const icons = await page
      .locator('link[rel=icon]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(icons).toEqual(['/favicon.ico', '/favicon.svg']);
    expect(missing).toEqual([]);
  });

  it('shows 6 of the services first and all of them after Show More', async () => {
    await newVisitor();
    await screenshotOnFailure(page, 'landing-services', async () => {
      const api = await apiCall<Array<{ id: number; name: string }>>(product, 'GET', 'services');
      // The spec's landing page has more services than the 6 it shows first.
      expect(api.data.length).toBeGreaterThan(6);

      await page.goto(`${product.baseUrl}/`);
      await page.getByRole('link', { name: 'Login' }).first().waitFor();
      await page.getByRole('link', { name: 'Register' }).first().waitFor();
      const section = page.getByRole('region', { name: 'Our Services' });
      await section.getByRole('heading', { name: 'Our Services' }).waitFor();
      const cards = section.getByRole('listitem');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(6);
      const firstNames = await section.getByRole('heading', { level: 3 }).allInnerTexts();
      expect(firstNames).toEqual(api.data.slice(0, 6).map((s) => s.name));

      await section.getByRole('button', { name: 'Show More' }).click();
      await cards.nth(api.data.length - 1).waitFor();
      expect(await cards.count()).toBe(api.data.length);
      const allNames = await section.getByRole('heading', { level: 3 }).allInnerTexts();
      expect(allNames).toEqual(api.data.map((s) => s.name));
      expect(await section.getByRole('button', { name: 'Show More' }).count()).toBe(0);
    });
  });

  it('lists the services before any script runs, then the newer list the API answers', async () => {
    const api = await apiCall<Array<{ id: number; name: string }>>(product, 'GET', 'services');
    await context?.close();
    context = await browser.newContext({ javaScriptEnabled: false });
    page = await context.newPage();
    await screenshotOnFailure(page, 'landing-no-script', async () => {
      await page.goto(`${product.baseUrl}/`);
      const section = page.getByRole('region', { name: 'Our Services' });
      expect(await section.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(
        api.data.slice(0, 6).map((s) => s.name),
      );
      expect(await section.getByText('Loading services...').count()).toBe(0);
      expect(await section.getByRole('button', { name: 'Show More' }).getAttribute('inert')).toBe('');
      // A prerendered form stays still until its script runs: nothing would send it natively.
      await page.goto(`${product.baseUrl}/login`);
      await page.getByRole('heading', { name: 'Login' }).waitFor();
      expect(await page.locator('form').getAttribute('inert')).toBe('');
      // So do a service page's tabs: a tab clicked before the script runs would be lost (the
      // ninth service's test clicks one once the page runs).
      await page.goto(`${product.baseUrl}/auth-plastics`);
      expect(await page.locator('[inert] [role=tab]').count()).toBe(2);
    });

    await newVisitor();
    await screenshotOnFailure(page, 'landing-refreshed', async () => {
      await page.route(isServicesCall, async (route: Route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as { data: Array<{ name: string }> };
        body.data[0] = { ...body.data[0], name: 'A service renamed since the build' };
        await route.fulfill({ response: answer, json: body });
      });
      await page.goto(`${product.baseUrl}/`);
      const section = page.getByRole('region', { name: 'Our Services' });
      await section.getByRole('heading', { name: 'A service renamed since the build' }).waitFor();
      expect(await section.getByRole('listitem').count()).toBe(6);
      await page.goto(`${product.baseUrl}/login`);
      await page.getByLabel(/^Password/).fill('typed once the page runs');
      expect(await page.locator('form').getAttribute('inert')).toBeNull();
    });
  });

  it('keeps the list it was drawn with when the services cannot be read again', async () => {
    await newVisitor();
    await screenshotOnFailure(page, 'landing-failed', async () => {
      let asked = 0;
      await page.route(isServicesCall, (route: Route) => {
        asked += 1;
        return route.abort('connectionrefused');
      });
      await page.goto(`${product.baseUrl}/`);
      await page.waitForLoadState('networkidle');
      expect(asked).toBeGreaterThan(0);
      const section = page.getByRole('region', { name: 'Our Services' });
      expect(await section.getByRole('listitem').count()).toBe(6);
      expect(await section.getByText('Failed to load services. Please try again later.').count()).toBe(0);
    });
  });

  it('sends a signed-in user from / to the dashboard', async () => {
    await newVisitor();
    await screenshotOnFailure(page, 'landing-signed-in', async () => {
      const account = newAccount('Eric', 'Niyonzima');
      await registerThroughApi(product, account);
      await loginThroughUi(page, product, account.email, account.password);

      await page.goto(`${product.baseUrl}/`);
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { name: 'Your Applications' }).waitFor();
      expect(await page.getByRole('region', { name: 'Our Services' }).count()).toBe(0);
    });
  });
});
