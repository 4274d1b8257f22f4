/**
 * Which version of its service's definition an application is shown and judged by. Pure, so the
 * portal (the view and the correction of a returned application) and the server (its submit routes)
 * choose alike.
 */
import type { ServiceDefinition } from './definition-types';

/** What decides it: the application's service, the version it is stamped with, and whether it is a draft. */
export interface VersionedApplication {
  serviceId: number;
  /** The version it was submitted under; absent from an API that does not keep versions. */
  version?: number | null;
  /** A draft has not been submitted: it follows the current version. */
  draft: boolean;
}

/**
 * The definition of `application`: the current one for a draft (it is filled in now) or when the
 * application names no version or the current one; else the kept earlier version it was submitted
 * under; the current one when that version is not kept (a service folder whose history was removed).
 */
export function definitionOfApplication(
  current: readonly ServiceDefinition[],
  archived: readonly ServiceDefinition[],
  application: VersionedApplication,
): ServiceDefinition | undefined {
  const now = current.find((definition) => definition.id === application.serviceId);
  const version = application.version;
  if (application.draft || version === undefined || version === null || now?.version === version) return now;
  return (
    archived.find((definition) => definition.id === application.serviceId && definition.version === version) ?? now
  );
}
