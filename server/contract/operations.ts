/** The answers of the operations routes (server/routes/operations.ts) and the analyst studio (studio.ts). */
import { anyValue, flag, list, object, openObject, text, type Schema } from './answers';

export const HEALTH: Schema = object({ status: text }, ['status']);

const checkState = { type: 'string', enum: ['ok', 'failing'] } as const;
export const READINESS: Schema = object({ database: checkState, storage: checkState, draining: flag }, [
  'database',
  'storage',
  'draining',
]);

export const STUDIO_ACCESS: Schema = object({ mode: text }, ['mode']);
export const STUDIO_REVISION: Schema = object({ revision: text }, ['revision']);

/**
 * The services as they are on disk: their definitions, fixtures and problems, as the studio shows them
 * (definitions are what service.json says, no fixed schema lists them).
 */
export const STUDIO_SERVICES: Schema = object({ problems: list(openObject()), services: list(openObject()) });

/** What the portal and the server make of a form's data (engine/core's answers, passed as they are). */
export const STUDIO_CHECK: Schema = object({
  fields: list(object({ name: text, title: text, widget: { type: ['string', 'null'] }, required: flag })),
  errors: list(openObject()),
  uploads: anyValue,
  summary: anyValue,
  view: object({ rows: anyValue, tables: anyValue }),
  requests: anyValue,
});
