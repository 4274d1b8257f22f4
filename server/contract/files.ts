/** The answers of the file routes (server/routes/uploads.ts, downloads.ts, certificates.ts, application-copy.ts). */
import { UPLOADED_SCHEMA } from '../../engine/core';
import { flag, object, text, type Schema } from './answers';

/** An attached file; the schema is the portal's (engine/core/contract/file-schemas.ts). */
export const UPLOADED: Schema = UPLOADED_SCHEMA;

/** What `verify/certificate/{token}?format=json` answers: only what a verifier needs. */
export const CERTIFICATE_FACTS: Schema = object(
  { app_id: text, service: text, holder: text, approved: flag, approved_at: text },
  ['app_id', 'service', 'holder', 'approved'],
);

/** Content types of the documents a definition may ship as templates. */
export const TEMPLATE_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
  'application/octet-stream',
] as const;
