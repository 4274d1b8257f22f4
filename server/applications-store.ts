/**
 * Application reads and writes shared by the routes and the staff command: ownership lookups,
 * the detail answer, status moves with their history entry.
 */
import type { Kysely, Transaction } from 'kysely';
import { definitionOfApplication } from '../engine/core/application-version';
import type { ServiceDefinition } from '../engine/core/definition-types';
import { STATUS } from '../engine/core/status-presentation';
import type { AppContext } from './context';
import { refusedMove } from '../engine/core/status-transitions';
import { nowIso } from './db/database';
import type { DialectName } from './db/migrations';
import type { Application, Database } from './db/tables';
import { missingUploads, type UploadSlot } from '../engine/core/required-documents';
import { REQUIRED } from './field-rules';
import { HttpError, notFound, ValidationError, type FieldError } from './http';

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

export interface StatusMove {
  statusId: number;
  comment?: string | null;
  /** Approval conditions (rich text) of a conditional approval (18). */
  conditions?: string | null;
  manualCertificate?: { path: string; name: string } | null;
  /** Processed by hand, its certificate not uploaded yet (shown as under review until it is). */
  manual?: boolean;
  /** Who moves it: `staff:<name>`, `applicant`, `system` (the history records it). */
  actor?: string;
}

/**
 * Moves an application to a status and records the history entry, in one transaction. Does not judge
 * the move: `staffMove` does for staff, the applicant's own calls check theirs.
 */
export async function moveStatus(db: Kysely<Database>, applicationId: number, move: StatusMove): Promise<void> {
  await db.transaction().execute((trx) => moveStatusIn(trx, applicationId, move));
}

/** `moveStatus` inside a transaction the caller holds (with the application's lock). */
export async function moveStatusIn(trx: Kysely<Database>, applicationId: number, move: StatusMove): Promise<void> {
  const now = nowIso();
  await trx
    .updateTable('applications')
    .set({
      status_id: move.statusId,
      updated_at: now,
      ...(move.statusId === STATUS.torApproved ? { tor_approval_date: now.slice(0, 10) } : {}),
      ...(move.conditions !== undefined ? { approval_conditions: move.conditions } : {}),
      ...(move.manualCertificate
        ? {
            manually_processed: 1,
            manual_certificate_path: move.manualCertificate.path,
            manual_certificate_name: move.manualCertificate.name,
            final_certificate_uploaded: 1,
          }
        : move.manual
          ? { manually_processed: 1, final_certificate_uploaded: 0 }
          : {}),
    })
    .where('id', '=', applicationId)
    .execute();
  await trx
    .insertInto('flow_histories')
    .values({
      application_id: applicationId,
      status_id: move.statusId,
      comment_to_applicant: move.comment ?? null,
      created_at: now,
      actor: move.actor ?? 'system',
    })
    .execute();
}

/**
 * A staff move, judged by the transitions of `engine/core/status-transitions.ts` under the
 * application's lock: 404 for an unknown application, 409 with the reason for a move it does not
 * allow, 422 for a conditional approval without conditions.
 */
export async function staffMove(
  db: Kysely<Database>,
  dialect: DialectName,
  applicationId: number,
  move: StatusMove & { actor: string },
): Promise<{ from: number; to: number; app_id: string }> {
  if (move.statusId === STATUS.conditionallyApproved && !move.conditions?.trim())
    throw new ValidationError([{ field: 'conditions', message: 'A conditional approval needs its conditions.' }]);
  return db.transaction().execute(async (trx) => {
    const app = await staffMoveIn(trx, dialect, applicationId, move);
    return { from: app.status_id, to: move.statusId, app_id: app.app_id };
  });
}

/** A staff move inside the caller's transaction: locks, judges and moves; answers the application as it was. */
async function staffMoveIn(
  trx: Transaction<Database>,
  dialect: DialectName,
  applicationId: number,
  move: StatusMove & { actor: string },
): Promise<Application> {
  const app = await lockApplication(trx, dialect, applicationId);
  if (!app) throw new HttpError(404, 'Application not found');
  const refused = refusedMove(app.status_id, move.statusId);
  if (refused) throw new HttpError(409, refused);
  await moveStatusIn(trx, app.id, move);
  return app;
}

/** The description of the approved terms of reference among an audit's attachments (internal). */
export const APPROVED_TOR = 'Final terms of reference';

/**
 * The authority's own working documents of an application (spec 02: draft ToR, checklist review,
 * meeting minutes, inspection report), by the staff command's kind: internal attachments, kept out
 * of the applicant's list like the final ToR.
 */
export const AUTHORITY_DOCUMENTS = {
  'draft-tor': 'Draft terms of reference (authority)',
  'checklist-review': 'Checklist review',
  'meeting-minutes': 'Meeting minutes',
  'inspection-report': 'Inspection report',
} as const;
export type AuthorityDocumentKind = keyof typeof AUTHORITY_DOCUMENTS;

/** Files one of the authority's documents (a PDF stored under `file.path`) with a submitted application. */
export async function attachAuthorityDocument(
  db: Kysely<Database>,
  applicationId: number,
  kind: AuthorityDocumentKind,
  file: { path: string; name: string; size: number },
): Promise<{ app_id: string; description: string }> {
  const app = await db
    .selectFrom('applications')
    .select(['app_id', 'status_id'])
    .where('id', '=', applicationId)
    .executeTakeFirst();
  if (!app) throw new HttpError(404, 'Application not found');
  if (app.status_id === STATUS.draft)
    throw new HttpError(409, 'A draft has not been submitted: it has no review documents.');
  const description = AUTHORITY_DOCUMENTS[kind];
  await db
    .insertInto('attachments')
    .values({
      application_id: applicationId,
      description,
      path: file.path,
      name: file.name,
      size: file.size,
      mime: 'application/pdf',
      created_at: nowIso(),
      internal: 1,
    })
    .execute();
  return { app_id: app.app_id, description };
}

/**
 * Staff approve the terms of reference of an audit: the application moves to TOR Approved (17) along
 * the staff transitions, enters phase 2 (`is_application_in_phase_2`, `tor_approval_date`), and the
 * approved ToR (a PDF already stored under `file.path`) becomes an internal attachment the applicant
 * downloads at `verify/tor/{app_id}`.
 */
export async function approveTor(
  db: Kysely<Database>,
  dialect: DialectName,
  applicationId: number,
  file: { path: string; name: string; size: number },
  actor: string,
): Promise<{ from: number; app_id: string }> {
  return db.transaction().execute(async (trx) => {
    const app = await staffMoveIn(trx, dialect, applicationId, {
      statusId: STATUS.torApproved,
      comment: 'Your Terms of Reference document is ready.',
      actor,
    });
    await trx.updateTable('applications').set({ is_application_in_phase_2: 1 }).where('id', '=', app.id).execute();
    await trx
      .insertInto('attachments')
      .values({
        application_id: app.id,
        description: APPROVED_TOR,
        path: file.path,
        name: file.name,
        size: file.size,
        mime: 'application/pdf',
        created_at: nowIso(),
        internal: 1,
      })
      .execute();
    return { from: app.status_id, app_id: app.app_id };
  });
}

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
