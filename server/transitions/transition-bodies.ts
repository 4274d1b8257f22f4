/**
 * The request bodies of the routes that take a transition, drawn from the transition table: the
 * applicant's decision here, the staff's in staff-bodies.ts; and the compiler that judges them.
 * Fastify checks them before the handler runs (a refusal is the contract's 422 naming each field,
 * with the bodies' own messages) and @fastify/swagger shows them in /api/openapi.json. What depends
 * on the application (whether its service has the row at its status, a text left blank, a document
 * that is not a PDF) is the executor's to judge (execute.ts).
 */
import type { FastifySchemaCompiler } from 'fastify';
import { createAjv, type LifecycleDecision } from '../../engine/core';
import { REQUIRED } from '../field-rules';

export const NOT_A_FLAG = 'must be true or false';

/**
 * The body of the applicant's answer to a decision, with the reasons a denial takes (the rows'
 * `reason.field`, at most `reasonMax` characters); whether the reason is given is the row's to judge.
 */
export function decisionBody(decisions: readonly LifecycleDecision[], reasonMax: number) {
  const reasons = new Map(
    decisions.flatMap((decision) => (decision.deny.reason ? [[decision.deny.reason.field, decision.deny.reason]] : [])),
  );
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
        [...reasons.values()].map((reason) => [
          reason.field,
          {
            type: ['string', 'null'],
            maxLength: reasonMax,
            description: 'Why it is denied (a denial needs it).',
            // Anything but a text gives no reason.
            errorMessage: { type: reason.requiredMessage, maxLength: `At most ${reasonMax} characters.` },
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
