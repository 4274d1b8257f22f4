/**
 * End-to-end harness: starts the real product (`scripts/start.mjs`: portal build + API + SQLite in a
 * temporary DATA_DIR) on a free port, reads the one-time codes from its log (`[mail]` lines), and
 * drives Debian's Chromium through playwright-core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { freePort } from '../../scripts/server-process';
import { pdfTextLines } from '../../server/certificates/pdf-text';
import { codeInMailLine } from '../../server/mail/deliver';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** The repository's own portal build, which `npm start` serves (STATIC_DIR's default). */
const repositoryDist = join(root, 'dist');

/** The files under `folder` by their path inside it, with their contents (none when it is missing). */
function filesUnder(folder: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (path: string, relative: string): void => {
    if (statSync(path).isDirectory())
      for (const entry of readdirSync(path)) walk(join(path, entry), relative ? `${relative}/${entry}` : entry);
    else files.set(relative, readFileSync(path));
  };
  if (existsSync(folder)) walk(folder, '');
  return files;
}

/** Do the two folders hold the same files with the same contents? */
function sameFiles(a: string, b: string): boolean {
  const left = filesUnder(a);
  const right = filesUnder(b);
  if (left.size !== right.size) return false;
  for (const [path, content] of left) if (!right.get(path)?.equals(content)) return false;
  return true;
}

/**
 * Builds the portal the product is started with (STATIC_DIR, from SERVICES_DIR and LOOKUPS_DIR) when
 * it is older than its sources, with scripts/build-portal.mjs as scripts/start.mjs would, but before
 * the product's start is awaited: a build takes minutes on a busy machine. The repository's dist/ is
 * only ever built from the repository's own definitions; a copy of them is served with it only while
 * the copy is unchanged (servicesCopy), which is checked here: the portal would not show the copy's
 * definitions, and start.mjs would build the copy into the repository's dist/.
 */
export async function buildPortal(env: Record<string, string> = {}): Promise<void> {
  const settings: NodeJS.ProcessEnv = { ...process.env, ...env };
  const staticDir = resolve(root, settings.STATIC_DIR || 'dist');
  // The tests never weigh the compressed twins: built quickly unless PORTAL_COMPRESSION says otherwise.
  const buildEnv: NodeJS.ProcessEnv = { PORTAL_COMPRESSION: 'fast', ...settings };
  if (staticDir === repositoryDist) {
    delete buildEnv.SERVICES_DIR;
    delete buildEnv.LOOKUPS_DIR;
  }
  // A copy is served with the repository's portal only while it holds what the repository holds.
  if (staticDir === repositoryDist && settings.SERVICES_DIR) {
    const copies: Array<[string | undefined, string]> = [
      [settings.SERVICES_DIR, join(root, 'services')],
      [settings.LOOKUPS_DIR, join(root, 'fixtures', 'lookups')],
    ];
    for (const [copy, original] of copies)
      if (copy && !sameFiles(resolve(root, copy), original))
        throw new Error(
          `${copy} differs from ${original}: start it with a portal built from it (servicesCopy's ownPortal)`,
        );
  }

  const script = `import { buildPortalIfStale } from ${JSON.stringify(pathToFileURL(join(root, 'scripts', 'build-portal.mjs')).href)};
process.exit(buildPortalIfStale(${JSON.stringify(staticDir)}) ? 0 : 1);`;
  const output: string[] = [];
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env: buildEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`the portal build failed (${staticDir}):\n${output.join('')}`);
}

