/**
 * Bench pieces in headless Chromium against the built portal:
 *
 * - keystroke latency: one key every 100 ms into a text field and a long-text area of the audit
 *   form (the largest) and of plastics; for each key the time from keydown to the first task after
 *   the next animation frame (the frame that shows the character), against the same typing into a
 *   plain page with as many native controls (inputs and one <textarea>) opened from the portal's own
 *   origin, in the same browser, in turns over a few rounds. The browser's own work per key grows
 *   with the controls on the page (a plain page of 46 inputs takes longer per key than a page of
 *   one), so the ratio isolates what the portal adds; beside it are the figure against a lone input
 *   and textarea, and the one of the form's page copied without its scripts (what the page's
 *   elements and styles cost the browser by themselves);
 * - wizard time to interactive: from clicking Apply Now on the audit's information page (the draft's
 *   creation included) until its first field takes a typed value, against clicking a link to a plain
 *   page with as many native inputs.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { loadServiceDefinitions } from '../../engine/core/load-definitions';
import { readServiceFiles } from '../../engine/core/node/read-service-files';
import { definedProperties } from '../../engine/core/schema-walk';
import { figure, type BenchPiece, type Figure } from './figures';
import { signIn, withServer, type RunningServer } from './server';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const AUDIT = 'environmental-audit';

interface Form {
  key: string;
  info: string;
  apply: string;
  fields: number;
}

/** The services measured (the audit and plastics), with their routes and number of form fields. */
function measuredForms(): Form[] {
  const { definitions } = loadServiceDefinitions(readServiceFiles(join(root, 'services')).files);
  return definitions
    .filter((d) => d.key === AUDIT || d.key === 'plastics')
    .map((d) => ({
      key: d.key,
      info: d.routes.info,
      apply: d.routes.apply,
      fields: definedProperties(d.formSchema).size,
    }));
}

/** The audit's routes and number of fields (the largest form, the one the budgets name). */
export function auditForm(): Form {
  const audit = measuredForms().find((form) => form.key === AUDIT);
  if (!audit) throw new Error(`no ${AUDIT} service`);
  return audit;
}

export function launchChromium(args: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', ...args],
  });
}

/** A page of `browser` signed in as a new client of `server` (the login answer under localStorage 'user'). */
export async function signedInPage(browser: Browser, server: RunningServer, name: string, phone: string) {
  const user = await signIn(server, name, phone);
  const origin = server.base.replace(/\/api$/, '');
  const page = await browser.newPage();
  await page.goto(`${origin}/login`);
  await page.evaluate((u) => localStorage.setItem('user', JSON.stringify(u)), user.stored);
  return { page, origin, user };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Types a sentence, one key every 100 ms, and answers each key's latency (ms). */
async function typeAndMeasure(page: Page, field: Locator): Promise<number[]> {
  await field.click();
  await page.evaluate(() => {
    const w = window as unknown as { __latencies: number[]; __measuring?: boolean };
    w.__latencies = [];
    // One listener per page: fields measured one after the other on a page share it.
    if (w.__measuring) return;
    w.__measuring = true;
    document.addEventListener(
      'keydown',
      () => {
        const start = performance.now();
        requestAnimationFrame(() => setTimeout(() => w.__latencies.push(performance.now() - start), 0));
      },
      { capture: true },
    );
  });
  for (const key of 'the quick brown fox jumps over the lazy dog again and again ') {
    await page.keyboard.type(key);
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(300);
  return page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies);
}

/** Latencies (ms) of a text field then a textarea of the page. */
async function textAndTextarea(page: Page, input: Locator, textarea: Locator): Promise<number[]> {
  return [...(await typeAndMeasure(page, input)), ...(await typeAndMeasure(page, textarea))];
}

/** Median and p95 of latencies. */
function quantiles(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
}

/**
 * A plain page (HTML only) of a form of `inputs` labelled native text inputs, then a textarea when
 * `textarea`: the twin the portal's forms are measured against.
 */
function plainFormPage(inputs: number, textarea: boolean): string {
  const fields = Array.from({ length: inputs }, (_, i) => `<label>Field ${i} <input type="text" name="f${i}"></label>`);
  if (textarea) fields.push('<label>Long <textarea name="long"></textarea></label>');
  return `<!doctype html><html lang="en"><body><form>${fields.join('')}</form></body></html>`;
}

/**
 * The page as it stands, without its scripts: its style rules inlined and its body's markup. Typing
 * into this copy costs what the browser spends on the page's elements and styles alone, so the
 * difference from the live page is what the portal's scripts add per key.
 */
async function scriptFreeCopy(page: Page): Promise<string> {
  return page.evaluate(() => {
    const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText));
    const body = document.body.cloneNode(true) as HTMLElement;
    body.querySelectorAll('script').forEach((script) => script.remove());
    return `<!doctype html><html lang="en"><head><style>${rules.join('\n')}</style></head>${body.outerHTML}</html>`;
  });
}

/**
 * Opens `html` as a page of `origin`, by navigation, as the portal's pages are opened: a page set
 * into about:blank skips work the browser does per frame for a page of a web origin (its overlay
 * detection hit-tests the viewport after each frame, for one), and would make a cheaper twin.
 */
