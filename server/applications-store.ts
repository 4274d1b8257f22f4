/**
 * Application reads and writes shared by the routes and the staff command: ownership lookups,
 * the detail answer, status moves with their history entry.
 */
import type { Kysely, Transaction } from 'kysely';
import {
  definitionOfApplication,
  type LifecycleAction,
  type ServiceDefinition,
  actionFacts,
  actionNamed,
  actionReaching,
  lifecycleActions,
  reviewDocuments,
  serviceStatuses,
  STATUS,
  refusedMove,
  missingUploads,
  type UploadSlot,
} from '../engine/core';
import type { AppContext } from './context';
import { nowIso } from './db/database';
import type { DialectName } from './db/migrations';
import type { Application, Database } from './db/tables';
import { REQUIRED } from './field-rules';
import { HttpError, notFound, ValidationError, type FieldError } from './http';
import { writeFacts } from './stage-facts';

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

/** The services' definitions, to judge an application by its own (`definitionOfStored`). */
export type Services = Pick<AppContext, 'definitions' | 'archived'>;

/** A plain staff move, with the texts an action may take (`--<name>` in the command, `<name>` in the API). */
export interface StaffMove extends StatusMove {
  actor: string;
  texts?: Readonly<Record<string, string>>;
}

/**
 * A staff move, judged under the application's lock by the transitions of
 * `engine/core/status-transitions.ts` and the application's service (`lifecycle`): 404 for an
 * unknown application, 409 with the reason for a move it does not allow. A status an action of the
 * service reaches is reached through that action: with the text it takes (422 without), or refused
 * with the action's name when it files a document.
 */
export async function staffMove(
  db: Kysely<Database>,
  dialect: DialectName,
  services: Services,
  applicationId: number,
  move: StaffMove,
): Promise<{ from: number; to: number; app_id: string }> {
  return judgedApplication(db, dialect, services, applicationId, async (trx, app, definition) => {
    const action = actionReaching(definition, move.statusId);
    if (action) {
      if (action.document)
        throw new HttpError(
          409,
          `Status ${move.statusId} is reached with the action '${action.name}', which files its document: ` +
            `npm run staff -- ${action.name} ${app.app_id} --file <pdf>, or POST staff/applications/${app.id}/${action.name}.`,
        );
      const done = await actionIn(trx, app, action, {
        comment: move.comment ?? null,
        texts: move.texts,
        actor: move.actor,
      });
      return { from: done.from, to: action.to, app_id: app.app_id };
    }
    refuseTexts(move.texts, null, `A move to status ${move.statusId}`);
    const refused = refusedMove(app.status_id, move.statusId, serviceStatuses(definition));
    if (refused) throw new HttpError(409, refused);
    await moveStatusIn(trx, app.id, move);
    return { from: app.status_id, to: move.statusId, app_id: app.app_id };
  });
}

/**
 * Runs `work` in one transaction on the application, locked, with the definition that judges it
 * (404 for an unknown application).
 */
async function judgedApplication<T>(
  db: Kysely<Database>,
  dialect: DialectName,
  services: Services,
  applicationId: number,
  work: (trx: Transaction<Database>, app: Application, definition: ServiceDefinition | undefined) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const app = await lockApplication(trx, dialect, applicationId);
    if (!app) throw new HttpError(404, 'Application not found');
    return work(trx, app, definitionOfStored(services, app));
  });
}

/** Refuses the texts a move or an action does not take (`takes`: the one it does, if any). */
function refuseTexts(texts: Readonly<Record<string, string>> | undefined, takes: string | null, what: string): void {
  const unexpected = Object.keys(texts ?? {}).filter((name) => name !== takes);
  if (unexpected.length > 0)
    throw new ValidationError(unexpected.map((name) => ({ field: name, message: `${what} takes no '${name}'.` })));
}

/**
 * What a staff action is given: its document (already stored, with whether its first bytes are a
 * PDF's), its text by name, a comment of the staff's own.
 */
export interface ActionInput {
  comment?: string | null;
  texts?: Readonly<Record<string, string>>;
  document?: { path: string; name: string; size: number; pdf: boolean } | null;
  actor: string;
}

/**
 * Takes the staff action `name` of the application's service (`lifecycle.actions`): moves the
 * application to the action's status, sets its facts and files its document, in one transaction.
 * 409 when the service has no such action or the application is not at a status it is taken at;
 * 422 without the document or the text it needs, or with a document that is not a PDF.
 */
