/**
 * The request bodies of the routes that take a transition, drawn from the transition table: the
 * applicant's decision here, the staff's in staff-bodies.ts. Fastify checks them before the handler
 * runs with the project's Ajv (request-validation.ts; a refusal is the contract's 422 naming each
 * field, with the bodies' own messages) and @fastify/swagger shows them in /api/openapi.json. What
 * depends on the application (whether its service has the row at its status, a text left blank, a document
 * that is not a PDF) is the executor's to judge (execute.ts).
 */
import type { LifecycleDecision } from '../../engine/core';
import { BOOLEAN_MESSAGE, REQUIRED, rowId } from '../field-rules';

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
      application_id: { ...rowId(), description: 'The application answered for (its id).' },
      applicant_confirmed: {
        type: 'boolean',
        description: 'True accepts, false denies.',
        errorMessage: BOOLEAN_MESSAGE,
      },
      ...Object.fromEntries(
        [...reasons.values()].map((reason) => [
          reason.field,
          {
            type: ['string', 'null'],
            trim: true,
            maxLength: reasonMax,
            description: 'Why it is denied (a denial needs it).',
            // Anything but a text gives no reason.
            errorMessage: { type: reason.requiredMessage, maxLength: `At most ${reasonMax} characters.` },
          },
        ]),
      ),
    },
    errorMessage: { required: { application_id: REQUIRED, applicant_confirmed: BOOLEAN_MESSAGE } },
  } as const;
}
