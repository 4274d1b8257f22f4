/**
 * The data of the file answers the portal reads: an attached file (`POST applications/upload/file`).
 * The server serialises by it (server/contract/files.ts); the port's `UploadedAttachment` is derived
 * from it (engine/core/api-types.ts).
 */
import { integer, text } from './schema-parts';

export const UPLOADED_SCHEMA = {
  type: 'object',
  properties: { id: integer, description: text, path: text, name: text },
  required: ['id', 'description', 'path', 'name'],
  additionalProperties: false,
} as const;
