import { loadServiceDefinitions } from '../engine/core/load-definitions';
import type { ServiceDefinition } from '../engine/core/definition-types';

/** Every JSON file under services/, bundled at build time; `npm run dev` reloads them on change. */
const modules = import.meta.glob('../services/*/*.json', { eager: true, import: 'default' });

/** Maps `../services/plastics/service.json` to `plastics/service.json`, the key form the loader reads. */
export function toDefinitionFileKey(path: string): string {
  return path.replace(/^(\.\.\/)+services\//, '');
}

/** The loaded definitions and the problems found while checking them. */
export interface DefinitionsResult {
  definitions: ServiceDefinition[];
  problems: unknown[];
}

/** Reads and checks the bundled definitions (the module is loaded lazily, off the landing page). */
export function loadBundledDefinitions(): DefinitionsResult {
  const files: Record<string, unknown> = {};
  for (const [path, content] of Object.entries(modules)) files[toDefinitionFileKey(path)] = content;
  const { definitions, problems } = loadServiceDefinitions(files);
  return { definitions: [...definitions], problems: [...(problems as unknown[])] };
}