export interface RunningProduct {
  baseUrl: string;
  dataDir: string;
  /**
   * Waits for the newest code sent to `recipient` after `since` log lines. The log shows the code of a
   * message it is the only delivery of: any recipient without SMTP_URL, a phone number always.
   */
  otpFor(recipient: string, sinceLine?: number): Promise<string>;
  logLineCount(): number;
  /**
   * Runs the staff command (`server/staff-cli.ts`, the real one) on the product's database, as the
   * staff account `approver` (an approver on every service) unless the arguments name another with
   * `--as` (`reviewer`: a reviewer on every service). Both accounts are made on the first call.
   * @returns what the command printed
   */
  staff(...args: string[]): Promise<string>;
  /**
   * Runs the staff command with `args` as given (no `--as` added, no account made), `input` on its
   * standard input (`set-password` reads the password there); what it printed.
   */
  staffCommand(args: string[], options?: { input?: string }): Promise<string>;
  /** Stops the product; its data (database and files) is removed unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Starts portal + API the way `npm start` does, on a free port with a fresh database (or the data of
 * an earlier run, `options.dataDir`); `env` adds settings (another SERVICES_DIR, with the portal built
 * from it in its STATIC_DIR). A stale portal is built first (buildPortal); the wait for the start
 * that follows is the server's alone.
 */
export async function startProduct(
  env: Record<string, string> = {},
  options: {
    dataDir?: string;
    /**
     * PUBLIC_URL set to the address the product is reached at (`baseUrl`): the staff console's
     * sign-in (its OpenID provider, its callback, the one-time links) sends the browser there, and
     * the cookies it sets must be the ones the tests' pages send.
     */
    publicUrlIsBase?: boolean;
  } = {},
): Promise<RunningProduct> {
  await buildPortal(env);
  const port = await freePort();
  if (options.publicUrlIsBase) env = { ...env, PUBLIC_URL: `http://127.0.0.1:${port}` };
  // The data of a previous run when given (a restart, as a new release starts on the same data).
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'ecopermit-e2e-'));
  const lines: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      // Its start takes the quickly compressed build (buildPortal's) rather than building it again.
      PORTAL_COMPRESSION: 'fast',
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n'));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 170_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited early:\n${lines.join('\n')}`);
    try {
      const response = await fetch(`${baseUrl}/api/services`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the product did not start:\n${lines.join('\n')}`);
    await new Promise((r) => setTimeout(r, 300));
  }

  const staffCommand = async (args: string[], input?: string): Promise<string> => {
    const command = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'server', 'staff-cli.ts'), ...args], {
      cwd: root,
      // The product's own settings: its services folder judges the actions.
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: string[] = [];
    const err: string[] = [];
    command.stdout.on('data', (chunk: Buffer) => out.push(chunk.toString('utf8')));
    command.stderr.on('data', (chunk: Buffer) => err.push(chunk.toString('utf8')));
    command.stdin.end(input ?? '');
    const code = await new Promise<number | null>((done) => command.once('close', done));
    if (code !== 0)
      throw Object.assign(new Error(`staff ${args.join(' ')} failed (${code}):\n${err.join('')}`), {
        stderr: err.join(''),
      });
    return out.join('');
  };
  /** The staff accounts the command acts as: a reviewer and an approver on every service (kept data has them). */
  const makeStaffAccounts = async () => {
    for (const [name, role] of [
      ['reviewer', '*:reviewer'],
      ['approver', '*:approver'],
    ] as const)
      await staffCommand(['add-staff', name, '--role', role]).catch((error: unknown) => {
        if (!String((error as { stderr?: string }).stderr ?? error).includes('exists already')) throw error;
      });
  };
  let accounts: Promise<void> | undefined;

  return {
    baseUrl,
    dataDir,
    logLineCount: () => lines.length,
    async otpFor(recipient, sinceLine = 0) {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        for (let i = lines.length - 1; i >= sinceLine; i -= 1) {
          const code = codeInMailLine(lines[i] ?? '', recipient);
          if (code) return code;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no code for ${recipient} in the server log`);
    },
    async staff(...args) {
      accounts ??= makeStaffAccounts();
      await accounts;
      return staffCommand(args.includes('--as') ? args : [...args, '--as', 'approver']);
    },
    staffCommand: (args, { input } = {}) => staffCommand(args, input),
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A message about the policy: Chromium's "Refused to ... Content Security Policy", or an EvalError. */
const POLICY_MESSAGE = /Content Security Policy|unsafe-eval|EvalError/i;

/**
 * Collects the Content-Security-Policy violations of every page of `context`, from before its first
 * script (a violation during start-up counts too): the page's `securitypolicyviolation` events, and the
 * console messages and page errors that name the policy. Call it before the context opens a page.
 * @returns the list they are added to, as they happen
 */
export async function policyViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, text: unknown) => {
    violations.push(String(text));
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      const where = `${event.sourceFile || location.href}:${event.lineNumber}`;
      void report(`${event.effectiveDirective} blocked ${event.blockedURI || event.sample || '(inline)'} at ${where}`);
    });
  });
  context.on('console', (message) => {
    if (POLICY_MESSAGE.test(message.text())) violations.push(`console ${message.type()}: ${message.text()}`);
  });
  context.on('weberror', (webError) => {
    const error = webError.error();
    if (POLICY_MESSAGE.test(`${error.name}: ${error.message}`)) violations.push(`page error: ${error.message}`);
  });
  return violations;
}

/** Launches Debian's Chromium headless with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Writes a small real file (PDF or PNG) to upload from the browser. */
export function sampleFile(dir: string, name: string): string {
  const path = join(dir, name);
  if (name.endsWith('.pdf')) {
    writeFileSync(path, '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  } else {
    // 1x1 transparent PNG
    writeFileSync(
      path,
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64',
      ),
    );
  }
  return path;
}

/**
 * The text a PDF prints (the strings of its pages' text operators, an embedded font's glyphs read
 * through its Unicode map), line by line, to check what a downloaded document says.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfTextLines(bytes)).flat().join('\n');
}

/** The settings that start the product on the services/ and fixtures/ under `folder`. */
function servicesIn(folder: string, staticDir: string): Record<string, string> {
  return {
    SERVICES_DIR: join(folder, 'services'),
    LOOKUPS_DIR: join(folder, 'fixtures', 'lookups'),
    STATIC_DIR: staticDir,
  };
}

