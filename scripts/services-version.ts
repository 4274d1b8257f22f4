/**
 * `npm run services:version -- <key> [--services <dir>]`: starts the next version of a service
 * before an analyst changes it. Keeps the version as it ships now under
 * `services/<key>/versions/<n>.json` (its files and those of the shared fragments it includes, so
 * later edits of a fragment do not change it), then raises `version` in its service.json to n + 1.
 *
 * Applications submitted under version n are then still shown and judged by it. `services:check`
 * says whether the change needs a record migration (`migrations/<n + 1>.json`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeFormattedJson } from './write-formatted-json';
import { archiveOf, VERSIONS_FOLDER } from '../engine/core/definition-versions';
import { loadServicesDir } from '../engine/core/node/load-services-dir';

/** Why a new version is refused (an unknown service, one with problems, a version already kept). */
export class VersionError extends Error {}

/**
 * Keeps the current version of service `key` under `servicesDir` and raises its version; answers the
 * files written.
 * @throws VersionError when the service is unknown, has problems (only a checked version is kept), or
 * its current version is kept already.
 */
export async function startNextVersion(servicesDir: string, key: string): Promise<string[]> {
  const loaded = loadServicesDir(servicesDir);
  const problems = loaded.problems.filter((problem) => problem.file.startsWith(`${key}/`));
  if (problems.length > 0)
    throw new VersionError(
      `services/${key} has problems; fix them first (npm run services:check):\n${problems
        .map((p) => `  services/${p.file}#${p.pointer}: ${p.message}`)
        .join('\n')}`,
    );
  const definition = loaded.definitions.find((candidate) => candidate.key === key);
  if (!definition) throw new VersionError(`No service '${key}' under ${servicesDir}.`);
  const folder = join(servicesDir, key, VERSIONS_FOLDER);
  const archive = join(folder, `${definition.version}.json`);
  if (existsSync(archive)) throw new VersionError(`Version ${definition.version} of '${key}' is kept already.`);
  await writeFormattedJson(archive, archiveOf(definition, loaded.files));

  // Only the number changes in service.json: the analyst's own layout stays as written.
  const serviceFile = join(servicesDir, key, 'service.json');
  const text = readFileSync(serviceFile, 'utf8');
  const raised = text.replace(/("version"\s*:\s*)\d+/, `$1${definition.version + 1}`);
  writeFileSync(serviceFile, raised);
  return [archive, serviceFile];
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--services');
  const servicesDir = resolve(at >= 0 ? (args[at + 1] ?? 'services') : 'services');
  const key = args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--services');
  try {
    if (!key) throw new VersionError('Usage: npm run services:version -- <key> [--services <dir>]');
    for (const file of await startNextVersion(servicesDir, key)) console.log(`wrote ${file}`);
    console.log(
      `\nNext: change services/${key} as JSON, then npm run services:check: it says whether the change needs a ` +
        `record migration (services/${key}/migrations/<version>.json, docs/analyst-guide.md).`,
    );
  } catch (error) {
    if (!(error instanceof VersionError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
