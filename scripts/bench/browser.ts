/**
 * Bench pieces in headless Chromium against the built portal:
 *
 * - keystroke latency: one key every 100 ms into a text field and a long-text area of the audit
 *   form (the largest) and of plastics, with the portal's quiet typing on (its default) and off (the
 *   browser's localStorage choice, app/quiet-typing-setting.ts), both in the same run and turns;
 *   for each key the time from keydown to the first task after
 *   the next animation frame (the frame that shows the character), against the same typing into a
 *   plain page with as many native controls (inputs and one <textarea>) opened from the portal's own
 *   origin, in the same browser, in turns over a few rounds. The browser's own work per key grows
 *   with the controls on the page (a plain page of 46 inputs takes longer per key than a page of
 *   one), so the ratio isolates what the portal adds; beside it are the figure against a lone input
 *   and textarea, and the one of the form's page copied without its scripts (what the page's
 *   elements and styles cost the browser by themselves), and against a react-hook-form + MUI twin of
 *   the step (scripts/bench/rhf-twin: as many fields of each kind, the best peer stack we know);
 * - wizard time to interactive: from clicking Apply Now on the audit's information page (the draft's
 *   creation included) until its first field takes a typed value, against clicking a link to a plain
 *   page with as many native inputs, and against Apply Now of the twin's information page.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { build } from 'vite';
import { loadServiceDefinitions } from '../../engine/core/load-definitions';
import { readServiceFiles } from '../../engine/core/node/read-service-files';
import { definedProperties } from '../../engine/core/schema-walk';
import { servicesPlugin } from '../vite-plugin-services';
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

const TWIN_BASE = '/bench-twin/';
let twinDir: Promise<string> | undefined;

/** Builds the react-hook-form + MUI twin (once per run) into a temporary folder and answers it. */
function builtTwin(): Promise<string> {
  twinDir ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'ecopermit-bench-twin-'));
    await build({
      configFile: false,
      root: join(root, 'scripts', 'bench', 'rhf-twin'),
      base: TWIN_BASE,
      logLevel: 'error',
      // The portal's frame reads the definitions (the Recycled entry), a virtual module of the build.
      plugins: [react(), servicesPlugin()],
      build: { outDir, emptyOutDir: true },
    });
    return outDir;
  })();
  return twinDir;
}

const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves the twin's files at `<origin>/bench-twin/` to `page`, as pages of the portal's origin are served. */
export async function serveTwin(page: Page, origin: string): Promise<void> {
  const dir = await builtTwin();
  await page.route(`${origin}${TWIN_BASE}**`, (route) => {
    const path = new URL(route.request().url()).pathname.slice(TWIN_BASE.length) || 'index.html';
    const file = join(dir, path.includes('.') ? path : 'index.html');
    return route.fulfill({
      contentType: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      body: readFileSync(file),
    });
  });
}

/** How many controls of each kind a form shows: what the twin draws as many of. */
export async function controlCounts(page: Page): Promise<Record<string, number>> {
  // Selectors counted in the page (a function defined inside evaluate would need tsx's helpers there).
  const kinds: Record<string, string> = {
    text: 'input[type=text], input[type=email], input[type=tel], input[type=number], input[type=date]',
    textarea: 'textarea:not([aria-hidden])',
    select: '[role=combobox]',
    radio: '[role=radiogroup]',
    checkbox: 'input[type=checkbox]',
  };
  const counts = await page.evaluate(
    (selectors) => selectors.map((selector) => document.querySelector('form')?.querySelectorAll(selector).length ?? 0),
    Object.values(kinds),
  );
  return Object.fromEntries(Object.keys(kinds).map((kind, i) => [kind, counts[i] ?? 0]));
}

