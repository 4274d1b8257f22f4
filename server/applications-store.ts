/**
 * Application reads shared by the routes, the staff command and the executor of the transitions
 * (transitions/execute.ts, which alone writes a status): ownership lookups, the row lock, missing
 * uploads, the definition a stored application is judged by.
 */
import type { Kysely, Transaction } from 'kysely';
import {
  definitionOfApplication,
  type ServiceDefinition,
  STATUS,
  missingUploads,
  type UploadSlot,
} from '../engine/core';
import type { AppContext } from './context';
import type { DialectName } from './db/migrations';
import type { Application, Database } from './db/tables';
import { REQUIRED } from './field-rules';
import { HttpError, notFound, type FieldError } from './http';

/** Statuses at which the applicant may change the form: draft and returned. */
export const EDITABLE_STATUSES: readonly number[] = [STATUS.draft, STATUS.returned];

export const NOT_CHANGEABLE = 'This application can no longer be changed';

/** The caller's application, or 404 whether it is missing or someone else's. */
export async function ownedApplication(
  db: Kysely<Database>,
  clientId: number,
  applicationId: number,
): Promise<Application> {
  const app = await db
    .selectFrom('applications')
    .selectAll()
    .where('id', '=', applicationId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!app) throw notFound('Application not found');
  return app;
}

/**
 * True when the client has an application of the service beyond draft: what opens the portal
 * features the service unlocks (`unlocks` of service.json), and what their checks answer.
 */
export async function hasSubmittedApplication(
  db: Kysely<Database>,
  clientId: number,
  serviceId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('applications')
    .select('id')
    .where('client_id', '=', clientId)
    .where('service_id', '=', serviceId)
    .where('status_id', '<>', STATUS.draft)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the application's row lock for the rest of the transaction, so checks and writes on it
 * (its file quota, its submission) cannot interleave with another request's. PostgreSQL locks the
 * row (`FOR UPDATE`); SQLite runs one write transaction at a time, which is already that lock.
 */
export async function lockApplication(
  trx: Transaction<Database>,
  dialect: DialectName,
  applicationId: number,
): Promise<Application | undefined> {
  const query = trx.selectFrom('applications').selectAll().where('id', '=', applicationId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * The required upload slots an application holds no attachment for (by description), as field errors
 * named by slot with the slot's message: what a submission or an applicant task still lacks.
 */
export async function missingUploadErrors(
  db: Kysely<Database>,
  applicationId: number,
  slots: readonly UploadSlot[],
): Promise<FieldError[]> {
  const held = await db
    .selectFrom('attachments')
    .select('description')
    .where('application_id', '=', applicationId)
    .execute();
  const missing = new Set(missingUploads(slots, Object.fromEntries(held.map((row) => [row.description, true]))));
  return slots
    .filter((slot) => missing.has(slot.name))
    .map((slot) => ({ field: slot.name, message: slot.requiredMessage ?? REQUIRED }));
}

/** Throws 409 unless the form of the application may be changed. */
export function assertEditable(app: Application): void {
  if (!EDITABLE_STATUSES.includes(app.status_id)) throw new HttpError(409, NOT_CHANGEABLE);
}

/** The `app_id` shown to people: EP-<year>-<id, six digits>. */
export function formatAppId(id: number, createdAt: string): string {
  return `EP-${createdAt.slice(0, 4)}-${String(id).padStart(6, '0')}`;
}

/** The services' definitions, to judge an application by its own (`definitionOfStored`). */
export type Services = Pick<AppContext, 'definitions' | 'archived'>;

/**
 * The definition a stored application is shown and judged by: the version of its service it was
 * submitted under, the current one for a draft (engine/core/application-version).
 */
export function definitionOfStored(
  ctx: Pick<AppContext, 'definitions' | 'archived'>,
  application: Pick<Application, 'service_id' | 'definition_version' | 'status_id'>,
): ServiceDefinition | undefined {
  return definitionOfApplication(ctx.definitions, ctx.archived, {
    serviceId: application.service_id,
    version: application.definition_version,
    draft: application.status_id === STATUS.draft,
  });
}
