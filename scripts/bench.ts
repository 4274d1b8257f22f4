/**
 * `npm run bench`: the performance table of DESIGN.md, measured in this run on this machine.
 * Figures are printed, never asserted: timings on shared machines are noisy, so compare ratios and
 * budgets here, not in tests.
 *
 * Measured: bundle sizes (gzip), the API under 50 concurrent connections (applications list +
 * statistics), the applications list with 100,000 applications in the database, and the server's
 * memory while a 20 MB file uploads. Measured in headless Chromium: keystroke latency in a text
 * field and a long-text area of the largest form and of plastics, against plain ones. Not yet measured: wizard time-to-interactive and Lighthouse.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { chromium, type Locator, type Page } from 'playwright-core';
import { loadServiceDefinitions } from '../engine/core/load-definitions';
import { readServiceFiles } from '../engine/core/node/read-service-files';
import { definedProperties } from '../engine/core/schema-walk';
import { migrateToLatest, openDatabase } from '../server/db/database';
import { insertBulkApplications } from './bulk-applications';
import { measureBundle } from './bundle-size';
import { startServerProcess, type ServerProcess } from './server-process';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const KB = 1024;
const rows: Array<[string, string, string, string]> = [];
const row = (what: string, figure: string, budget: string, verdict: string) =>
  rows.push([what, figure, budget, verdict]);
const within = (ok: boolean) => (ok ? 'within' : 'OVER');

/** Builds the portal into a temporary folder, prints its sizes and answers the folder (served by the keystroke run). */
function bundles(): string {
  const out = mkdtempSync(join(tmpdir(), 'ecopermit-bench-dist-'));
  const build = spawnSync(
    join(root, 'node_modules', '.bin', 'vite'),
    ['build', '--manifest', '--outDir', out, '--logLevel', 'error'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (build.status !== 0) throw new Error('the portal build failed');
  const wizard = 'pages/service-application-page.tsx';
  const sizes = measureBundle(out, [wizard]);
  const initial = sizes.initial / KB;
  const added = (sizes.routes[wizard] ?? 0) / KB;
  row('initial JS of the landing page (gzip)', `${initial.toFixed(1)} KB`, '<= 100 KB', within(initial <= 100));
  row('wizard chunk beyond the initial JS (gzip)', `${added.toFixed(1)} KB`, '<= 150 KB', within(added <= 150));
  return out;
}

interface RunningServer extends ServerProcess {
  dataDir: string;
}

async function startServer(staticDir?: string): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ecopermit-bench-'));
  const server = await startServerProcess({
    env: { DATA_DIR: dataDir, DATABASE_URL: '', STATIC_DIR: staticDir ?? join(dataDir, 'none'), LOG_LEVEL: 'warn' },
    timeoutMs: 30_000,
  });
  return { ...server, dataDir };
}

async function post(
  base: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ code: number; data: Record<string, unknown> }> {
  const response = await fetch(`${base}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; data: Record<string, unknown> };
}

/** Registers and signs in a client through the API, reading the OTP from the server log. */
async function signIn(
  server: RunningServer,
  name: string,
  telephone: string,
): Promise<{ id: number; token: string; stored: Record<string, unknown> }> {
  const email = `${name}@example.org`;
  await post(server.base, 'clients', { first_name: 'Bench', last_name: name, other_name: '', telephone, email });
  let otp = '';
  for (let i = 0; i < 100 && !otp; i += 1) {
    otp =
      server.log.map((line) => new RegExp(`\\[outbox\\] OTP for ${email}: (\\d{6})`).exec(line)?.[1]).find(Boolean) ??
      '';
    if (!otp) await new Promise((r) => setTimeout(r, 50));
  }
  const confirmed = await post(server.base, 'client/confirm-otp', { username: email, otp });
  // The password step needs the single-use secret the confirmed code answered.
  await post(server.base, 'client/password', {
    username: email,
    password: 'bench-password',
    password_token: confirmed.data?.password_token,
  });
  const login = await post(server.base, 'clients/login', { username: email, password: 'bench-password' });
  return { id: Number(login.data.id), token: String(login.data.token), stored: login.data };
}

async function insertApplications(dataDir: string, clientId: number, count: number): Promise<void> {
  const database = openDatabase({ databaseUrl: '', dataDir });
  await migrateToLatest(database);
  await insertBulkApplications(database.db, clientId, count);
  await database.close();
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

async function api(): Promise<void> {
  const server = await startServer();
  try {
    // One client with 100,000 applications for the list budget; one with a dashboard's worth for the load.
    const user = await signIn(server, 'large', '0780000000');
    await insertApplications(server.dataDir, user.id, 100_000);
    const headers = { Authorization: `Bearer ${user.token}` };
    const typical = await signIn(server, 'typical', '0780000001');
    await insertApplications(server.dataDir, typical.id, 60);
    const typicalHeaders = { Authorization: `Bearer ${typical.token}` };

    const single = await autocannon({
      url: `${server.base}/clients/applications/${user.id}?page=1`,
      connections: 1,
      amount: 300,
      headers,
    });
    row(
      'applications list, 100,000 in the database (p50 / p99, 1 connection)',
      `${single.latency.p50} / ${single.latency.p99} ms`,
      'page <= 10 ms',
      within(single.latency.p50 <= 10),
    );

    const load = await autocannon({
      url: server.base,
      connections: 50,
      duration: 10,
      requests: [
        { method: 'GET', path: `/api/clients/applications/${typical.id}?page=1`, headers: typicalHeaders },
        { method: 'GET', path: `/api/client/statistics/${typical.id}`, headers: typicalHeaders },
      ],
    });
    const errors = load.errors + load.non2xx + load.timeouts;
    row(
      'API, 50 connections, list + statistics of a client with 60 (p99)',
      `${load.latency.p99} ms, ${load.requests.average} req/s, ${errors} errors`,
      'p99 <= 25 ms, 0 errors',
      within(load.latency.p99 <= 25 && errors === 0),
    );

    // A 20 MB upload: the server's resident memory while it streams the file to disk.
    const draft = await post(server.base, `client/application/1`, { client_id: user.id }, user.token);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20 * 1024 * 1024 - 9, 0x20)]);
    const file = join(server.dataDir, 'big.pdf');
    writeFileSync(file, pdf);
    const form = new FormData();
    form.append('application_id', String(draft.data.id));
    form.append('description', 'Company registration certificate');
    form.append('file', new Blob([readFileSync(file)], { type: 'application/pdf' }), 'big.pdf');
    const pid = server.child.pid ?? 0;
    const before = rssKb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 10);
    const uploaded = await fetch(`${server.base}/applications/upload/file`, { method: 'POST', headers, body: form });
    clearInterval(sampler);
    const growth = (peak - before) / KB;
    row(
      '20 MB upload: server memory growth',
      `${growth.toFixed(1)} MB (answer ${uploaded.status})`,
      '<= 30 MB',
      within(growth <= 30 && uploaded.ok),
    );
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

/**
 * Keystroke latency: one key every 100 ms into a text field and into a long-text area; for each key,
 * the time from keydown to the first task after the next animation frame (the frame that shows the
 * character). The largest service form and the plastics form, against a page with one plain <input>
 * and one plain <textarea>, in the same browser.
 */
async function keystrokes(dist: string): Promise<void> {
  const server = await startServer(dist);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const user = await signIn(server, 'typist', '0780000002');
    const origin = server.base.replace(/\/api$/, '');
    const page = await browser.newPage();
    await page.goto(`${origin}/login`);
    // Signed in as the portal keeps it: the login answer under localStorage 'user'.
    await page.evaluate((u) => localStorage.setItem('user', JSON.stringify(u)), user.stored);

    await page.setContent(
      '<!doctype html><html lang="en"><body><label>Plain <input id="plain"></label>' +
        '<label>Long <textarea id="long"></textarea></label></body></html>',
    );
    const plain = {
      input: await typeAndMeasure(page, page.locator('#plain')),
      textarea: await typeAndMeasure(page, page.locator('#long')),
    };
    const bySize = definitionsBySize();
    const forms = [bySize[0], bySize.find((d) => d.key === 'plastics')].filter(
      (d, i, all): d is NonNullable<typeof d> => d !== undefined && all.indexOf(d) === i,
    );
    for (const form of forms) {
      await page.goto(`${origin}${form.route}`);
      const input = page.locator('form input[type=text]').first();
      await input.waitFor({ timeout: 30_000 });
      // Typing starts once the form has its lists (lookups, companies), as an applicant's would.
      await page.waitForLoadState('networkidle');
      // MUI draws a hidden twin of each multiline field to size it: the visible one is typed into.
      const textarea = page.locator('form textarea:not([aria-hidden="true"])').first();
      for (const [kind, field] of [
        ['text field', input],
        ['textarea', textarea],
      ] as const) {
        if ((await field.count()) === 0) continue;
        const measured = await typeAndMeasure(page, field);
        const base = kind === 'text field' ? plain.input : plain.textarea;
        const median = measured.median / base.median;
        const p95 = measured.p95 / base.p95;
        row(
          `keystroke latency, ${form.key} form (${form.fields} fields), ${kind} vs a plain one (median / p95)`,
          `${measured.median.toFixed(1)} / ${measured.p95.toFixed(1)} ms vs ${base.median.toFixed(1)} / ${base.p95.toFixed(1)} ms = ${median.toFixed(2)}x / ${p95.toFixed(2)}x`,
          '<= 1.2x / 2x',
          within(median <= 1.2 && p95 <= 2),
        );
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

/** Services by number of form fields, largest first, with their apply route. */
function definitionsBySize(): Array<{ key: string; route: string; fields: number }> {
  const read = readServiceFiles(join(root, 'services'));
  const { definitions } = loadServiceDefinitions(read.files);
  return definitions
    .map((d) => ({ key: d.key, route: d.routes.apply, fields: definedProperties(d.formSchema).size }))
    .sort((a, b) => b.fields - a.fields);
}

async function typeAndMeasure(page: Page, field: Locator): Promise<{ median: number; p95: number }> {
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
  const text = 'the quick brown fox jumps over the lazy dog again and again ';
  for (const key of text) {
    await page.keyboard.type(key);
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(300);
  const latencies = (await page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies)).sort(
    (a, b) => a - b,
  );
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95) };
}

function print(): void {
  const header: [string, string, string, string] = ['what', 'measured', 'budget', ''];
  const widths = header.map((_, i) => Math.max(header[i]?.length ?? 0, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\n${line(header)}\n${line(widths.map((w) => '-'.repeat(w)))}`);
  for (const r of rows) console.log(line(r));
  console.log('\nNot measured by this script yet: wizard time-to-interactive, Lighthouse.');
}

// `npm run bench -- keystrokes` measures the bundles and the typing only (a minute instead of several).
const only = process.argv[2];
const dist = bundles();
try {
  if (only !== 'keystrokes') await api();
  await keystrokes(dist);
} finally {
  rmSync(dist, { recursive: true, force: true });
}
print();
