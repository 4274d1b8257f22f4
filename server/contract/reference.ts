/** The answers of the reference data routes (server/routes/reference.ts). */
import { PUBLIC_SERVICE_SCHEMA, SERVICE_ATTACHMENT_SCHEMA } from '../../engine/core';
import { integer, list, openObject, text, type Schema } from './answers';

/**
 * An entry of a lookup list: its id and English name, the caller's language's `label`, and the
 * entry's own fields of its list (`is_active`...), which each list of fixtures/lookups declares.
 */
export const LOOKUP_ENTRIES: Schema = list(openObject({ id: integer, name: text, label: text }));

/** The public services and a service's documents; the schemas are the portal's (engine/core/contract/reference-schemas.ts). */
export const SERVICES: Schema = list(PUBLIC_SERVICE_SCHEMA);
export const SERVICE_ATTACHMENTS: Schema = list(SERVICE_ATTACHMENT_SCHEMA);
