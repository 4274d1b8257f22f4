/**
 * Loads the service definitions the server registers submit routes for, with the same loader and
 * checks as the portal and `services:check`.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '../engine/core/definition-types';
import { loadServiceDefinitions, type DefinitionProblem } from '../engine/core/load-definitions';
import { readServiceFiles } from '../engine/core/node/read-service-files';

/** The repository's services/ folder. */
export const DEFAULT_SERVICES_DIR = resolve(fileURLToPath(new URL('../services', import.meta.url)));

export interface ServerDefinitions {
  definitions: ServiceDefinition[];
  problems: DefinitionProblem[];
}

/** Reads and checks every `services/<key>/` folder; a missing folder means no services. */
export function loadDefinitionsFrom(servicesDir: string = DEFAULT_SERVICES_DIR): ServerDefinitions {
  if (!existsSync(servicesDir)) return { definitions: [], problems: [] };
  const read = readServiceFiles(servicesDir);
  const loaded = loadServiceDefinitions(read.files);
  return { definitions: [...loaded.definitions], problems: [...read.problems, ...loaded.problems] };
}
