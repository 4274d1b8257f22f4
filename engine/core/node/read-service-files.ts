import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DefinitionProblem } from '../definition-problems';
import { MIGRATIONS_FOLDER, VERSIONS_FOLDER } from '../definition-versions';

/** Subfolders of a service folder whose JSON files belong to its history (kept versions, migrations). */
const HISTORY_FOLDERS = [VERSIONS_FOLDER, MIGRATIONS_FOLDER];

/**
 * Reads every `services/<folder>/*.json`, and `<folder>/versions/*.json` and `<folder>/migrations/*.json` for `loadServiceDefinitions` (Node only; the browser gets
 * the same files through Vite's glob import). A file that is not valid JSON becomes a problem
 * naming the file instead of stopping the whole load.
 */
export function readServiceFiles(servicesDir: string): {
  files: Record<string, unknown>;
  problems: DefinitionProblem[];
} {
  const files: Record<string, unknown> = {};
  const problems: DefinitionProblem[] = [];
  for (const folder of readdirSync(servicesDir).sort()) {
    const dir = join(servicesDir, folder);
    if (!statSync(dir).isDirectory()) continue;
    const names = readdirSync(dir).sort();
    const history = HISTORY_FOLDERS.filter((sub) => names.includes(sub) && statSync(join(dir, sub)).isDirectory());
    const paths = [
      ...names.filter((name) => name.endsWith('.json')),
      ...history.flatMap((sub) =>
        readdirSync(join(dir, sub))
          .filter((name) => name.endsWith('.json'))
          .sort()
          .map((name) => `${sub}/${name}`),
      ),
    ];
    for (const name of paths) {
      const key = `${folder}/${name}`;
      try {
        files[key] = JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown;
      } catch (error) {
        problems.push({ file: key, pointer: '', message: `not valid JSON: ${(error as Error).message}` });
      }
    }
  }
  return { files, problems };
}
