/**
 * The reference data the portal reads: the public list of services (`GET services`) and a service's
 * documents (`GET service/attachments/{serviceId}`), each with its texts in the caller's language
 * when translated. The server serialises by them (server/contract/reference.ts); the portal's types
 * are derived from them (engine/core/api-types.ts).
 */
import { flag, integer, nullableText, text } from './schema-parts';

export const PUBLIC_SERVICE_SCHEMA = {
  type: 'object',
  properties: { id: integer, name: text, description: nullableText, label: text, description_label: nullableText },
  required: ['id', 'name', 'description'],
  additionalProperties: false,
} as const;

export const SERVICE_ATTACHMENT_SCHEMA = {
  type: 'object',
  properties: {
    id: integer,
    /** The English name an upload of this document is filed under (its `description`). */
    name: text,
    description: nullableText,
    info: nullableText,
    is_mandatory: flag,
    /** The name, description and hint in the language the list was asked in, when translated. */
    label: text,
    description_label: nullableText,
    info_label: nullableText,
  },
  required: ['id', 'name', 'description', 'info', 'is_mandatory'],
  additionalProperties: false,
} as const;
