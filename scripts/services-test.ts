/**
 * `npm run services:test -- <service-key> [--update]`: the quick check of one service while an
 * analyst works on it (`npm test` stays the whole check, before a change is merged). In order:
 * - `services:check` (the services folder is judged as a whole: ids and routes are unique across
 *   services, so a problem of another service fails it too);
 * - the conformance suite (tests/conformance) for that service only: its fixtures through the engine
 *   and through the real server, its snapshot files, its task records and precompiled validators;
 * - the walk of its lifecycle (tests/api/status-reach.test.ts): every status reached along its rows.
 * The suites test only the service SERVICE_KEYS names (tests/selected-services.ts). `--update`
 * rewrites the service's stored snapshots (`vitest -u`) after a change to its form that is meant.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { servicesCheck } from './services-check';

const repository = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The suites a run of one service takes, relative to the repository. */
export const SERVICE_SUITES = ['tests/conformance', 'tests/api/status-reach.test.ts'] as const;

export const USAGE = 'Usage: npm run services:test -- <service-key> [--update]';

/** Why the arguments are refused (a usage line, or the keys there are). */
export class ServicesTestError extends Error {}

export interface ServicesTestOptions {
  key: string;
  /** Rewrite the service's stored snapshots (vitest -u). */
  update: boolean;
}

/** The keys of the services under `servicesDir` (its folders holding a service.json). */
export function serviceKeys(servicesDir: string): string[] {
  return readdirSync(servicesDir)
    .filter((name) => existsSync(join(servicesDir, name, 'service.json')))
    .sort();
}

/**
 * Reads `<service-key> [--update]`, the key one of `keys`.
 * @throws ServicesTestError with the usage, or with the keys there are for an unknown one.
 */
export function parseArguments(args: readonly string[], keys: readonly string[]): ServicesTestOptions {
  const flags = args.filter((arg) => arg.startsWith('-'));
  const positional = args.filter((arg) => !arg.startsWith('-'));
  const unknown = flags.filter((flag) => flag !== '--update' && flag !== '-u');
  if (unknown.length > 0) throw new ServicesTestError(`Unknown option ${unknown.join(', ')}. ${USAGE}`);
  const [key, ...rest] = positional;
  if (!key || rest.length > 0) throw new ServicesTestError(USAGE);
  if (!keys.includes(key))
    throw new ServicesTestError(`No service '${key}' under services/. The services are: ${keys.join(', ')}.`);
  return { key, update: flags.length > 0 };
}

/** The vitest command line (after `vitest`) and the environment of a run of `options`. */
export function vitestRun(
  options: ServicesTestOptions,
  env: NodeJS.ProcessEnv = process.env,
): { args: string[]; env: NodeJS.ProcessEnv } {
  return {
    args: ['run', '--config', 'vitest.config.ts', ...SERVICE_SUITES, ...(options.update ? ['-u'] : [])],
    env: { ...env, SERVICE_KEYS: options.key },
  };
}

/** Runs the check of one service; its exit code. */
export function main(args: readonly string[]): number {
  const servicesDir = join(repository, 'services');
  let options: ServicesTestOptions;
  try {
    options = parseArguments(args, serviceKeys(servicesDir));
  } catch (error) {
    if (!(error instanceof ServicesTestError)) throw error;
    console.error(error.message);
    return 2;
  }
  const checked = servicesCheck(servicesDir);
  for (const line of checked.lines) (checked.ok ? console.log : console.error)(line);
  if (!checked.ok) return 1;
  const run = vitestRun(options);
  console.log(`services:test: ${SERVICE_SUITES.join(', ')} for '${options.key}'${options.update ? ' (-u)' : ''}`);
  const result = spawnSync(join(repository, 'node_modules', '.bin', 'vitest'), run.args, {
    cwd: repository,
    env: run.env,
    stdio: 'inherit',
  });
  return result.status ?? 1;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) process.exitCode = main(process.argv.slice(2));
