import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DefinitionProblem } from '../load-definitions';

/**
 * Reads every `services/<folder>/*.json` for `loadServiceDefinitions` (Node only; the browser gets
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
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith('.json')) continue;
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
