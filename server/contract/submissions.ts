/** The answers of the submit routes the definitions declare (server/routes/submissions.ts). */
import { anyValue, flag, integer, list, object, text, type Schema } from './answers';

/**
 * A submit call's answer: the application, its status now and what was saved under each name the
 * route's calls save (`names`: their records and parts); a call without an application answers what
 * it judged with `saved: false`.
 */
export function submitAnswerSchema(names: readonly string[]): Schema {
  return object({
    saved: flag,
    id: integer,
    app_id: text,
    application_status_id: integer,
    ...Object.fromEntries(names.map((name) => [name, anyValue])),
  });
}

/** A read-back call: the rows the call saved, as it sent them. */
export const READ_BACK: Schema = list(anyValue);

/** The names a submit route's calls save under: each call's name, and the form's record for a record call. */
export function savedNames(
  candidates: ReadonlyArray<{
    call: { name: string; savesRecord?: boolean };
    definition: { view: { record: string } };
  }>,
): string[] {
  return [
    ...new Set(
      candidates.flatMap(({ call, definition }) => [call.name, ...(call.savesRecord ? [definition.view.record] : [])]),
    ),
  ];
}
