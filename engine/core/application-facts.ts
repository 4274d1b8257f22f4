import { isSetFlag } from './value-path';

/**
 * The facts of an application that the definitions' conditions read about its stage: a work queue's
 * `when` and an applicant task's `when` (with the task's record). The server reads them from its
 * row, the portal from the `application/{id}` answer; both go through `applicationFacts`.
 */

/** What the conditions on an application's stage read. */
export interface ApplicationFacts {
  application_status_id: number;
  is_application_in_phase_2: boolean;
  manually_processed: boolean;
  final_certificate_uploaded: boolean;
}

/** The facts of an application row or answer (flags may be 0/1 or booleans). */
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
