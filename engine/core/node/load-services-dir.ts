import { existsSync } from 'node:fs';
import type { ServiceDefinition } from '../definition-types';
import { loadServiceVersions } from '../definition-versions';
import type { DefinitionProblem } from '../definition-problems';
import { loadServiceDefinitions } from '../load-definitions';
import type { RecordMigration } from '../record-migrations';
import { readServiceFiles } from './read-service-files';

/** Every service of a folder as the server, the portal's build and `services:check` see it. */
export interface LoadedServicesDir {
  /** The current definitions, without problems, sorted by id. */
  definitions: ServiceDefinition[];
  /** The kept earlier versions of those services. */
  archived: ServiceDefinition[];
  /** Record migrations by service id, ordered by the version they lead to. */
  migrations: Map<number, RecordMigration[]>;
  /** Problems of the files, the definitions and their histories, each with file and JSON pointer. */
  problems: DefinitionProblem[];
  /** The files read (`<folder>/<file>.json` -> parsed JSON). */
  files: Record<string, unknown>;
}

/**
 * Reads and checks every `services/<key>/` folder of `servicesDir` (Node only): the current
 * definitions, their kept versions and migrations. A missing folder means no services.
 */
export function loadServicesDir(servicesDir: string): LoadedServicesDir {
  if (!existsSync(servicesDir))
    return { definitions: [], archived: [], migrations: new Map(), problems: [], files: {} };
  const read = readServiceFiles(servicesDir);
  const loaded = loadServiceDefinitions(read.files);
  const versions = loadServiceVersions(read.files, loaded.definitions);
  return {
    definitions: [...loaded.definitions],
    archived: versions.archived,
    migrations: versions.migrations,
    problems: [...read.problems, ...loaded.problems, ...versions.problems],
    files: read.files,
  };
}
