import type { JsonSchema, ServiceDefinition, WorkQueue, WorkQueues } from './definition-types';
import type { ApplicationFacts } from './application-facts';

/**
 * Work queues of a service (`workQueues` of service.json): the client's applications of the service
 * by stage, each queue a JSON Schema over the application's facts. The server counts and lists them
 * with it, the portal shows the page it declares. The audit's five queues: request for ToRs, report
 * under review, pending report submission, waiting certificate, approved certificate.
 */

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
