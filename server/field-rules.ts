/**
 * The field rules the API checks in more than one place (accounts, companies, reports, submissions),
 * with the spec's messages, so a phone or an email means the same thing everywhere. Each rule is a
 * JSON Schema of a request body's field: Fastify judges a body by it before the route runs
 * (server/request-validation.ts), each refusal with the message of `errorMessage` (ajv-errors).
 */

export const REQUIRED = 'This field is required';
export const PHONE_MESSAGE = 'Enter a 10 digit phone number.';
export const EMAIL_MESSAGE = 'Enter a valid email address.';
export const BOOLEAN_MESSAGE = 'must be true or false';
/** Largest quantity accepted (a trillion kilograms): beyond it a number is a typing error. */
export const MAX_KILOGRAMS = 1e12;

/** The refusal of a text longer than `max` characters. */
export const tooLong = (max: number) => `Enter at most ${max} characters.`;

/** A required, trimmed text of at most `max` characters. */
export const requiredText = <M extends number>(max: M) =>
  ({
    type: 'string',
    trim: true,
    minLength: 1,
    maxLength: max,
    errorMessage: { type: REQUIRED, minLength: REQUIRED, maxLength: tooLong(max) },
  }) as const;

/** An optional trimmed text of at most `max` characters: left out, null or blank is no text. */
export const optionalText = <M extends number>(max: M) =>
  ({
    type: ['string', 'null'],
    trim: true,
    maxLength: max,
    errorMessage: { type: tooLong(max), maxLength: tooLong(max) },
  }) as const;

const TEN_DIGITS = '^\\d{10}$';

/** Exactly 10 digits (spec 01 section 5), trimmed. */
export const phone = () =>
  ({
    type: 'string',
    trim: true,
    pattern: TEN_DIGITS,
    errorMessage: { type: PHONE_MESSAGE, pattern: PHONE_MESSAGE },
  }) as const;

/** An optional phone: left out, null or blank is none; else 10 digits. */
export const optionalPhone = () =>
  ({
    type: ['string', 'null'],
    trim: true,
    pattern: '^(\\d{10})?$',
    errorMessage: { type: PHONE_MESSAGE, pattern: PHONE_MESSAGE },
  }) as const;

/** An optional text as kept: a blank or missing one is none (null). */
export const orNull = (text: string | null | undefined): string | null => (text ? text : null);

/** Longest email address that can be delivered (RFC 5321 limits a forward path to 254 characters). */
export const EMAIL_MAX_LENGTH = 254;

/** The addresses accepted: the same form as the portal's check (zod's `email()`, which the server used before). */
const EMAIL_PATTERN =
  "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$";

/**
 * A trimmed email address of at most EMAIL_MAX_LENGTH characters: the format alone would accept a
 * megabyte of letters before the `@`, which PostgreSQL's unique index on it cannot even hold.
 */
export const email = () =>
  ({
    type: 'string',
    trim: true,
    maxLength: EMAIL_MAX_LENGTH,
    pattern: EMAIL_PATTERN,
    errorMessage: { type: REQUIRED, maxLength: EMAIL_MESSAGE, pattern: EMAIL_MESSAGE },
  }) as const;

/** An email address as accounts are found by it: also lower-cased, whatever case it was typed in. */
export const accountEmail = () => ({ ...email(), lowerCase: true }) as const;

/** A row id: a positive whole number, or its decimal text (as a form's select sends it). */
export const rowId = (message: string = REQUIRED) =>
  ({
    type: ['integer', 'string'],
    trim: true,
    minimum: 1,
    maximum: 2147483647,
    pattern: '^[1-9][0-9]{0,9}$',
    errorMessage: { type: message, minimum: message, maximum: message, pattern: message },
  }) as const;

/** true or false, nothing else. */
export const booleanField = () => ({ type: 'boolean', errorMessage: { type: BOOLEAN_MESSAGE } }) as const;

/** Any value: a field the route judges itself (the caller's own id, checked against the token). */
export const anyField = {} as const;

type FieldSchema = { readonly errorMessage?: unknown };

/** The message a field's schema gives a wrong type, which a missing field gets too. */
function missingMessage(field: FieldSchema | undefined): string {
  const message = (field?.errorMessage as { type?: unknown } | undefined)?.type;
  return typeof message === 'string' ? message : REQUIRED;
}

/**
 * A request body: an object of `properties`, those named in `required` present. A missing field is
 * refused with the message its schema gives a wrong type (the phone's own message, else "This field is
 * required"), as the portal says it.
 */
export function bodySchema<const P extends Record<string, FieldSchema>, const R extends readonly (keyof P & string)[]>(
  properties: P,
  required: R,
) {
  return {
    type: 'object',
    properties,
    required,
    errorMessage: {
      type: 'Send a JSON object.',
      required: Object.fromEntries(required.map((name) => [name, missingMessage(properties[name])])),
    },
  } as const;
}

/**
 * A TIN as stored and compared for uniqueness: compatibility forms folded (full-width digits are
 * digits), without spaces or invisible characters (a zero-width space would make a copy look new),
 * upper case.
 */
export function normalizeTin(tin: string): string {
  return tin
    .normalize('NFKC')
    .replace(/[\s\p{Cf}]+/gu, '')
    .toUpperCase();
}