export async function staffAction(
  db: Kysely<Database>,
  dialect: DialectName,
  services: Services,
  applicationId: number,
  name: string,
  input: ActionInput,
): Promise<{ from: number; to: number; app_id: string }> {
  return judgedApplication(db, dialect, services, applicationId, async (trx, app, definition) => {
    const action = actionNamed(definition, name);
    if (!action) {
      const known = lifecycleActions(definition).map((candidate) => candidate.name);
      throw new HttpError(
        409,
        `${app.app_id} has no action '${name}'` + (known.length > 0 ? ` (its service has: ${known.join(', ')}).` : '.'),
      );
    }
    const done = await actionIn(trx, app, action, input);
    return { from: done.from, to: action.to, app_id: app.app_id };
  });
}

/** An action on a locked application, inside the caller's transaction. */
async function actionIn(
  trx: Transaction<Database>,
  app: Application,
  action: LifecycleAction,
  input: ActionInput,
): Promise<{ from: number }> {
  if (!action.from.includes(app.status_id))
    throw new HttpError(
      409,
      app.status_id === action.to
        ? `The application is at status ${action.to} already.`
        : `The action '${action.name}' is taken at status ${action.from.join(', ')}, not ${app.status_id}.`,
    );
  refuseTexts(input.texts, action.text?.name ?? null, `The action '${action.name}'`);
  const errors: FieldError[] = [];
  if (action.document && !input.document) errors.push({ field: 'file', message: REQUIRED });
  if (!action.document && input.document)
    errors.push({ field: 'file', message: `The action '${action.name}' files no document.` });
  if (action.document && input.document && !input.document.pdf)
    errors.push({ field: 'file', message: action.document.notPdfMessage });
  const given = action.text ? input.texts?.[action.text.name] : undefined;
  const text = given?.trim() ? given : null;
  if (action.text && !text) errors.push({ field: action.text.name, message: action.text.requiredMessage });
  if (errors.length > 0) throw new ValidationError(errors);
  const now = nowIso();
  await moveStatusIn(trx, app.id, {
    statusId: action.to,
    comment: input.comment?.trim() ? input.comment : (action.comment ?? null),
    actor: input.actor,
  });
  await writeFacts(trx, app.id, actionFacts(action, { today: now.slice(0, 10), text }));
  if (action.document && input.document)
    await trx
      .insertInto('attachments')
      .values({
        application_id: app.id,
        description: action.document.description,
        path: input.document.path,
        name: input.document.name,
        size: input.document.size,
        mime: 'application/pdf',
        created_at: now,
        internal: 1,
      })
      .execute();
  return { from: app.status_id };
}

/**
 * Files one of the authority's review documents of the application's service
 * (`lifecycle.reviewDocuments`, by kind; a PDF stored under `file.path`) with a submitted
 * application: an internal attachment, kept out of the applicant's list like an action's document.
 */
export async function attachAuthorityDocument(
  db: Kysely<Database>,
  services: Services,
  applicationId: number,
  kind: string,
  file: { path: string; name: string; size: number },
): Promise<{ app_id: string; description: string }> {
  const app = await db
    .selectFrom('applications')
    .select(['app_id', 'status_id', 'service_id', 'definition_version'])
    .where('id', '=', applicationId)
    .executeTakeFirst();
  if (!app) throw new HttpError(404, 'Application not found');
  if (app.status_id === STATUS.draft)
    throw new HttpError(409, 'A draft has not been submitted: it has no review documents.');
  const kinds = reviewDocuments(definitionOfStored(services, app));
  const document = kinds.find((candidate) => candidate.kind === kind);
  if (!document)
    throw new ValidationError([
      {
        field: 'kind',
        message:
          kinds.length > 0
            ? `The review documents of ${app.app_id} are: ${kinds.map((candidate) => candidate.kind).join(', ')}.`
            : `The service of ${app.app_id} declares no review documents.`,
      },
    ]);
  await db
    .insertInto('attachments')
    .values({
      application_id: applicationId,
      description: document.description,
      path: file.path,
      name: file.name,
      size: file.size,
      mime: 'application/pdf',
      created_at: nowIso(),
      internal: 1,
    })
    .execute();
  return { app_id: app.app_id, description: document.description };
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
