/**
 * The portal under its Content-Security-Policy (server/security-headers.ts: no inline scripts, no
 * `eval`): every page of the portal is opened in Chromium on the real product, and any violation
 * fails the test: `securitypolicyviolation` events of the page, console messages and page errors that
 * name the policy (policyViolations, harness.ts). Covered: every route of app/routes.tsx (the public
 * pages, sign-out, the studio with its fixtures, the signed-in pages, a page not found and a page whose
 * code fails to load), every service of services/ (the view of an application that does not exist;
 * their info pages and the first step of each form with its validation errors shown are opened under
 * the same watch by keyboard.test.ts; for plastics here the wizard, the confirm step, submit, the
 * submitted and the approved application's view), the feature page a service opens, the wizard in German, whose precompiled
 * validator is another module, and the answers a browser may open outside the pages: a built asset,
 * API answers and error envelopes, and the certificate (its facts and its PDF).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loadServiceDefinitions } from '../../engine/core/load-definitions';
import { formsOf } from '../../engine/core/service-forms';
import { readServiceFiles } from '../../engine/core/node/read-service-files';
import {
  addCompanyThroughUi,
  apiCall,
  applyForPlastics,
  loginThroughUi,
  newAccount,
  registerThroughApi,
  listedApplication,
} from './flows';
import {
  PATIENCE_MS,
  launchBrowser,
  policyViolations,
  screenshotOnFailure,
  startProduct,
  type RunningProduct,
} from './harness';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const { definitions } = loadServiceDefinitions(readServiceFiles(join(root, 'services')).files);

describe('Content-Security-Policy', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  let violations: string[] = [];
  const files = mkdtempSync(join(tmpdir(), 'ecopermit-files-'));
  const company = 'Nyungwe Packaging';

  beforeAll(async () => {
    // The studio open (no staff key), so its page is covered like the others.
    product = await startProduct({ STUDIO: 'open' });
    browser = await launchBrowser();
    const context = await browser.newContext();
    violations = await policyViolations(context);
    page = await context.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
  });

  afterEach(() => {
    expect(violations).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  /** Checks that an answer carries the portal's policy and the other browser headers. */
  function expectPolicy(headers: Record<string, string>, path: string): void {
    const policy = headers['content-security-policy'] ?? '';
    expect(policy, path).toContain("script-src 'self'");
    expect(policy, path).toContain("default-src 'self'");
    expect(policy, path).toContain("frame-ancestors 'none'");
    expect(policy, path).not.toContain('unsafe-eval');
    expect(policy, path).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('no-referrer');
  }

  /** Opens `path` as a new document, checks that it carries the policy and waits until it has settled. */
  async function open(path: string): Promise<number> {
    const response = await page.goto(`${product.baseUrl}${path}`);
    expectPolicy(response?.headers() ?? {}, path);
    await page.waitForLoadState('networkidle');
    return response?.status() ?? 0;
  }

  it('notices a violation (the check itself works)', async () => {
    await open('/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true;';
      document.head.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations.join('\n')).toMatch(/script-src/);
    expect(await page.evaluate(() => 'inlineScriptRan' in window)).toBe(false);
    violations.length = 0;
  });

  it('public pages', async () => {
    await screenshotOnFailure(page, 'csp-public', async () => {
      await open('/');
      await page.getByRole('button', { name: 'Show More' }).waitFor();
      await open('/login');
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await open('/register');
      await page.getByRole('button', { name: 'Register' }).waitFor();
      await open('/forgot-password');
      await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
      // Signing out without a session ends on the sign-in page.
      await open('/logout');
      await page.getByRole('button', { name: 'Login' }).waitFor();
    });
  });

  it('the studio: a fixture, its steps, calls and messages', async () => {
    await screenshotOnFailure(page, 'csp-studio', async () => {
      await open('/studio');
      await page.getByRole('heading', { name: 'Service studio' }).waitFor();
      await page.getByText('No problems in the definitions.').waitFor();
      await page.getByRole('combobox', { name: 'Fixture' }).click();
      await page.getByRole('option', { name: /^bad-id-number\.json/ }).click();
      await page.getByRole('tab', { name: 'Messages in every language' }).click();
      await page.getByText('The errors are those the fixture expects.').waitFor();
      await page.getByRole('tab', { name: 'Server calls' }).click();
      await page.getByText('POST /api/clients/applications/plastic-bags-authorization').waitFor();
      await page.getByRole('tab', { name: 'Step 1: fields shown' }).click();
      await page.getByRole('table', { name: 'Step 1: fields shown' }).waitFor();
      // The live form imports the validators the studio's API made: a script of the portal's origin.
      await page.getByRole('textbox', { name: /^Identification number/ }).waitFor();
      await page.getByRole('tab', { name: 'Step 3: confirm' }).click();
      await page.getByRole('cell', { name: 'Small bottles for hand-made lotions sold at a market stall.' }).waitFor();
    });
  });

  it('signed-in pages', async () => {
    await screenshotOnFailure(page, 'csp-signed-in', async () => {
      const account = newAccount('Claudine', 'Uwimana');
      await registerThroughApi(product, account);
      await open('/login');
      await loginThroughUi(page, product, account.email, account.password);
      await addCompanyThroughUi(page, product, {
        name: company,
        tin: '444555666',
        telephone: '0788444555',
        email: 'info@nyungwe.example.org',
      });
      await open('/dashboard');
      await page.getByRole('heading', { name: 'Your Applications' }).waitFor();
      await open('/services');
      await page.getByRole('heading', { name: 'Services' }).first().waitFor();
      await open('/companies');
      await page.getByRole('cell', { name: company, exact: true }).waitFor();
      await open('/profile');
      await page.getByRole('heading', { name: 'Profile' }).waitFor();
      await open('/plastics-recycled');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    });
  });

  it('error pages: a page not found, a page whose code fails to load, an unknown application', async () => {
    await screenshotOnFailure(page, 'csp-errors', async () => {
      await open('/no-such-page');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      // The profile page's code cannot be fetched: the page's error takes its place.
      await page.route(/\/assets\/[^?]*profile-page[^?]*\.js/, (route) => route.abort());
      try {
        await open('/profile');
        await page.getByText('Something went wrong').waitFor();
      } finally {
        await page.unrouteAll();
      }
      for (const definition of definitions) {
        await open(`${definition.routes.view}?appId=999999`);
        await page.getByRole('heading', { name: 'Application not found', level: 1 }).waitFor();
      }
    });
  });

  it('answers opened outside the pages: an asset, API answers and error envelopes', async () => {
    await screenshotOnFailure(page, 'csp-answers', async () => {
      await open('/');
      const script = await page.evaluate(
        () => document.querySelector<HTMLScriptElement>('script[type=module][src]')?.getAttribute('src') ?? '',
      );
      expect(script).toMatch(/^\/assets\//);
      expect(await open(script)).toBe(200);
      expect(await open('/api/services')).toBe(200);
      expect(await open('/api/no-such-call')).toBe(404);
      expect(await open('/api/%zz')).toBe(404);
      expect(await open('/api/companies/1')).toBe(401);
      expect(await open('/api/verify/certificate/AAAAAAAAAAAAAAAAAAAAAA')).toBe(404);
      await page.getByText('Certificate not found').waitFor();
    });
  });

  // Every service's information page and the first step of each of its forms, with its errors, are
  // opened under the same watch by keyboard.test.ts; here one service goes on to the end.
  it('service plastics: info, wizard with validation errors, submit and view', async () => {
    const definition = definitions.find((candidate) => candidate.key === 'plastics');
    if (!definition) throw new Error('no plastics service');
    await screenshotOnFailure(page, 'csp-plastics', async () => {
      await open(definition.routes.info);
      await page.getByRole('link', { name: 'Apply Now' }).first().waitFor();

      // The wizard's validator runs: an empty step 1 shows its errors, in every form of the service.
      await open(definition.routes.apply);
      await page.getByRole('heading', { name: definition.wizard.title }).waitFor();
      await page.getByRole('heading', { name: 'Application Details' }).waitFor();
      for (const form of formsOf(definition)) {
        if (definition.variants && form.variant)
          await page
            .getByRole('radiogroup', { name: definition.variants.label })
            .getByLabel(form.variant.label, { exact: true })
            .check();
        // Pressed from the keyboard: a pointer aimed at Next right after the jump to the page's end can
        // be released beside it, as fields scrolled into view take their drawn heights (their
        // `content-visibility` guess was 80 px) and move the button between the press and the release.
        // (A key press does not wait for the button to be enabled: Next waits for the form to be whole.)
        const next = page.getByRole('button', { name: 'Next' });
        await expect.poll(() => next.isEnabled(), { timeout: PATIENCE_MS }).toBe(true);
        await next.press('Enter');
        await page.getByText('Please correct the highlighted fields before continuing.').waitFor();
        await page.getByText('This field is required').first().waitFor();
      }

      // Steps 1 to 3 and the submit.
      await applyForPlastics(page, product, company, files);
      const submitted = await listedApplication(page, product, definition.id);

      // The read-only view: its answers as text.
      await open(`${definition.routes.view}?appId=${submitted.id}`);
      await page.getByText('Attachments').first().waitFor();
      await page.getByRole('table', { name: 'Details' }).waitFor();
      if (definition.routes.edit) {
        await open(`${definition.routes.edit}?appId=${submitted.id}`);
        await page.getByText('Attachments').first().waitFor();
      }

      // Approved: the view with its certificate link, the certificate's facts and its PDF.
      const detail = await apiCall<{ app_id: string }>(product, 'GET', `application/${submitted.id}`, {
        token: submitted.token,
      });
      await product.staff('status', detail.data.app_id, '6', '--comment', 'Approved.');
      await open(`${definition.routes.view}?appId=${submitted.id}`);
      await page.getByText('Application Approved').waitFor();
      const certificate = await page.getByRole('link', { name: 'View Certificate' }).getAttribute('href');
      if (!certificate) throw new Error('no certificate link');
      expect(await open(`${certificate}?format=json`)).toBe(200);
      await page.getByText(detail.data.app_id).first().waitFor();
      // The PDF is shown by the browser's viewer, not by the page: its answer keeps the page from
      // being framed and from being sniffed as anything else.
      const pdf = await page.request.get(`${product.baseUrl}${certificate}`);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect(pdf.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(pdf.headers()['x-content-type-options']).toBe('nosniff');
      expect(pdf.headers()['cache-control']).toBe('no-store');
    });
  });

  it('the wizard in German, with its own precompiled validator', async () => {
    await screenshotOnFailure(page, 'csp-german', async () => {
      const plastics = definitions.find((definition) => definition.key === 'plastics');
      if (!plastics) throw new Error('no plastics service');
      await page.evaluate(() => localStorage.setItem('lang', 'de'));
      try {
        await open(plastics.routes.apply);
        await page.getByRole('heading', { name: 'Antragsdetails' }).waitFor();
        await page.getByRole('button', { name: 'Weiter' }).click();
        await page.getByText('Bitte korrigieren Sie die markierten Felder, bevor Sie fortfahren.').waitFor();
        await page.getByText('Dieses Feld ist erforderlich').first().waitFor();
      } finally {
        await page.evaluate(() => localStorage.removeItem('lang'));
      }
    });
  });
});
