/**
 * The bodies of the staff API's moves (server/routes/staff.ts) as Fastify judges them: a move to a
 * status, and an action's comment and texts (JSON, or the fields of a multipart request with its
 * document). The texts are judged by the move's transition; here only their shape.
 */
import { booleanField } from './field-rules';
import { MULTIPART_BODY } from './route-schemas';

/** The longest comment or text staff may give. */
export const TEXT_MAX = 20_000;

export const TEXT_MESSAGE = 'must be a text of at most 20,000 characters';
const STATUS_ID_MESSAGE = 'must be a status id';

/** A comment, or a text an action may take (judged by the action): a text, or null for none. */
const staffText = {
  type: ['string', 'null'],
  maxLength: TEXT_MAX,
  errorMessage: { type: TEXT_MESSAGE, maxLength: TEXT_MESSAGE },
} as const;

/** The JSON body of an action: its comment and texts, any of them. */
const ACTION_TEXTS = {
  type: 'object',
  additionalProperties: staffText,
  errorMessage: { type: 'Send a JSON object.' },
} as const;

/** The body of a move to a status: the status, and the comment, `manual` and texts of the move. */
export const STATUS_BODY = {
  type: 'object',
  properties: {
    status_id: {
      type: 'integer',
      minimum: 1,
      errorMessage: { type: STATUS_ID_MESSAGE, minimum: STATUS_ID_MESSAGE },
    },
    comment: staffText,
    manual: booleanField(),
  },
  required: ['status_id'],
  additionalProperties: staffText,
  errorMessage: { type: 'Send a JSON object.', required: { status_id: STATUS_ID_MESSAGE } },
} as const;

/** The body's texts other than `known` (its schema let only texts and nulls through). */
export function textsOf(body: Record<string, unknown>, known: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body).filter(
      (entry): entry is [string, string] => !known.includes(entry[0]) && typeof entry[1] === 'string',
    ),
  );
}

/** The body of an action: JSON with its comment and texts, or multipart with the same fields and the document. */
export const ACTION_BODY = {
  content: {
    'application/json': { schema: ACTION_TEXTS },
    'multipart/form-data': { schema: MULTIPART_BODY },
  },
} as const;
