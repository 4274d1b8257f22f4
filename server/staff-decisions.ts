/**
 * The staff's decisions, shared by the staff command and the staff API: moves to a status and the
 * transitions of the service's table by name (both taken by the one executor,
 * transitions/execute.ts), the authority's review documents, and the certificate of an application
 * processed by hand. Each works on the application under its lock, in one transaction.
 */
import type { Kysely } from 'kysely';
import {
  type ServiceDefinition,
  type StaffActor,
  type Transition,
  lifecycleActions,
  mayWork,
  reviewDocuments,
  STATUS,
} from '../engine/core';
import { definitionOfStored, lockApplication, type Services } from './applications-store';
import { appendTrail } from './trail/append';
import { fileFingerprint } from './trail/files';
import { nowIso } from './db/database';
import type { Application, Database } from './db/tables';
import { HttpError, ValidationError, type FieldError } from './http';
import {
  fileManualCertificate,
  performTransition,
  refuseUnseen,
  type ExecutorContext,
  type TransitionDocument,
} from './transitions/execute';

/** A plain staff move to a status, with the texts an action may take (`--<name>` in the command, `<name>` in the API). */
export interface StaffMove {
  statusId: number;
  comment?: string | null;
  manualCertificate?: { path: string; name: string } | null;
  /** Processed by hand, its certificate not uploaded yet (shown as under review until it is). */
  manual?: boolean;
  actor: string;
  /** The staff member moving it through a door (the API, the command), judged by the staff policy. */
  staff?: StaffActor;
  texts?: Readonly<Record<string, string>>;
}

/** Why a move's options do not fit it: the certificate of a manual process is for an approval. */
export const MANUAL_ONLY_WHEN_APPROVED = 'A manual process is recorded when the application is approved (status 6).';
export const MANUAL_OR_CERTIFICATE =
  'Give the certificate of a manual process, or mark it manual with its certificate to come, not both.';

/**
 * The problems of a move's options, the one judgement of them for the staff command and the staff
 * API: a manual process (with its certificate, or with the certificate to come) is recorded on an
 * approval only, and is one or the other.
 */
export function moveOptionProblems(move: { statusId: number; manual?: boolean; certificate: boolean }): FieldError[] {
  const { certificate } = move;
  if (move.manual === true && certificate) return [{ field: 'manual', message: MANUAL_OR_CERTIFICATE }];
  if ((move.manual === true || certificate) && move.statusId !== STATUS.approved)
    return [{ field: certificate ? 'certificate' : 'manual', message: MANUAL_ONLY_WHEN_APPROVED }];
  return [];
}

/**
 * A staff move to a status, by the transition table (engine/core/transitions.ts) through the one
 * executor: 404 for an unknown application, 409 with the reason for a move its table does not allow.
 * A status an action reaches is reached through that action: with the text it takes (422 without),
 * or refused with the action's name when it files a document. Which it is is judged on the
 * application as the executor holds it locked (`TransitionAsk`).
 */
export async function staffMove(
  ctx: ExecutorContext,
  applicationId: number,
  move: StaffMove,
): Promise<{ from: number; to: number; app_id: string }> {
  const problems = moveOptionProblems({ ...move, certificate: Boolean(move.manualCertificate) });
  if (problems.length > 0) throw new ValidationError(problems);
  const done = await performTransition(ctx, applicationId, (app, definition) => {
    // Who has no role on the service is told nothing of the application, before the move is judged.
    if (move.staff) refuseUnseen(move.staff, app, definition);
    const action = lifecycleActions(definition).find((candidate) => candidate.to === move.statusId);
    if (action) judgeMoveThrough(action, app, applicationId, move);
    // Only an action takes a text: one sent with a plain move is refused whatever the move.
    const stray = action ? [] : Object.keys(move.texts ?? {});
    if (stray.length > 0)
      throw new ValidationError(
        stray.map((name) => ({ field: name, message: `A move to status ${move.statusId} takes no '${name}'.` })),
      );
    return {
      by: 'staff',
      via: action ? ['action'] : ['move'],
      to: move.statusId,
      actor: move.actor,
      staff: move.staff,
      comment: move.comment ?? null,
      texts: move.texts,
      manual: move.manual,
      manualCertificate: move.manualCertificate,
    };
  });
  return { from: done.from, to: done.to, app_id: done.app_id };
}

/**
 * Refuses a move to a status reached through `action` with what the action does not take: a manual
 * process (422), or no document when it files one (409, naming how to take it).
 */
