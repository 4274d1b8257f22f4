/**
 * Statuses as the console names them: by the badge label the applicant sees (`presentStatus` with
 * the service's own statuses, translated by the portal's `status.<label>` texts), found through the
 * definitions of the services (a status key is the same across services for the platform's).
 */
import { presentStatus, serviceStatuses, statusesOf, type ServiceDefinition } from '../../engine/core';

/** The services' definitions by key. */
export function definitionsByKey(definitions: readonly ServiceDefinition[]): Map<string, ServiceDefinition> {
  return new Map(definitions.map((definition) => [definition.key, definition]));
}

/**
 * The badge label (untranslated) of status `id` in `definition`, or of the status with key `key` in
 * the first of `definitions` that declares it; the key itself when none does.
 */
export function statusBadge(
  definitions: readonly ServiceDefinition[],
  status: { id?: number; key?: string },
  definition?: ServiceDefinition,
): string {
  const candidates = definition ? [definition, ...definitions] : definitions;
  for (const candidate of candidates) {
    const found = statusesOf(candidate).find((known) =>
      status.id !== undefined ? known.id === status.id : known.key === status.key,
    );
    if (found) return presentStatus({ application_status_id: found.id }, serviceStatuses(candidate)).label;
  }
  return status.key ?? String(status.id ?? '');
}

/** The distinct statuses of the definitions (by key), in their tables' order: the status filter's choices. */
export function statusChoices(definitions: readonly ServiceDefinition[]): Array<{ key: string; id: number }> {
  const seen = new Map<string, { key: string; id: number }>();
  for (const definition of definitions)
    for (const status of statusesOf(definition)) if (!seen.has(status.key)) seen.set(status.key, status);
  return [...seen.values()];
}
