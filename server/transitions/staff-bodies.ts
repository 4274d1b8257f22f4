/**
 * The request bodies of the staff's routes, drawn from the transition table: one per staff
 * transition name (its comment, the texts its rows take, its document) and the move to a status.
 * Judged by the project's Ajv (transition-bodies.ts), in the staff's words (English: the staff API's
 * answers are read by the authority).
 */
import type { StaffTransition } from './staff-transitions';
import { BOOLEAN_MESSAGE } from '../field-rules';

/** The longest comment or text staff may give. */
export const STAFF_TEXT_MAX = 20_000;
export const NOT_A_TEXT = 'must be a text of at most 20,000 characters';
export const NOT_A_STATUS = 'must be a status id';

/** A text staff give (a comment, a transition's HTML text); null is taken as not given. */
const staffText = (description: string) => ({
  type: ['string', 'null'],
  maxLength: STAFF_TEXT_MAX,
  description,
  errorMessage: NOT_A_TEXT,
});

const COMMENT = staffText('A comment to the applicant, shown in the history (the row gives one when none is sent).');

/** Texts the route does not name: the executor refuses each with the transition's words ("takes no ..."). */
const OTHER_TEXTS = staffText('Another text: refused by name unless the transition takes it.');

/** The JSON body of a staff transition: its comment and the texts its rows take (required when every row takes it). */
export function transitionBody(transition: StaffTransition) {
  const required = transition.texts.filter((text) => text.required);
  return {
    type: 'object',
    properties: {
      comment: COMMENT,
      ...Object.fromEntries(
        transition.texts.map((text) => [
          text.name,
          staffText(`The text '${transition.name}' takes, as HTML${text.required ? '' : ' (where its row takes it)'}.`),
        ]),
      ),
    },
    additionalProperties: OTHER_TEXTS,
    ...(required.length > 0
      ? {
          required: required.map((text) => text.name),
          errorMessage: { required: Object.fromEntries(required.map((text) => [text.name, text.requiredMessage])) },
        }
      : {}),
  } as const;
}

/** The multipart body of a staff transition that files a document: the PDF in `file`, the same texts beside it. */
export function transitionFormBody(transition: StaffTransition) {
  const json = transitionBody(transition);
  return {
    ...json,
    properties: {
      file: { type: 'string', contentEncoding: 'binary', description: 'The document it files (a PDF).' },
      ...json.properties,
    },
    required: ['file', ...(json.required ?? [])],
  };
}

/** The route body of a staff transition: JSON, and multipart too when a row files a document. */
export function transitionRouteBody(transition: StaffTransition) {
  return {
    content: {
      'application/json': { schema: transitionBody(transition) },
      ...(transition.files ? { 'multipart/form-data': { schema: transitionFormBody(transition) } } : {}),
    },
  };
}

/** The body of a staff move to a status: the texts of the action reaching it beside (`texts`, by name). */
export function statusBody(texts: readonly string[]) {
  return {
    type: 'object',
    required: ['status_id'],
    properties: {
      status_id: { type: 'integer', minimum: 1, description: 'The status it moves to.', errorMessage: NOT_A_STATUS },
      comment: COMMENT,
      manual: {
        type: 'boolean',
        description: 'An approval processed by hand, its certificate to come (POST .../certificate files it).',
        errorMessage: BOOLEAN_MESSAGE,
      },
      ...Object.fromEntries(
        texts.map((name) => [name, staffText('The text of the action reaching the status, as HTML.')]),
      ),
    },
    additionalProperties: OTHER_TEXTS,
    errorMessage: { required: { status_id: NOT_A_STATUS } },
  } as const;
}