function judgeMoveThrough(action: Transition, app: Application, applicationId: number, move: StaffMove): void {
  if (move.manual === true || move.manualCertificate)
    throw new ValidationError([
      {
        field: 'manual',
        message: `Status ${move.statusId} is reached with the action '${action.name}', which takes no manual process.`,
      },
    ]);
  if (action.document)
    throw new HttpError(
      409,
      `Status ${move.statusId} is reached with the action '${action.name}', which files its document: ` +
        `npm run staff -- ${action.name} ${app.app_id} --file <pdf>, or POST staff/applications/${applicationId}/${action.name}.`,
    );
}

/**
 * What a staff action is given: its document (already stored, with whether its first bytes are a
 * PDF's), its text by name, a comment of the staff's own.
 */
export interface ActionInput {
  comment?: string | null;
  texts?: Readonly<Record<string, string>>;
  document?: TransitionDocument | null;
  actor: string;
  /** The staff member taking it through a door (the API, the command), judged by the staff policy. */
  staff?: StaffActor;
}

/**
 * Takes the staff transition `name` of the application's service (a move or an action of its table)
 * through the one executor. 409 when the service has no such transition or the application is not at
 * a status it is taken at; 422 without the document or the text it needs, or with a document that is
 * not a PDF.
 */
export async function staffAction(
  ctx: ExecutorContext,
  applicationId: number,
  name: string,
  input: ActionInput,
): Promise<{ from: number; to: number; app_id: string }> {
  const done = await performTransition(ctx, applicationId, {
    by: 'staff',
    via: ['move', 'action'],
    name,
    actor: input.actor,
    staff: input.staff,
    comment: input.comment ?? null,
    texts: input.texts,
    document: input.document ?? null,
  });
  return { from: done.from, to: done.to, app_id: done.app_id };
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
  staff?: StaffActor,
): Promise<{ app_id: string; description: string }> {
  const app = await db
    .selectFrom('applications')
    .select(['id', 'app_id', 'status_id', 'service_id', 'definition_version'])
    .where('id', '=', applicationId)
    .executeTakeFirst();
  if (!app) throw new HttpError(404, 'Application not found');
  if (staff) refuseIdle(staff, app, definitionOfStored(services, app), 'Filing a review document');
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
  await db.transaction().execute(async (trx) => {
    await trx
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
    await appendTrail(trx, applicationId, {
      kind: 'file-added',
      actor: staff ? `staff:${staff.name}` : 'system',
      session: staff?.session ?? null,
      data: fileFingerprint({ description: document.description, ...file, internal: 1 }),
    });
  });
  return { app_id: app.app_id, description: document.description };
}

/**
 * Refuses (403) a staff member who may not work on the application's service (a reviewer's role at
 * least, staff-policy.ts `mayWork`): filing a document is work, not a row of the table.
 */
function refuseIdle(
  staff: StaffActor,
  app: Pick<Application, 'service_id'>,
  definition: ServiceDefinition | undefined,
  what: string,
): void {
  refuseUnseen(staff, app, definition);
  if (!mayWork(staff.grants, definition?.key ?? ''))
    throw new HttpError(403, `${what} needs the reviewer role on this service; you are a viewer.`);
}

export const NO_CERTIFICATE_TO_COME =
  'Only an approved application whose certificate is to come (approved with --manual) takes a certificate.';
export const CERTIFICATE_NOT_PDF = 'The certificate must be a PDF.';

/**
 * Files the certificate of an application approved by hand with its certificate to come (`manual`):
 * the applicant then sees it approved, with the certificate to download, and the history records the
 * day. 409 for any other application (one that has its certificate included), 422 for a file that is
 * not a PDF; 403 for a staff member (`staff`, through a door) who may not work on its service (a
 * reviewer's role at least).
 */
export async function attachManualCertificate(
  ctx: ExecutorContext,
  applicationId: number,
  certificate: { path: string; name: string; pdf: boolean },
  actor: string,
  staff?: StaffActor,
): Promise<{ app_id: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const app = await lockApplication(trx, ctx.dialect, applicationId);
    if (!app) throw new HttpError(404, 'Application not found');
    const definition = definitionOfStored(ctx, app);
    if (staff) refuseIdle(staff, app, definition, 'Filing a certificate');
    const waiting =
      app.status_id === STATUS.approved && app.manually_processed === 1 && app.final_certificate_uploaded !== 1;
    if (!waiting) throw new HttpError(409, `${app.app_id}: ${NO_CERTIFICATE_TO_COME}`);
    if (!certificate.pdf) throw new ValidationError([{ field: 'file', message: CERTIFICATE_NOT_PDF }]);
    await fileManualCertificate(trx, app, certificate, actor, definition, staff?.session ?? null);
    return { app_id: app.app_id };
  });
}
