/**
 * The portal under its Content-Security-Policy (server/security-headers.ts: no inline scripts, no
 * `eval`): every page of the portal is opened in Chromium on the real product, and any violation
 * fails the test: `securitypolicyviolation` events of the page, console messages and page errors that
 * name the policy. Covered: the public pages, the signed-in pages, and every service of services/
 * (info page, wizard with its validation errors shown, confirm step, submit, and the submitted
 * application's view), plus the wizard in German, whose precompiled validator is another module.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
  storedUser,
} from './flows';
import { launchBrowser, screenshotOnFailure, startProduct, type RunningProduct } from './harness';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const { definitions } = loadServiceDefinitions(readServiceFiles(join(root, 'services')).files);

/** A message about the policy: Chromium's "Refused to ... Content Security Policy", or an EvalError. */
const POLICY_MESSAGE = /Content Security Policy|unsafe-eval|EvalError/i;

describe('Content-Security-Policy', () => {
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const violations: string[] = [];
  const files = mkdtempSync(join(tmpdir(), 'ecopermit-files-'));
  const company = 'Nyungwe Packaging';

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    context = await browser.newContext();
    await context.exposeBinding('__reportCspViolation', (_source, text: unknown) => {
      violations.push(String(text));
    });
    // Before any script of the page: a violation during start-up counts too.
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
        const where = `${event.sourceFile || location.href}:${event.lineNumber}`;
        void report(
          `${event.effectiveDirective} blocked ${event.blockedURI || event.sample || '(inline)'} at ${where}`,
        );
      });
    });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('console', (message) => {
      if (POLICY_MESSAGE.test(message.text())) violations.push(`console ${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => {
      if (POLICY_MESSAGE.test(`${error.name}: ${error.message}`)) violations.push(`page error: ${error.message}`);
    });
  });

  afterEach(() => {
    expect(violations).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  /** Opens `path` as a new document, checks that it carries the policy and waits until it has settled. */
  async function open(path: string): Promise<void> {
    const response = await page.goto(`${product.baseUrl}${path}`);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy, path).toContain("script-src 'self'");
    expect(policy, path).toContain("default-src 'self'");
    expect(policy, path).not.toContain('unsafe-eval');
    await page.waitForLoadState('networkidle');
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

  it.each(definitions.map((definition) => [definition.key, definition] as const))(
    'service %s: info, wizard with validation errors, submit and view',
    async (key, definition) => {
      await screenshotOnFailure(page, `csp-${key}`, async () => {
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
          await page.getByRole('button', { name: 'Next' }).click();
          await page.getByText('Please correct the highlighted fields before continuing.').waitFor();
          await page.getByText('This field is required').first().waitFor();
        }

        // Steps 1 to 3 and the submit; a service other than plastics would need its own form filling.
        if (key !== 'plastics') return;
        await applyForPlastics(page, product, company, files);
        const user = await storedUser(page);
        const list = await apiCall<{ items: Array<{ id: number; service_id: number }> }>(
          product,
          'GET',
          `clients/applications/${user.id}`,
          { token: user.token },
        );
        const submitted = list.data.items.find((item) => item.service_id === definition.id);
        if (!submitted) throw new Error('the submitted application is not listed');

        // The read-only view: its answers as text.
        await open(`${definition.routes.view}?appId=${submitted.id}`);
        await page.getByText('Attachments').first().waitFor();
        await page.getByRole('table', { name: 'Details' }).waitFor();
        if (definition.routes.edit) {
          await open(`${definition.routes.edit}?appId=${submitted.id}`);
          await page.getByText('Attachments').first().waitFor();
        }
      });
    },
  );

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
