/**
 * `npm run test:added-service`: proves that a new service needs no code and no test edit. The
 * repository's files are copied to a scratch folder, a service is scaffolded into the copy
 * (`services:new`) and edited with standard JSON Schema keywords, formats and list shapes the
 * scaffold does not use (tests/standard-form/standard-keywords.ts, standard-formats.ts), and a service
 * written as JSON files alone is added beside it: sections, a choice with titles, rows with their own
 * conditions and a two-stage chained lifecycle (tests/standard-form/sectioned-permit.ts). Then, in the
 * copy, runs only what a new definition can change (the rest of `npm test` reads no definition, and
 * CI runs it once on the repository):
 * - `services:check` and `i18n:check` over the copy's services;
 * - the conformance suite (tests/conformance), which saves every fixture of every service through the
 *   running API and writes the new service's snapshot on this first run, as on an analyst's machine;
 * - the API suites that enumerate the services under test: those that read them through
 *   `servicesUnderTest()` / `servicesCopyIn()` (tests/api/helpers.ts), found by that call, so a new
 *   suite of that kind joins without being listed here;
 * - the portal's build of the copy's services folder (prerendered pages included).
 * The run fails if the conformance suite did not test the added services.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addStandardFormats } from '../tests/standard-form/standard-formats';
import { addStandardKeywords } from '../tests/standard-form/standard-keywords';
import { addSectionedPermit, SECTIONED_TITLE } from '../tests/standard-form/sectioned-permit';
import { scratchService } from '../tests/scratch-service';
import { scaffoldService } from './services-new';

const repository = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The added service's title, looked for on the built pages. */
const TITLE = 'Open Burning Permit';
/** Its title in the portal's other languages, as an analyst gives them to the scaffold. */
const TITLES = {
  de: 'Genehmigung für offenes Verbrennen',
  it: "Autorizzazione all'abbruciamento all'aperto",
  ru: 'Разрешение на открытое сжигание',
  es: 'Permiso de quema al aire libre',
};

/** How a test file reads the services under test: a file that calls one of these enumerates them. */
const ENUMERATES_SERVICES = /\bservices(UnderTest|CopyIn)\(/;

/** The repository's own files (tracked, or new and not ignored), as git lists them. */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repository,
    encoding: 'utf8',
  });
  return listed.split('\0').filter((file) => file !== '' && existsSync(join(repository, file)));
}

/** The API test files that enumerate the services under test (relative to the repository). */
export function suitesEnumeratingServices(root: string): string[] {
  const folder = join(root, 'tests', 'api');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.test.ts'))
    .filter((name) => ENUMERATES_SERVICES.test(readFileSync(join(folder, name), 'utf8')))
    .sort()
    .map((name) => `tests/api/${name}`);
}

/** Runs one step in the copy; false (and says so) when it fails. */
function run(copy: string, label: string, command: string, args: string[], env: NodeJS.ProcessEnv): boolean {
  const started = Date.now();
  console.log(`test:added-service: ${label}`);
  const result = spawnSync(command, args, { cwd: copy, env, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (result.status !== 0) {
    console.error(`test:added-service: ${label} failed (exit ${String(result.status)}, ${seconds} s)`);
    return false;
  }
  console.log(`test:added-service: ${label} passed (${seconds} s)`);
  return true;
}

async function main(): Promise<number> {
  const copy = mkdtempSync(join(tmpdir(), 'ecopermit-added-service-'));
  try {
    for (const file of repositoryFiles()) {
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      cpSync(join(repository, file), join(copy, file));
    }
    symlinkSync(join(repository, 'node_modules'), join(copy, 'node_modules'), 'dir');
    // A key and id no authority's service holds (tests/scratch-service.ts): whatever services the
    // repository has, the scaffold never collides with one.
    const { key, id } = scratchService(copy, 'added', TITLE);
    await scaffoldService(copy, { key, id, title: TITLE, titles: TITLES });
    await addStandardKeywords(copy, key);
    await addStandardFormats(copy, key);
    const sectioned = scratchService(copy, 'sectioned', SECTIONED_TITLE);
    await addSectionedPermit(copy, sectioned);
    console.log(`test:added-service: '${key}' and '${sectioned.key}' added to a copy in ${copy}`);
    // Not as CI: the new service's conformance snapshot is written on this first run.
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.CI;
    const bin = (name: string) => join(copy, 'node_modules', '.bin', name);
    const suites = ['tests/conformance', ...suitesEnumeratingServices(copy)];
    const steps: Array<[string, string, string[], NodeJS.ProcessEnv]> = [
      ['services:check', bin('tsx'), ['scripts/services-check.ts'], env],
      ['i18n:check', bin('tsx'), ['scripts/i18n-check.ts'], env],
      [
        `conformance and the API suites that enumerate services (${suites.join(', ')})`,
        bin('vitest'),
        ['run', '--config', 'vitest.config.ts', ...suites],
        env,
      ],
      // A production build, as `npm start` and the deployment make it, its twins quickly compressed
      // (nothing here weighs them: PORTAL_COMPRESSION, unless set).
      [
        'the portal built from the services folder',
        bin('vite'),
        ['build', '--logLevel', 'warn'],
        { PORTAL_COMPRESSION: 'fast', ...env, NODE_ENV: 'production' },
      ],
    ];
    for (const [label, command, args, stepEnv] of steps) {
      if (!run(copy, label, command, args, stepEnv)) return 1;
    }
    for (const added of [key, sectioned.key]) {
      const snapshot = join(copy, 'tests', 'conformance', '__snapshots__', `${added}.snap.json`);
      if (!existsSync(snapshot)) {
        console.error(`test:added-service: the conformance suite did not test '${added}' (no ${snapshot})`);
        return 1;
      }
    }
    // The build prerenders every service's information page: the added one is among them.
    const pages = join(copy, 'dist', 'pages', 'en');
    const shown = existsSync(pages)
      ? readdirSync(pages).some((page) => readFileSync(join(pages, page), 'utf8').includes(TITLE))
      : false;
    if (!shown) {
      console.error(`test:added-service: the build of the services folder has no page of '${key}' (${pages})`);
      return 1;
    }
    console.log(`test:added-service: passed with '${key}' and '${sectioned.key}' added, their snapshots written`);
    return 0;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
