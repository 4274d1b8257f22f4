/**
 * Errors that follow the answer. A validation that refuses the form (Next) shows every error beside
 * its field; from then on each answer re-checks the form with the same validator, and a field shows
 * the errors it has now: none once corrected, the new one when the answer is wrong in another way.
 * A field that showed no error stays quiet on a change (an applicant typing an e-mail address is not
 * told it is invalid at its first letters, nor is a field that a choice has just made required), but
 * a field left with an answer (blur) is judged at once, so a value out of its range or format is
 * said before Next.
 */
import { toPath, type RJSFValidationError } from '@rjsf/utils';

/** How RJSF names a field's elements: `root`, then the path joined by `_` (`root_rows_0_code`). */
export interface FieldIds {
  idPrefix: string;
  idSeparator: string;
}

/** The id of the field an error belongs to (`idPrefix` alone for an error of the whole form). */
export function errorFieldId(error: Pick<RJSFValidationError, 'property'>, ids: FieldIds): string {
  return [ids.idPrefix, ...toPath(error.property ?? '')].join(ids.idSeparator);
}

/**
 * Of the errors a validation finds now (`current`), those to show: the errors of every field that
 * shows one (`shown`), and those of `judged` (the id of a field just left with an answer) and of
 * what it holds (a list or a group edited as a whole).
 */
export function followedErrors<E extends RJSFValidationError>(
  shown: readonly E[],
  current: readonly E[],
  ids: FieldIds,
  judged?: string,
): E[] {
  const showing = new Set(shown.map((error) => errorFieldId(error, ids)));
  return current.filter(
    (error) => showing.has(errorFieldId(error, ids)) || (judged !== undefined && holds(judged, error, ids)),
  );
}

/**
 * Whether the field `id` is the field of `error` or holds it. Compared path by path: ids join names
 * with the separator, which a name may contain too (`quantity` does not hold `quantity_unit`).
 */
function holds(id: string, error: Pick<RJSFValidationError, 'property'>, ids: FieldIds): boolean {
  const path = toPath(error.property ?? '');
  for (let depth = path.length; depth >= 0; depth -= 1) {
    if ([ids.idPrefix, ...path.slice(0, depth)].join(ids.idSeparator) === id) return true;
  }
  return false;
}

/** Whether two lists of errors say the same things of the same fields (a re-check that changed nothing). */
export function sameErrors(a: readonly RJSFValidationError[], b: readonly RJSFValidationError[]): boolean {
  return (
    a.length === b.length && a.every((error, i) => error.property === b[i]?.property && error.message === b[i]?.message)
  );
}

/** The messages shown for the field `id` among `errors`. */
export function messagesOf(errors: readonly RJSFValidationError[], id: string, ids: FieldIds): string[] {
  return errors.filter((error) => errorFieldId(error, ids) === id).map((error) => error.message ?? error.stack);
}

/**
 * What a screen reader is told after a re-check changed the errors of the field `id` (the one being
 * answered): its new messages; `corrected` (given the number of errors left on the form) when it has
 * none any more; nothing when its messages did not change.
 */
export function recheckAnnouncement(
  before: readonly RJSFValidationError[],
  after: readonly RJSFValidationError[],
  id: string,
  ids: FieldIds,
  corrected: (left: number) => string,
): string | undefined {
  const was = messagesOf(before, id, ids);
  const now = messagesOf(after, id, ids);
  if (now.length > 0) return now.join(' ') === was.join(' ') ? undefined : now.join(' ');
  return was.length > 0 ? corrected(after.length) : undefined;
}
