/**
 * The building blocks of the answers' JSON Schemas that the portal reads (the other files of this
 * folder). Each is `as const`, so `FromSchema` (json-schema-to-ts) reads the exact schema and the
 * portal's types are derived from what the server serialises by.
 */
export const text = { type: 'string' } as const;
export const nullableText = { type: ['string', 'null'] } as const;
export const integer = { type: 'integer' } as const;
export const nullableInteger = { type: ['integer', 'null'] } as const;
export const number = { type: 'number' } as const;
export const nullableNumber = { type: ['number', 'null'] } as const;
export const flag = { type: 'boolean' } as const;
/** Any JSON value: a form's answers, a record a service's definition shapes. */
export const anyValue = {} as const;
/** An object of any fields (a draft's answers, a record a service's definition shapes). */
export const anyObject = { type: 'object', properties: {}, additionalProperties: true } as const;
/** A status or a service as an application names it. */
export const idAndName = {
  type: 'object',
  properties: { id: integer, name: text },
  required: ['id', 'name'],
  additionalProperties: false,
} as const;
