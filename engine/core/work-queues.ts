import type { JsonSchema, ServiceDefinition, WorkQueue, WorkQueues } from './definition-types';
import { isSetFlag } from './value-path';

/**
 * Work queues of a service (`workQueues` of service.json): the client's applications of the service
 * by stage, each queue a JSON Schema over the application's facts. The server counts and lists them
 * with it, the portal shows the page it declares. The audit's five queues: request for ToRs, report
 * under review, pending report submission, waiting certificate, approved certificate.
 */

/** What a queue's condition reads of an application. */
export interface ApplicationFacts {
  application_status_id: number;
  is_application_in_phase_2: boolean;
  manually_processed: boolean;
  final_certificate_uploaded: boolean;
}

/** The facts of an application row (database flags are 0/1). */
export function applicationFacts(row: {
  status_id: number;
  is_application_in_phase_2?: unknown;
  manually_processed?: unknown;
  final_certificate_uploaded?: unknown;
}): ApplicationFacts {
  return {
    application_status_id: row.status_id,
    is_application_in_phase_2: isSetFlag(row.is_application_in_phase_2),
    manually_processed: isSetFlag(row.manually_processed),
    final_certificate_uploaded: isSetFlag(row.final_certificate_uploaded),
  };
}

/** The queues an application is in (`matches` answers a JSON Schema, as the server's Ajv does). */
export function queuesOf(
  workQueues: WorkQueues,
  facts: ApplicationFacts,
  matches: (schema: JsonSchema, data: unknown) => boolean,
): WorkQueue[] {
  return workQueues.queues.filter((queue) => matches(queue.when, facts));
}

/** Every service with work queues. */
export function servicesWithQueues(
  definitions: readonly ServiceDefinition[],
): Array<{ definition: ServiceDefinition; workQueues: WorkQueues }> {
  return definitions.flatMap((definition) =>
    definition.workQueues ? [{ definition, workQueues: definition.workQueues }] : [],
  );
}

/** A queue path (counts or list) for one client. */
export function queuePath(path: string, clientId: number | string): string {
  return path.replace('{clientId}', encodeURIComponent(String(clientId)));
}
