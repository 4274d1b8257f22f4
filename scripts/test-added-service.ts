/**
 * `npm run test:added-service`: proves that a new service needs no code and no test edit. The
 * repository's files are copied to a scratch folder, a service is scaffolded into the copy
 * (`services:new`) and edited with standard JSON Schema keywords, formats and list shapes the
 * scaffold does not use (tests/standard-form/standard-keywords.ts, standard-formats.ts), and the
 * whole `npm test` runs there: type check, lint, format, `services:check`, `i18n:check` and every
 * unit, API and conformance test, which find the added service by themselves. The conformance snapshot of the added service is written on that
 * first run, as on an analyst's machine; the run fails if it was not.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addStandardFormats } from '../tests/standard-form/standard-formats';
import { addStandardKeywords } from '../tests/standard-form/standard-keywords';
import { scaffoldService } from './services-new';

const repository = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const KEY = 'open-burning';

/** The repository's own files (tracked, or new and not ignored), as git lists them. */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repository,
    encoding: 'utf8',
  });
  return listed.split('\0').filter((file) => file !== '' && existsSync(join(repository, file)));
}

async function main(): Promise<number> {
  const copy = mkdtempSync(join(tmpdir(), 'ecopermit-added-service-'));
  try {
    for (const file of repositoryFiles()) {
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      cpSync(join(repository, file), join(copy, file));
    }
    symlinkSync(join(repository, 'node_modules'), join(copy, 'node_modules'), 'dir');
    await scaffoldService(copy, { key: KEY, id: 17097, title: 'Open Burning Permit' });
    await addStandardKeywords(copy, KEY);
    await addStandardFormats(copy, KEY);
    console.log(`test:added-service: '${KEY}' added to a copy in ${copy}; running npm test there`);
    // Not as CI: the new service's conformance snapshot is written on this first run.
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.CI;
    const run = spawnSync('npm', ['test'], { cwd: copy, env, stdio: 'inherit' });
    if (run.status !== 0) {
      console.error(`test:added-service: npm test failed in the copy (exit ${String(run.status)})`);
      return 1;
    }
    const snapshot = join(copy, 'tests', 'conformance', '__snapshots__', `${KEY}.snap.json`);
    if (!existsSync(snapshot)) {
      console.error(`test:added-service: the conformance suite did not test '${KEY}' (no ${snapshot})`);
      return 1;
    }
    console.log(`test:added-service: npm test passed with '${KEY}' added, its conformance snapshot written`);
    return 0;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

process.exitCode = await main();
