/**
 * Loads the service definitions the server registers submit routes for, with the same loader and
 * checks as the portal and `services:check`: the current ones, their kept versions and migrations.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadServicesDir, type LoadedServicesDir } from '../engine/core/node';

/** The repository's services/ folder. */
export const DEFAULT_SERVICES_DIR = resolve(fileURLToPath(new URL('../services', import.meta.url)));

export type ServerDefinitions = LoadedServicesDir;

/** Reads and checks every `services/<key>/` folder; a missing folder means no services. */
export function loadDefinitionsFrom(servicesDir: string = DEFAULT_SERVICES_DIR): ServerDefinitions {
  return loadServicesDir(servicesDir);
}
