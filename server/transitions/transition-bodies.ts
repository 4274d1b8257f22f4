/**
 * The request bodies of the routes that take a transition, drawn from the transition table: the
 * staff's routes (one per staff transition name, and the move to a status) and the applicant's
 * decision. Fastify checks them before the handler runs (a refusal is the contract's 422 naming each
 * field, with the messages below) and @fastify/swagger shows them in /api/openapi.json. What depends
 * on the application (whether its service has the row at its status, a text left blank, a document
 * that is not a PDF) is the executor's to judge (execute.ts).
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { LifecycleDecision } from '../../engine/core';
import { createAjv } from '../../engine/core/ajv-setup';
import { REQUIRED } from '../field-rules';
import type { StaffTransition } from './staff-transitions';

/** The longest comment or text staff may give. */
export const STAFF_TEXT_MAX = 20_000;
export const NOT_A_TEXT = 'must be a text of at most 20,000 characters';
export const NOT_A_STATUS = 'must be a status id';
export const NOT_A_FLAG = 'must be true or false';

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
        errorMessage: NOT_A_FLAG,
      },
      ...Object.fromEntries(
        texts.map((name) => [name, staffText('The text of the action reaching the status, as HTML.')]),
      ),
    },
    additionalProperties: OTHER_TEXTS,
    errorMessage: { required: { status_id: NOT_A_STATUS } },
  } as const;
}

/**
 * The body of the applicant's answer to a decision, with the reasons a denial takes (the rows'
 * `reason.field`, at most `reasonMax` characters); whether the reason is given is the row's to judge.
 */
export function decisionBody(decisions: readonly LifecycleDecision[], reasonMax: number) {
  const reasons = [
    ...new Set(decisions.flatMap((decision) => (decision.deny.reason ? [decision.deny.reason.field] : []))),
  ];
  return {
    type: 'object',
    required: ['application_id', 'applicant_confirmed'],
    properties: {
      application_id: {
        type: ['integer', 'string'],
        description: 'The application answered for (its id).',
        errorMessage: REQUIRED,
      },
      applicant_confirmed: { type: 'boolean', description: 'True accepts, false denies.', errorMessage: NOT_A_FLAG },
      ...Object.fromEntries(
        reasons.map((field) => [
          field,
          {
            type: ['string', 'null'],
            maxLength: reasonMax,
            description: 'Why it is denied (a denial needs it).',
            errorMessage: { type: 'must be a text', maxLength: `At most ${reasonMax} characters.` },
          },
        ]),
      ),
    },
    errorMessage: { required: { application_id: REQUIRED, applicant_confirmed: NOT_A_FLAG } },
  } as const;
}

const ajv = createAjv();

/**
 * Compiles a route's body with the project's Ajv (engine/core/ajv-setup.ts: every error, no
 * coercion, `errorMessage`), so the routes above refuse with their own messages. A multipart body is
 * read part by part by its route (it is not in `request.body`): its schema documents it only.
 */
export const transitionBodyCompiler: FastifySchemaCompiler<unknown> = ({ schema, contentType }) => {
  if (contentType === 'multipart/form-data') return () => true;
  return ajv.compile(schema as object);
};
