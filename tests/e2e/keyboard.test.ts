/**
 * Every service with the keyboard only, and axe on its pages: for each service (and each form of a
 * service with variants) the information page and the wizard's step 1 have no WCAG 2.1 AA
 * violation; Tab reaches every control of step 1 in turn (a radio group is one stop), a text field
 * takes typing, the arrow keys move a radio group's choice to the next option and back (Tab then
 * leaves the group) and choose a select's option, and Enter on Next validates the step.
 * All of it under the portal's Content-Security-Policy, watched as content-security-policy.test.ts
 * watches its pages (policyViolations): no violation in any of those pages, step 1's errors included.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loadServiceDefinitions } from '../../engine/core/load-definitions';
import { formsOf } from '../../engine/core/service-forms';
import { readServiceFiles } from '../../engine/core/node/read-service-files';
import { violations } from './axe';
import { addCompanyThroughUi, loginThroughUi, newAccount, registerThroughApi } from './flows';
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

/**
 * Marks the page's controls with a key Tab should reach: radios of one group share theirs (the
 * group is one stop). Installed once per page, as `window.__controlKey` (the portal's policy forbids
 * building functions from strings, so the key cannot travel as text).
 */
async function installControlKey(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __controlKey: (element: Element) => string }).__controlKey = (element) =>
      element instanceof HTMLInputElement && element.type === 'radio'
        ? `radio:${element.name}`
        : element.id || element.getAttribute('name') || element.outerHTML.slice(0, 80);
  });
}

type KeyedWindow = Window & { __controlKey: (element: Element) => string };

/** The keys of the enabled, visible controls of the form, once its fields stop appearing. */
async function formControls(page: Page): Promise<string[]> {
  let previous = -1;
  for (;;) {
    const keys = await page.evaluate(() => {
      const key = (window as unknown as KeyedWindow).__controlKey;
      const controls = [
        ...document.querySelectorAll<HTMLElement>(
          'form input:not([type=hidden]):not([disabled]), form select:not([disabled]), form textarea:not([disabled]), form [role=combobox]:not([aria-disabled=true])',
        ),
      ].filter((element) => element.getClientRects().length > 0 && element.tabIndex >= 0);
      return [...new Set(controls.map(key))];
    });
    if (keys.length === previous) return keys;
    previous = keys.length;
    await page.waitForTimeout(300);
  }
}

/** Presses Tab until the focus reaches `until` (or leaves the page), answering the controls met. */
async function tabThrough(page: Page, until: (name: string) => boolean, limit = 200): Promise<Set<string>> {
  const met = new Set<string>();
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      return { key: (window as unknown as KeyedWindow).__controlKey(element), name: element.textContent ?? '' };
    });
    if (!focused) break;
    met.add(focused.key);
    if (until(focused.name)) break;
  }
  return met;
}

describe('every service with the keyboard only, and axe on its pages', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  let policyBreaches: string[] = [];

  beforeAll(async () => {
    product = await startProduct();
    const account = newAccount('Olivier', 'Habimana');
    await registerThroughApi(product, account);
    browser = await launchBrowser();
    const context = await browser.newContext();
    policyBreaches = await policyViolations(context);
    page = await context.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    await loginThroughUi(page, product, account.email, account.password);
    await addCompanyThroughUi(page, product, {
      name: 'Gishwati Traders',
      tin: '777888999',
      telephone: '0788777888',
      email: 'info@gishwati.example.org',
    });
  });

  afterEach(() => {
    expect(policyBreaches).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it.each(definitions.map((definition) => [definition.key, definition] as const))(
    'service %s',
    async (key, definition) => {
      await screenshotOnFailure(page, `keyboard-${key}`, async () => {
        await page.goto(`${product.baseUrl}${definition.routes.info}`);
        await page.getByRole('link', { name: 'Apply Now' }).first().waitFor();
        expect(await violations(page)).toEqual([]);

        for (const form of formsOf(definition)) {
          await page.goto(`${product.baseUrl}${definition.routes.apply}`);
          await page.getByRole('heading', { name: 'Application Details' }).waitFor();
          if (definition.variants && form.variant) {
            // The convention (or other variant) is chosen with the keyboard too.
            const chooser = page.getByRole('radiogroup', { name: definition.variants.label });
            await chooser.getByRole('radio').first().focus();
            const index = definition.variants.options.findIndex((option) => option.variant?.key === form.variant?.key);
            for (let i = 0; i < index; i += 1) await page.keyboard.press('ArrowRight');
            await page.keyboard.press('Space');
            expect(await chooser.getByLabel(form.variant.label, { exact: true }).isChecked()).toBe(true);
          }
          await page.locator('form').first().waitFor();
          await installControlKey(page);
          const controls = await formControls(page);
          expect(controls.length).toBeGreaterThan(0);
          expect(await violations(page)).toEqual([]);

          // Tab from the top of the page reaches every control, then Next.
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.getByRole('heading', { name: 'Application Details' }).focus();
          const met = await tabThrough(page, (name) => name === 'Next');
          expect(controls.filter((control) => !met.has(control))).toEqual([]);

          // Operate a control of each kind with the keyboard.
          const text = page.locator('form input[type=text]:not([readonly]), form textarea:not([readonly])').first();
          if ((await text.count()) > 0) {
            await text.focus();
            await page.keyboard.type('Typed with the keyboard');
            expect(await text.inputValue()).toContain('Typed with the keyboard');
          }
          const radio = page.locator('form input[type=radio]:not([disabled])').first();
          if ((await radio.count()) > 0) {
            await radio.focus();
            await page.keyboard.press('Space');
            expect(await radio.isChecked()).toBe(true);
            const group = await radio.getAttribute('name');
            const options = page.locator(`form input[type=radio][name="${group}"]`);
            await page.keyboard.press('ArrowRight');
            // The arrow keys move the choice to the next option, back, and on again (the answer the
            // rest of the step is checked with).
            if ((await options.count()) > 1) {
              await expect.poll(() => options.nth(1).isChecked()).toBe(true);
              await page.keyboard.press('ArrowLeft');
              await expect.poll(() => options.first().isChecked()).toBe(true);
              await page.keyboard.press('ArrowRight');
              await expect.poll(() => options.nth(1).isChecked()).toBe(true);
            }
            const checked = page.locator(`form input[type=radio][name="${group}"]:checked`);
            expect(await checked.count()).toBe(1);
            // The group is one Tab stop: Tab leaves it.
            await page.keyboard.press('Tab');
            const inGroup = await page.evaluate(
              (name) => document.activeElement instanceof HTMLInputElement && document.activeElement.name === name,
              group,
            );
            expect(inGroup).toBe(false);
          }
          const select = page.locator('form select:not([disabled])').first();
          if ((await select.count()) > 0 && (await select.locator('option').count()) > 1) {
            await select.focus();
            await page.keyboard.press('ArrowDown');
            expect(await select.inputValue()).not.toBe('');
          }

          // Enter on Next validates the step (the rest of the form is still empty).
          await page.getByRole('button', { name: 'Next' }).focus();
          await page.keyboard.press('Enter');
          await page.getByText('Please correct the highlighted fields before continuing.').waitFor();
        }
      });
    },
    120_000,
  );
});