async function openAsPageOf(page: Page, origin: string, html: string) {
  const path = `/bench-page-${Math.random().toString(36).slice(2)}`;
  await page.route(`${origin}${path}`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(`${origin}${path}`);
  await page.unroute(`${origin}${path}`);
}

/**
 * Latencies of typing into a plain form of `controls` native controls: text inputs, the last one a
 * textarea (one of each when `controls` is 1).
 */
async function typePlain(page: Page, origin: string, controls: number) {
  await openAsPageOf(page, origin, plainFormPage(Math.max(1, controls - 1), true));
  return textAndTextarea(page, page.locator('input').first(), page.locator('textarea'));
}

/** Rounds of typing into each page of a comparison, taken in turns (see `keystrokesPiece`). */
const KEYSTROKE_ROUNDS = 3;

/** Opens a service's form and waits until an applicant would start typing. */
async function openForm(page: Page, origin: string, form: Form) {
  await page.goto(`${origin}${form.apply}`);
  await page.locator('form input[type=text]').first().waitFor({ timeout: 30_000 });
  // Typing starts once the form has its lists (lookups, companies), as an applicant's would.
  await page.waitForLoadState('networkidle');
}

/**
 * Keystroke latencies of a service's form, of its plain twin and of the form's page without its
 * scripts, typed in turns over `KEYSTROKE_ROUNDS` rounds so that a slower moment of the machine
 * weighs on all three alike.
 */
async function formKeystrokes(page: Page, origin: string, form: Form) {
  const latencies = { form: [] as number[], plain: [] as number[], scriptless: [] as number[] };
  const input = page.locator('form input[type=text]').first();
  const textarea = page.locator('form textarea').first();
  for (let round = 0; round < KEYSTROKE_ROUNDS; round += 1) {
    latencies.plain.push(...(await typePlain(page, origin, form.fields)));
    await openForm(page, origin, form);
    latencies.form.push(...(await textAndTextarea(page, input, textarea)));
    await openAsPageOf(page, origin, await scriptFreeCopy(page));
    latencies.scriptless.push(...(await textAndTextarea(page, input, textarea)));
  }
  return {
    form: quantiles(latencies.form),
    plain: quantiles(latencies.plain),
    scriptless: quantiles(latencies.scriptless),
  };
}

export function keystrokesPiece(dist: () => string): BenchPiece {
  return {
    name: 'keystroke latency',
    ids: [
      'keystroke_audit_median_x',
      'keystroke_audit_p95_x',
      'keystroke_plastics_median_x',
      'keystroke_plastics_p95_x',
    ],
    run: () =>
      withServer(dist(), async (server) => {
        const browser = await launchChromium();
        try {
          const { page, origin } = await signedInPage(browser, server, 'typist', '0780000002');
          const lone = quantiles(await typePlain(page, origin, 1));
          const figures: Figure[] = [];
          for (const form of measuredForms()) {
            const { form: measured, plain, scriptless } = await formKeystrokes(page, origin, form);
            const name = form.key === AUDIT ? 'audit' : 'plastics';
            const detail = (q: 'median' | 'p95') =>
              `${measured[q].toFixed(1)} ms vs ${plain[q].toFixed(1)} ms, ${form.fields} fields; ` +
              `${(measured[q] / lone[q]).toFixed(2)}x a lone input; ` +
              `the page without scripts ${(scriptless[q] / plain[q]).toFixed(2)}x`;
            figures.push(
              figure(`keystroke_${name}_median_x`, measured.median / plain.median, detail('median')),
              figure(`keystroke_${name}_p95_x`, measured.p95 / plain.p95, detail('p95')),
            );
          }
          return figures;
        } finally {
          await browser.close();
        }
      }),
  };
}

/** What one run of the time-to-interactive measure opens, clicks and types into. */
interface ClickToInput {
  open: () => Promise<void>;
  link: Locator;
  field: Locator;
}

/** Milliseconds from clicking the link until the field takes a typed value, once. */
async function clickToInput(page: Page, { open, link, field }: ClickToInput): Promise<number> {
  await open();
  await link.hover();
  await page.waitForLoadState('networkidle');
  const start = Date.now();
  await link.click();
  await field.fill('x', { timeout: 30_000 });
  return Date.now() - start;
}

/**
 * The median times of `a` and `b` over `runs` runs each, taken in turns (a, b, a, b...) so that a
 * slower moment of the machine weighs on both alike.
 */
async function clickToInputInTurns(page: Page, a: ClickToInput, b: ClickToInput, runs = 9) {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i += 1) {
    times[0].push(await clickToInput(page, a));
    times[1].push(await clickToInput(page, b));
  }
  const median = (list: number[]) =>
    quantile(
      [...list].sort((x, y) => x - y),
      0.5,
    );
  return times.map(median) as [number, number];
}

export function ttiPiece(dist: () => string): BenchPiece {
  return {
    name: 'wizard time to interactive',
    ids: ['wizard_tti_x'],
    run: () =>
      withServer(dist(), async (server) => {
        const browser = await launchChromium();
        try {
          const { page, origin } = await signedInPage(browser, server, 'starter', '0780000003');
          const audit = auditForm();
          // The plain twin: a link to a page of as many native inputs, both pages from the same server.
          await page.route(`${origin}/bench-plain*`, (route) =>
            route.fulfill({
              contentType: 'text/html',
              body: route.request().url().endsWith('/bench-plain-form')
                ? plainFormPage(audit.fields, false)
                : '<!doctype html><html lang="en"><body><a href="/bench-plain-form">Apply Now</a></body></html>',
            }),
          );
          const [plain, wizard] = await clickToInputInTurns(
            page,
            {
              open: async () => void (await page.goto(`${origin}/bench-plain`)),
              link: page.getByRole('link', { name: 'Apply Now' }),
              field: page.locator('form input').first(),
            },
            {
              open: async () => void (await page.goto(`${origin}${audit.info}`)),
              link: page.getByRole('link', { name: 'Apply Now' }),
              field: page.locator('form input[type=text]').first(),
            },
          );
          return [figure('wizard_tti_x', wizard / plain, `${wizard} ms vs ${plain} ms, ${audit.fields} inputs`)];
        } finally {
          await browser.close();
        }
      }),
  };
}
