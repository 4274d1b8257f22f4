/**
 * The staff's review of one application: who may open it, what its page shows (the applicant's view
 * of it, every document, the whole history with who wrote each row, the notes, the staff transitions
 * of its table at its status with whether the reader may take each), and the work on it that changes
 * no status: notes and assignment. Each read and each such change writes an internal history row
 * (`internal = 1`: never shown to the applicant, in an e-mail or on a copy).
 */
import { takersOf, writeInternalRow } from './transitions/execute';
import { STAFF_HISTORY_KINDS, staffNameOf } from './trail/append';
import type { Kysely } from 'kysely';
import {
  mayTake,
  mayView,
  mayWork,
  schemaMatches,
  STATUS,
  statusKey,
  transitionsOf,
  type ServiceDefinition,
  type StaffActor,
  workingRoleOn,
} from '../engine/core';
import { applicationDetailOf } from './application-view';
import { definitionOfStored } from './applications-store';
import type { AppContext } from './context';
import { nowIso } from './db/database';
import type { Application, Database } from './db/tables';
import { HttpError, notFound, ValidationError } from './http';
import { STORED_KEY } from './storage/file-store';
import { contentDisposition } from './storage/stored-files';
import { grantsOf } from './staff-accounts';
import { applicantName } from './applicant-name';
import { companyNames } from './staff-queue';
import { conditionFactsOf } from './stage-facts';

export const NOT_YOURS_TO_SEE = 'You have no role on the service of this application.';
export const NOT_YOURS_TO_WORK = 'Notes and assignment need the reviewer or approver role on this service.';

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'definitions' | 'archived' | 'statusName'>;

/** An application a staff member may read, with the definition it is judged by. */
export interface Reviewed {
  application: Application;
  definition: ServiceDefinition;
}

/**
 * Application `id` if `actor` may read it (`work`: also write notes on it and assign it); 403
 * otherwise, the same for an application that does not exist or is a draft, so a guessed id tells
 * nothing.
 */
export async function reviewable(
  ctx: Ctx,
  actor: StaffActor,
  id: number,
  options: { work?: boolean } = {},
): Promise<Reviewed> {
  const application = await ctx.db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
  const definition = application ? definitionOfStored(ctx, application) : undefined;
  if (!application || !definition || application.status_id === STATUS.draft || !mayView(actor.grants, definition.key))
    throw new HttpError(403, NOT_YOURS_TO_SEE);
  if (options.work && !mayWork(actor.grants, definition.key)) throw new HttpError(403, NOT_YOURS_TO_WORK);
  return { application, definition };
}

/** The staff download address of document `documentId` of application `id` (under the API base). */
export const staffDocumentPath = (id: number, documentId: number) =>
  `/api/staff/applications/${id}/documents/${documentId}`;

/** The staff transitions of the table at the application's status (one per name), as the page offers them. */
async function offeredTransitions(ctx: Ctx, actor: StaffActor, { application, definition }: Reviewed) {
  const rows = transitionsOf(definition).filter(
    (row) =>
      row.by === 'staff' && (row.via === 'move' || row.via === 'action') && row.from.includes(application.status_id),
  );
  const named = rows.filter((row, index) => rows.findIndex((other) => other.name === row.name) === index);
  if (named.length === 0) return [];
  const [takers, facts] = await Promise.all([
    takersOf(
      ctx.db,
      application.id,
      named.flatMap((row) => row.separateFrom ?? []),
    ),
    conditionFactsOf(ctx.db, definition, application),
  ]);
  return named.map((row) => {
    const verdict = mayTake(actor, definition.key, row, takers);
    return {
      name: row.name,
      description: row.description ?? null,
      via: row.via,
      to: row.to,
      to_key: statusKey(definition, row.to),
      role: row.role ?? 'reviewer',
      document: row.document ? { description: row.document.description, accept: [...row.document.accept] } : null,
      // The executor refuses a row's text when it is missing: every text a row takes is required.
      text: row.text ? { name: row.text.name, required: true } : null,
      conditions: row.when ?? null,
      conditions_hold: !row.when || schemaMatches(row.when, facts),
      allowed: verdict.allowed,
      reason: verdict.allowed ? null : verdict.reason,
    };
  });
}

