/**
 * The answers of the routes that move an application: the applicant's answer to a decision
 * (server/routes/decisions.ts), an applicant task's save (tasks.ts) and the staff's moves (staff.ts).
 */
import { flag, integer, object, openObject, text, type Schema } from './answers';

export const APPLICANT_CONFIRMATION: Schema = object(
  { id: integer, application_status_id: integer, applicant_confirmed: flag },
  ['id', 'application_status_id'],
);

/**
 * A task's save: the application, its status now, and the record saved under the task's `save.record`
 * (one of `records`, when versions of the task save at one path under different names).
 */
export function taskSavedSchema(...records: string[]): Schema {
  return object(
    { id: integer, application_status_id: integer, ...Object.fromEntries(records.map((r) => [r, openObject()])) },
    ['id'],
  );
}

export const STAFF_MOVE: Schema = object({ id: integer, app_id: text, from: integer, application_status_id: integer }, [
  'id',
  'application_status_id',
]);

export const STAFF_CERTIFICATE: Schema = object({ id: integer, app_id: text, application_status_id: integer }, [
  'id',
  'application_status_id',
]);
