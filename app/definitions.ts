import services from 'virtual:service-definitions';
import type { ServiceDefinition } from '../engine/core';

/** The loaded definitions, the earlier versions kept for older applications, and the problems found while checking them. */
export interface DefinitionsResult {
  definitions: ServiceDefinition[];
  archived?: ServiceDefinition[];
  problems: unknown[];
}

/**
 * The definitions of services/, loaded and checked when the portal is built (or by `npm run dev`,
 * again on each change) by scripts/vite-plugin-services.ts with the server's loader: the page runs no
 * checker, whose Ajv would compile schemas with `new Function`. The module is loaded lazily, off the
 * landing page.
 */
export function loadBundledDefinitions(): DefinitionsResult {
  return {
    definitions: [...services.definitions],
    archived: [...services.archived],
    problems: [...services.problems],
  };
}