/** The review page's data of an application `actor` may read (see `reviewable`). */
export async function reviewOf(ctx: Ctx, actor: StaffActor, reviewed: Reviewed) {
  const { db } = ctx;
  const { application, definition } = reviewed;
  const [answers, client, documents, history, notes, companies, transitions] = await Promise.all([
    applicationDetailOf(ctx, application),
    db
      .selectFrom('clients')
      .select(['first_name', 'other_name', 'last_name', 'email'])
      .where('id', '=', application.client_id)
      .executeTakeFirst(),
    db
      .selectFrom('attachments')
      .select(['id', 'description', 'name', 'size', 'mime', 'created_at', 'internal'])
      .where('application_id', '=', application.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('flow_histories')
      .select([
        'id',
        'status_id',
        'comment_to_applicant',
        'created_at',
        'actor',
        'transition',
        'session',
        'internal',
        'event',
        'event_subject',
      ])
      .where('application_id', '=', application.id)
      // The staff's history: status rows and their own; the trail's records of answers, files and
      // facts are not lines of it.
      .where('kind', 'in', STAFF_HISTORY_KINDS)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('application_notes')
      .select(['id', 'author', 'body', 'created_at'])
      .where('application_id', '=', application.id)
      .orderBy('id')
      .execute(),
    companyNames(ctx, [definition], [application.id]),
    offeredTransitions(ctx, actor, reviewed),
  ]);
  return {
    application: {
      id: application.id,
      app_id: application.app_id,
      service: definition.key,
      service_title: definition.title,
      status_id: application.status_id,
      status_key: statusKey(definition, application.status_id),
      applicant: { name: client ? applicantName(client) : '', email: client?.email ?? '' },
      company: companies.get(application.id) ?? null,
      created_at: application.created_at,
      submitted_at: application.submitted_at,
      updated_at: application.updated_at,
      assignee: application.assignee ?? null,
      role: workingRoleOn(actor.grants, definition.key),
      // Who keeps it from the retention job, when and why (retention/legal-hold.ts); null when nobody does.
      legal_hold: application.legal_hold
        ? {
            by: staffNameOf(application.legal_hold_by) ?? application.legal_hold_by ?? '',
            at: application.legal_hold_at ?? '',
            reason: application.legal_hold_reason ?? '',
          }
        : null,
    },
    answers,
    documents: documents.map((row) => ({
      ...row,
      internal: row.internal === 1,
      url: staffDocumentPath(application.id, row.id),
    })),
    history: history.map((row) => ({
      id: row.id,
      status_id: row.status_id,
      status_key: statusKey(definition, row.status_id),
      comment: row.comment_to_applicant,
      created_at: row.created_at,
      actor: row.actor,
      transition: row.transition,
      session: row.session,
      internal: row.internal === 1,
      event: row.event,
      event_subject: row.event_subject,
    })),
    notes,
    transitions,
  };
}

/** Adds a note by `actor` (its body already trimmed and bounded by the route's schema), with its internal row. */
export async function addNote(ctx: Ctx, actor: StaffActor, { application }: Reviewed, body: string) {
  return ctx.db.transaction().execute(async (trx) => {
    const note = await trx
      .insertInto('application_notes')
      .values({ application_id: application.id, author: actor.name, body, created_at: nowIso() })
      .returning(['id', 'author', 'body', 'created_at'])
      .executeTakeFirstOrThrow();
    await writeInternalRow(trx, application, actor, { kind: 'noted' }, { note: note.id, text: body });
    return note;
  });
}

/** The grants of the staff account `name` that is not removed; null when there is none. */
async function colleagueGrants(db: Kysely<Database>, name: string) {
  const staff = await db
    .selectFrom('staff')
    .select('id')
    .where('name', '=', name)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return staff ? grantsOf(db, staff.id) : null;
}

/**
 * Assigns the application to `assignee` (the actor's own name takes it; a colleague's needs their
 * reviewer or approver role on the service, else 422 naming `assignee`), or releases it (null).
 */
export async function assign(
  ctx: Ctx,
  actor: StaffActor,
  { application, definition }: Reviewed,
  assignee: string | null,
) {
  if (assignee !== null && assignee !== actor.name) {
    const grants = await colleagueGrants(ctx.db, assignee);
    if (!grants) throw new ValidationError([{ field: 'assignee', message: `No staff account '${assignee}'.` }]);
    if (!mayWork(grants, definition.key))
      throw new ValidationError([
        { field: 'assignee', message: `'${assignee}' has no reviewer or approver role on this service.` },
      ]);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('applications').set({ assignee }).where('id', '=', application.id).execute();
    await writeInternalRow(
      trx,
      application,
      actor,
      assignee === null
        ? { kind: 'released' }
        : assignee === actor.name
          ? { kind: 'took' }
          : { kind: 'assigned', subject: assignee },
      { assignee },
    );
  });
  return { id: application.id, assignee };
}

/**
 * Document `documentId` of a reviewed application, opened from the store (404 when it has no such
 * document or the store lost it); its opening is recorded in the history (internal).
 */
export async function openedDocument(
  ctx: Pick<AppContext, 'db' | 'files'>,
  actor: StaffActor,
  { application }: Reviewed,
  documentId: number,
) {
  const document = await ctx.db
    .selectFrom('attachments')
    .select(['path', 'name', 'mime', 'description'])
    .where('id', '=', documentId)
    .where('application_id', '=', application.id)
    .executeTakeFirst();
  const opened = document && STORED_KEY.test(document.path) ? await ctx.files.open(document.path) : null;
  if (!document || !opened) throw notFound('File not found');
  await writeInternalRow(ctx.db, application, actor, { kind: 'opened', subject: document.description });
  return { name: document.name, mime: document.mime, size: opened.size, body: opened.body };
}

/** What the console previews in its page: a PDF in the browser's viewer, an image; anything else downloads. */
const PREVIEWED = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * The headers of a staff download: its type, and for a preview (`inline`, a PDF or an image only) the
 * console's own pages may frame it. A previewed file is shown, never run as a page of the portal's
 * origin: an image is sandboxed; a PDF is drawn by the browser's viewer (which a sandbox would stop),
 * with nosniff so its type is never guessed as a page.
 */
export function documentHeaders(document: { name: string; mime: string; size: number }, inline: boolean) {
  const disposition = contentDisposition(document.name);
  const mime = document.mime || 'application/octet-stream';
  const previewed = inline && PREVIEWED.has(mime);
  const framing = previewed ? { 'X-Frame-Options': 'SAMEORIGIN' } : {};
  const policy =
    previewed && mime === 'application/pdf'
      ? "default-src 'none'; frame-ancestors 'self'"
      : `sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors ${previewed ? "'self'" : "'none'"}`;
  return {
    'Content-Type': mime,
    'Content-Length': document.size,
    'Content-Disposition': previewed ? disposition.replace(/^attachment/, 'inline') : disposition,
    'X-Content-Type-Options': 'nosniff',
    ...framing,
    'Content-Security-Policy': policy,
    'Cache-Control': 'private, no-store',
  };
}