/**
 * A copy of the repository's services/ and fixtures/ in a new temporary folder (its files keep their
 * modification times), and the settings that start the product on it:
 * - `env` while the copy is unchanged: the server (and the studio's API) read the copy, and the portal
 *   is the repository's own build (dist/), which shows the same definitions, so nothing is built;
 * - `ownPortal` once the copy is changed: the portal is built from the copy into its dist/.
 */
export function servicesCopy(): { root: string; env: Record<string, string>; ownPortal: Record<string, string> } {
  const copy = mkdtempSync(join(tmpdir(), 'ecopermit-services-'));
  for (const folder of ['services', 'fixtures'])
    cpSync(join(root, folder), join(copy, folder), { recursive: true, preserveTimestamps: true });
  return {
    root: copy,
    env: servicesIn(copy, repositoryDist),
    ownPortal: servicesIn(copy, join(copy, 'dist')),
  };
}

/**
 * Saves a screenshot under test-results/ when a step fails, to see what the applicant saw, and prints
 * the page's address, headings, alerts and buttons: a run elsewhere (CI) keeps its log, not its files.
 */
export async function screenshotOnFailure(page: Page, name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    await page.screenshot({ path: join(root, 'test-results', `${name}.png`), fullPage: true }).catch(() => undefined);
    const seen = await page
      .evaluate(() => {
        const texts = (selector: string) =>
          [...document.querySelectorAll(selector)].map((element) => {
            const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
            const off = element instanceof HTMLButtonElement && element.disabled ? ' (disabled)' : '';
            return `${text}${off}`;
          });
        return {
          headings: texts('h1, h2, h3'),
          alerts: texts('[role="alert"], [role="status"]'),
          buttons: texts('button'),
          focused: document.activeElement?.outerHTML.slice(0, 200) ?? null,
        };
      })
      .catch((reason: unknown) => ({ unreadable: String(reason) }));
    // What the page's scripts said (the browser keeps the last ones of each page).
    const said = [
      ...(await page.pageErrors().catch(() => [])).map((failure) => `page error: ${failure.stack ?? failure.message}`),
      ...(await page.consoleMessages().catch(() => []))
        .filter((message) => message.type() === 'error' || message.type() === 'warning')
        .map((message) => `console ${message.type()}: ${message.text().slice(0, 500)}`),
    ].slice(-20);
    console.error(`[${name}] failed at ${page.url()}: ${JSON.stringify({ ...seen, said }, null, 1)}`);
    throw error;
  }
}

/** One test file's product, browser, page and folder of files to upload. */
export interface Session {
  product: RunningProduct;
  browser: Browser;
  page: Page;
  /** A temporary folder for the files the test uploads. */
  files: string;
  stop(): Promise<void>;
}

/** Starts the product and a browser page (PATIENCE_MS per step); `stop` closes and removes everything. */
export async function startSession(name: string): Promise<Session> {
  const product = await startProduct();
  const browser = await launchBrowser();
  const page = await browser.newPage();
  page.setDefaultTimeout(PATIENCE_MS);
  const files = mkdtempSync(join(tmpdir(), `ecopermit-${name}-files-`));
  return {
    product,
    browser,
    page,
    files,
    async stop() {
      await browser.close();
      await product.stop();
      rmSync(files, { recursive: true, force: true });
    },
  };
}

/** A description list's terms and their values (read-only data such as the profile). */
export async function termsOf(list: Locator): Promise<Record<string, string>> {
  return list.evaluate((dl) =>
    Object.fromEntries(
      [...dl.querySelectorAll('dt')].map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']),
    ),
  );
}

/** The label/value pairs of a two-column table. */
export async function pairsOf(table: Locator): Promise<Record<string, string>> {
  const texts = await table.getByRole('row').allInnerTexts();
  return Object.fromEntries(
    texts.map((text) => {
      const [label, ...value] = text.split(/\t|\n/);
      return [label?.trim() ?? '', value.join(' ').trim()];
    }),
  );
}

/** The form control (input, textarea or select) a label names. */
/**
 * How long a browser step waits for what it expects (a page, a control, a saved draft). Generous on
 * purpose: CI runs this suite beside the database and cluster suites on two cores, and a wait returns
 * as soon as its condition holds, so only a failing step ever takes this long.
 */
export const PATIENCE_MS = 60_000;

export const formField = (page: Page, label: RegExp): Locator =>
  page.getByLabel(label).and(page.locator('input, textarea, select'));

/** Answers a yes/no question of the engine's yes-no widget. */
export const answerYesNo = (page: Page, question: RegExp, answer: 'Yes' | 'No'): Promise<void> =>
  page.getByRole('radiogroup', { name: question }).getByLabel(answer, { exact: true }).check();