/** The twin's address for a form of `counts` controls, on its step (`form`) or its information page. */
export function twinUrl(origin: string, counts: Record<string, number>, view: 'form' | 'info'): string {
  const query = new URLSearchParams(Object.entries(counts).map(([kind, n]) => [kind, String(n)]));
  if (view === 'form') query.set('view', 'form');
  return `${origin}${TWIN_BASE}?${query.toString()}`;
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
    // On the window, in the capture phase: the first place a page's script can hear the key.
    window.addEventListener(
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
export async function scriptFreeCopy(page: Page): Promise<string> {
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
export async function openAsPageOf(page: Page, origin: string, html: string) {
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

/**
 * Opens a service's form with the portal's quiet typing `on` or off (this browser's choice, kept in
 * localStorage: app/quiet-typing-setting.ts) and waits until an applicant would start typing.
 */
async function openForm(page: Page, origin: string, form: Form, quiet: 'on' | 'off' = 'on') {
  // The page is one of the portal's origin already (signed in from its login page).
  await page.evaluate((choice) => localStorage.setItem('quietTyping', choice), quiet);
  await page.goto(`${origin}${form.apply}`);
  await page.locator('form input[type=text]').first().waitFor({ timeout: 30_000 });
  // The figures are only as good as the choice taking effect: the form's area says which it is.
  await page.locator(`[data-quiet-typing=${quiet}] form`).first().waitFor({ timeout: 30_000 });
  // Typing starts once the form has its lists (lookups, companies), as an applicant's would.
  await page.waitForLoadState('networkidle');
}

/** The field and the text area typed into, on the portal's form and on the twin alike. */
const fieldsOf = (page: Page) => ({
  input: page.locator('form input[type=text]').first(),
  textarea: page.locator('form textarea:not([aria-hidden])').first(),
});

/**
 * Keystroke latencies of a service's form with quiet typing on and off, of its plain twin, of the
 * form's page without its scripts and of its react-hook-form + MUI twin, typed in turns over
 * `KEYSTROKE_ROUNDS` rounds so that a slower moment of the machine weighs on all alike.
 */
async function formKeystrokes(page: Page, origin: string, form: Form) {
  const latencies = {
    form: [] as number[],
    quietOff: [] as number[],
    plain: [] as number[],
    scriptless: [] as number[],
    rhf: [] as number[],
  };
  const { input, textarea } = fieldsOf(page);
  for (let round = 0; round < KEYSTROKE_ROUNDS; round += 1) {
    latencies.plain.push(...(await typePlain(page, origin, form.fields)));
    await openForm(page, origin, form, 'off');
    latencies.quietOff.push(...(await textAndTextarea(page, input, textarea)));
    await openForm(page, origin, form, 'on');
    const counts = await controlCounts(page);
    latencies.form.push(...(await textAndTextarea(page, input, textarea)));
    // The page without scripts is the same with quiet typing on or off (its area is a plain div).
    await openAsPageOf(page, origin, await scriptFreeCopy(page));
    latencies.scriptless.push(...(await textAndTextarea(page, input, textarea)));
    await page.goto(twinUrl(origin, counts, 'form'));
    await input.waitFor({ timeout: 30_000 });
    latencies.rhf.push(...(await textAndTextarea(page, input, textarea)));
  }
  return {
    form: quantiles(latencies.form),
    quietOff: quantiles(latencies.quietOff),
    plain: quantiles(latencies.plain),
    scriptless: quantiles(latencies.scriptless),
    rhf: quantiles(latencies.rhf),
  };
}

export function keystrokesPiece(dist: () => string): BenchPiece {
  const forms = ['audit', 'plastics'] as const;
  return {
    name: 'keystroke latency',
    ids: forms.flatMap((name) =>
      (['', 'quiet_off_'] as const).flatMap((off) => [
        `keystroke_${name}_${off}median_x` as const,
        `keystroke_${name}_${off}p95_x` as const,
        `keystroke_${name}_${off}vs_bare_x` as const,
        `keystroke_${name}_${off}vs_rhf_x` as const,
      ]),
    ),
    run: () =>
      withServer(dist(), async (server) => {
        const browser = await launchChromium();
        try {
          const { page, origin } = await signedInPage(browser, server, 'typist', '0780000002');
          await serveTwin(page, origin);
          const lone = quantiles(await typePlain(page, origin, 1));
          const figures: Figure[] = [];
          for (const form of measuredForms()) {
            const { form: quietOn, quietOff, plain, scriptless, rhf } = await formKeystrokes(page, origin, form);
            const name = form.key === AUDIT ? 'audit' : 'plastics';
            const ms = (value: number) => `${value.toFixed(1)} ms`;
            // The same four figures with quiet typing on (the portal's default) and off.
            for (const [off, measured] of [
              ['', quietOn],
              ['quiet_off_', quietOff],
            ] as const) {
              const detail = (q: 'median' | 'p95') =>
                `${ms(measured[q])} vs ${ms(plain[q])}, ${form.fields} fields; ` +
                `${(measured[q] / lone[q]).toFixed(2)}x a lone input; ` +
                `the page without scripts ${(scriptless[q] / plain[q]).toFixed(2)}x, the twin ${(rhf[q] / plain[q]).toFixed(2)}x`;
              figures.push(
                figure(`keystroke_${name}_${off}median_x`, measured.median / plain.median, detail('median')),
                figure(`keystroke_${name}_${off}p95_x`, measured.p95 / plain.p95, detail('p95')),
                figure(
                  `keystroke_${name}_${off}vs_bare_x`,
                  measured.median / scriptless.median,
                  `${ms(measured.median)} vs ${ms(scriptless.median)}`,
                ),
                figure(
                  `keystroke_${name}_${off}vs_rhf_x`,
                  measured.median / rhf.median,
                  `${ms(measured.median)} vs ${ms(rhf.median)}`,
                ),
              );
            }
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
 * The median times of each measure over `runs` runs, taken in turns (a, b, c, a, b, c...) so that a
 * slower moment of the machine weighs on all alike.
 */
async function clickToInputInTurns(page: Page, measures: ClickToInput[], runs = 9): Promise<number[]> {
  const times = measures.map(() => [] as number[]);
  for (let i = 0; i < runs; i += 1)
    for (const [index, measure] of measures.entries()) times[index]?.push(await clickToInput(page, measure));
  return times.map((list) =>
    quantile(
      [...list].sort((x, y) => x - y),
      0.5,
    ),
  );
}

export function ttiPiece(dist: () => string): BenchPiece {
  return {
    name: 'wizard time to interactive',
    ids: ['wizard_tti_x', 'wizard_tti_vs_rhf_x'],
    run: () =>
      withServer(dist(), async (server) => {
        const browser = await launchChromium();
        try {
          const { page, origin } = await signedInPage(browser, server, 'starter', '0780000003');
          const audit = auditForm();
          await serveTwin(page, origin);
          // The twin's step has as many controls of each kind as the audit's first step.
          await openForm(page, origin, audit);
          const counts = await controlCounts(page);
          // The plain twin: a link to a page of as many native inputs, both pages from the same server.
          await page.route(`${origin}/bench-plain*`, (route) =>
            route.fulfill({
              contentType: 'text/html',
              body: route.request().url().endsWith('/bench-plain-form')
                ? plainFormPage(audit.fields, false)
                : '<!doctype html><html lang="en"><body><a href="/bench-plain-form">Apply Now</a></body></html>',
            }),
          );
          const applyNow = page.getByRole('link', { name: 'Apply Now' });
          const [plain = Number.NaN, wizard = Number.NaN, rhf = Number.NaN] = await clickToInputInTurns(page, [
            {
              open: async () => void (await page.goto(`${origin}/bench-plain`)),
              link: applyNow,
              field: page.locator('form input').first(),
            },
            {
              open: async () => void (await page.goto(`${origin}${audit.info}`)),
              link: applyNow,
              field: page.locator('form input[type=text]').first(),
            },
            {
              open: async () => void (await page.goto(twinUrl(origin, counts, 'info'))),
              link: applyNow,
              field: page.locator('form input[type=text]').first(),
            },
          ]);
          return [
            figure('wizard_tti_x', wizard / plain, `${wizard} ms vs ${plain} ms, ${audit.fields} inputs`),
            figure('wizard_tti_vs_rhf_x', wizard / rhf, `${wizard} ms vs ${rhf} ms`),
          ];
        } finally {
          await browser.close();
        }
      }),
  };
}
