import type { LifecycleStatusFile } from './definition-types';
import { isSetFlag } from './value-path';

/**
 * The facts of an application that the definitions' conditions read about its stage: a work queue's
 * `when`, an applicant task's `when` (with the task's record) and a lifecycle block's `when`. The
 * server reads them from its row and its stored facts, the portal from the `application/{id}` answer;
 * both go through `applicationFacts`.
 */

/** What the conditions on an application's stage read: the platform's facts and the service's (`lifecycle.facts`). */
export type ApplicationFacts = {
  /** The status's key (`lifecycle.statuses`): what conditions name it by. */
  status: string;
  application_status_id: number;
  manually_processed: boolean;
  final_certificate_uploaded: boolean;
} & Record<string, unknown>;

/**
 * The facts of an application row or answer (flags may be 0/1 or booleans), with the service's own
 * facts (`factValues` of engine/core/lifecycle: its defaults overlaid by what is stored) and its
 * status's key among `statuses` (the service's, `statusesOf`).
 */
export function applicationFacts(
  row: { status_id: number; manually_processed?: unknown; final_certificate_uploaded?: unknown },
  serviceFacts: Readonly<Record<string, unknown>>,
  statuses: readonly LifecycleStatusFile[],
): ApplicationFacts {
  return {
    ...serviceFacts,
    status: statuses.find((candidate) => candidate.id === row.status_id)?.key ?? `#${row.status_id}`,
    application_status_id: row.status_id,
    manually_processed: isSetFlag(row.manually_processed),
    final_certificate_uploaded: isSetFlag(row.final_certificate_uploaded),
  };
}
