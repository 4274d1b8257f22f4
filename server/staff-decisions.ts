/**
 * The staff's decisions, shared by the staff command and the staff API: plain status moves (judged by
 * the transitions and the service's lifecycle), the actions a service declares (`lifecycle.actions`),
 * the authority's review documents, and the certificate of an application processed by hand. Each
 * works on the application under its lock, in one transaction.
 */
import type { Kysely, Transaction } from 'kysely';
import {
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
} from '../engine/core';
import {
  definitionOfStored,
  lockApplication,
  moveStatusIn,
  type Services,
  type StatusMove,
} from './applications-store';
import { nowIso } from './db/database';
import type { DialectName } from './db/migrations';
import type { Application, Database } from './db/tables';
import { REQUIRED } from './field-rules';
import { HttpError, ValidationError, type FieldError } from './http';
import { writeFacts } from './stage-facts';

/** A plain staff move, with the texts an action may take (`--<name>` in the command, `<name>` in the API). */
export interface StaffMove extends StatusMove {
  actor: string;
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
  const problems = moveOptionProblems({ ...move, certificate: Boolean(move.manualCertificate) });
  if (problems.length > 0) throw new ValidationError(problems);
  return judgedApplication(db, dialect, services, applicationId, async (trx, app, definition) => {
    const action = actionReaching(definition, move.statusId);
    if (action) {
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
            `npm run staff -- ${action.name} ${app.app_id} --file <pdf>, or POST staff/applications/${app.id}/${action.name}.`,
        );
      const done = await actionIn(trx, app, action, definition, {
        comment: move.comment ?? null,
        texts: move.texts,
        actor: move.actor,
      });
      return { from: done.from, to: action.to, app_id: app.app_id };
    }
    refuseTexts(move.texts, null, `A move to status ${move.statusId}`);
    const refused = refusedMove(app.status_id, move.statusId, serviceStatuses(definition));
    if (refused) throw new HttpError(409, refused);
    await moveStatusIn(trx, app.id, move, definition);
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
    const done = await actionIn(trx, app, action, definition, input);
    return { from: done.from, to: action.to, app_id: app.app_id };
  });
}

/** An action on a locked application, inside the caller's transaction. */
async function actionIn(
  trx: Transaction<Database>,
  app: Application,
  action: LifecycleAction,
  definition: ServiceDefinition | undefined,
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
  await moveStatusIn(
    trx,
    app.id,
    {
      statusId: action.to,
      comment: input.comment?.trim() ? input.comment : (action.comment ?? null),
      actor: input.actor,
    },
    definition,
  );
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

export const NO_CERTIFICATE_TO_COME =
  'Only an approved application whose certificate is to come (approved with --manual) takes a certificate.';
export const CERTIFICATE_NOT_PDF = 'The certificate must be a PDF.';

/**
 * Files the certificate of an application approved by hand with its certificate to come (`manual`):
 * the applicant then sees it approved, with the certificate to download, and the history records the
 * day. 409 for any other application (one that has its certificate included), 422 for a file that is
 * not a PDF.
 */
export async function attachManualCertificate(
  db: Kysely<Database>,
  dialect: DialectName,
  services: Services,
  applicationId: number,
  certificate: { path: string; name: string; pdf: boolean },
  actor: string,
): Promise<{ app_id: string }> {
  return judgedApplication(db, dialect, services, applicationId, async (trx, app, definition) => {
    const waiting =
      app.status_id === STATUS.approved && app.manually_processed === 1 && app.final_certificate_uploaded !== 1;
    if (!waiting) throw new HttpError(409, `${app.app_id}: ${NO_CERTIFICATE_TO_COME}`);
    if (!certificate.pdf) throw new ValidationError([{ field: 'file', message: CERTIFICATE_NOT_PDF }]);
    await moveStatusIn(
      trx,
      app.id,
      { statusId: STATUS.approved, manualCertificate: { path: certificate.path, name: certificate.name }, actor },
      definition,
    );
    return { app_id: app.app_id };
  });
}
