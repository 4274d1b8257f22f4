/** The answers of the reference data routes (server/routes/reference.ts). */
import { flag, integer, list, nullableText, object, openObject, text, type Schema } from './answers';

/**
 * An entry of a lookup list: its id and English name, the caller's language's `label`, and the
 * entry's own fields of its list (`is_active`...), which each list of fixtures/lookups declares.
 */
export const LOOKUP_ENTRIES: Schema = list(openObject({ id: integer, name: text, label: text }));

export const SERVICES: Schema = list(
  object({ id: integer, name: text, description: nullableText, label: text, description_label: nullableText }),
);

export const SERVICE_ATTACHMENTS: Schema = list(
  object({
    id: integer,
    name: text,
    description: nullableText,
    info: nullableText,
    is_mandatory: flag,
    label: text,
    description_label: nullableText,
    info_label: nullableText,
  }),
);
