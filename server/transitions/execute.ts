/**
 * The one executor of the lifecycle's transitions (engine/core/transitions.ts): every status change
 * of an application is made here, in one transaction, under the application's lock. It lets the
 * door that asked do its own work under the same lock (a submission's records, a task's record), finds
 * the row of the table the request names that may be taken at the application's status by who asks,
 * checks what the row takes (its condition, document, text, reason), then writes the status and
 * the history row, sets the row's facts, files its document, queues the e-mail the move sends
 * (the row's own, else the status's: mail-queue.ts `emailOfMove`) and writes the webhook events of
 * the subscriptions wanting the row (webhooks/outbox.ts).
 * Submissions, staff moves and actions (command and API), applicant decisions and task saves all
 * come through `performTransition`; nothing else writes `status_id`.
 */
import type { Kysely, Transaction } from 'kysely';
import {
  mayTake,
  mayView,
  schemaMatches,
  STATUS,
  statusKey,
  transitionFacts,
  transitionsOf,
  type ServiceDefinition,
  type StaffActor,
  type Transition,
  type TransitionActor,
  type TransitionVia,
} from '../../engine/core';
import { definitionOfStored, lockApplication, type Services } from '../applications-store';
import { nowIso } from '../db/database';
import type { DialectName } from '../db/migrations';
import type { Application, Database } from '../db/tables';
import { REQUIRED } from '../field-rules';
import { HttpError, ValidationError, type FieldError } from '../http';
import { queueStatusEmail } from '../mail/mail-queue';
import { conditionFactsOf, writeFacts } from '../stage-facts';
import { queueWebhookEvents, type WebhookOutlet } from '../webhooks/outbox';
import {
  appendTrail,
  appendTrailToEach,
  inTransaction,
  staffNameOf,
  type TrailEvent,
  type TrailKind,
} from '../trail/append';
import { fileFingerprint } from '../trail/files';

/** What the executor needs of the server. */
export interface ExecutorContext extends Services {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The webhook subscriptions told of each row taken (none when absent: tests' own calls). */
  webhooks?: WebhookOutlet;
}

/** A document given with a transition: where it is stored, its name and size, whether it is a PDF. */
export interface TransitionDocument {
  path: string;
  name: string;
  size: number;
  pdf: boolean;
}

/** Which row is asked for, by whom, and what comes with it. */
export interface TransitionRequest {
  by: TransitionActor;
  /** The doors the request comes through: a row of another `via` is not taken here. */
  via: readonly TransitionVia[];
  /** The row's name; or, for a staff move, the status it reaches (`to`). */
  name?: string;
  to?: number;
  /** The applicant's answer (a decision). */
  answer?: boolean;
  /** Who takes it: `staff:<name>`, `applicant`, `system` (the history records it). */
  actor: string;
  /**
   * The staff member asking through a door (the staff API, the command), judged by the staff policy
   * (engine/core/staff-policy.ts): no role on the application's service, a role below the row's or
   * four eyes is a 403. Absent for the server's own calls.
   */
  staff?: StaffActor;
  /** Only this client's application (an applicant's request): 404 for anyone else's. */
  owner?: number;
  comment?: string | null;
  /** Texts by name (a row's `text`). */
  texts?: Readonly<Record<string, string>>;
  /** The reason a denial gives (a row's `reason`). */
  reason?: string | null;
  document?: TransitionDocument | null;
  /** An approval processed by hand, its certificate to come (shown as under review until it is). */
  manual?: boolean;
  /** The certificate of an approval processed by hand, filed with it. */
  manualCertificate?: { path: string; name: string } | null;
}

/** What a transition did. */
export interface TransitionDone {
  app_id: string;
  from: number;
  to: number;
  transition: Transition;
}

/** The door's own work under the lock, before the status is written (throws to refuse). */
export type BeforeTransition = (
  trx: Transaction<Database>,
  app: Application,
  definition: ServiceDefinition | undefined,
) => Promise<void>;

/**
 * A request that depends on the application as locked: what the door asks is judged on the row the
 * executor holds (a staff move to a status asks for the action reaching it, when one does), never on
 * a read made before the lock. Throws to refuse.
 */
export type TransitionAsk = (app: Application, definition: ServiceDefinition | undefined) => TransitionRequest;

/**
 * Takes the transition `request` names on application `applicationId`, in one transaction under its
 * lock: 404 for an unknown application (or, for an applicant, one not theirs), 403 for a staff member
 * with no role on its service (before anything is said of the row) or whom the staff policy refuses
 * the row (its role, four eyes), 409 with the reason when no row of its service's table may be taken
 * at its status, 422 when the row's document, text or reason is missing or refused. `request` may be a function of the locked application (`TransitionAsk`).
 */
export async function performTransition(
  ctx: ExecutorContext,
  applicationId: number,
  asked: TransitionRequest | TransitionAsk,
  before?: BeforeTransition,
): Promise<TransitionDone> {
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockApplication(trx, ctx.dialect, applicationId);
    const owner = typeof asked === 'function' ? undefined : asked.owner;
    if (!locked || (owner !== undefined && locked.client_id !== owner))
      throw new HttpError(404, 'Application not found');
    const app = locked;
    const definition = definitionOfStored(ctx, app);
    if (typeof asked !== 'function' && asked.staff) refuseUnseen(asked.staff, app, definition);
    const request = typeof asked === 'function' ? asked(app, definition) : asked;
    if (request.owner !== undefined && app.client_id !== request.owner)
      throw new HttpError(404, 'Application not found');
    if (request.staff) refuseUnseen(request.staff, app, definition);
    // The door judges first (its own words: a task that is not open, a form that cannot change);
    // what it writes is undone with the rest when the row refuses.
    if (before) await before(trx, app, definition);
    const transition = rowFor(definition, app, request);
    if (request.staff) await judgeTaker(trx, request.staff, app, definition, transition);
    const facts = await conditionFactsOf(trx, definition, app);
    if (transition.when && !schemaMatches(transition.when, facts))
      throw new HttpError(409, `'${transition.name}' cannot be taken now: its condition does not hold.`);
    const text = judgeTakes(transition, request);
    const comment = request.comment?.trim() ? request.comment : (request.reason ?? transition.comment ?? null);
    const taken = { transition: transition.name, from: app.status_id, session: request.staff?.session ?? null };
    await writeStatus(trx, app.id, transition.to, { ...request, comment, taken }, definition);
    const now = nowIso();
    await writeFacts(trx, app.id, transitionFacts(transition, { today: now.slice(0, 10), text }), {
      actor: request.actor,
      session: taken.session,
    });
    if (transition.document && request.document) {
      await trx
        .insertInto('attachments')
        .values({
          application_id: app.id,
          description: transition.document.description,
          path: request.document.path,
          name: request.document.name,
          size: request.document.size,
          mime: 'application/pdf',
          created_at: now,
          internal: 1,
        })
        .execute();
      await appendTrail(trx, app.id, {
        kind: 'file-added',
        actor: request.actor,
        session: taken.session,
        data: fileFingerprint({ description: transition.document.description, ...request.document, internal: 1 }),
      });
    }
    // The receivers' events, in the same transaction: they exist exactly when the change does.
    await queueWebhookEvents(trx, ctx.webhooks, app, definition, transition);
    return { app_id: app.app_id, from: app.status_id, to: transition.to, transition };
  });
}

/** The service the staff policy judges an application by: its definition's key. */
function serviceKeyOf(app: Pick<Application, 'service_id'>, definition: ServiceDefinition | undefined): string {
  return definition?.key ?? `service ${app.service_id}`;
}

/**
 * Refuses (403) a staff member with no role on the application's service: they are told nothing of
 * it, its status or its rows (a guessed id included). Exported for the doors that judge a request on
 * the locked application before asking the executor (a move's action, a manual certificate).
 */
export function refuseUnseen(
  staff: StaffActor,
  app: Pick<Application, 'service_id'>,
  definition: ServiceDefinition | undefined,
): void {
  const service = serviceKeyOf(app, definition);
  if (!mayView(staff.grants, service))
    throw new HttpError(403, `${staff.name} has no role on ${service}: ask a staff admin for one.`);
}

/**
 * Refuses (403, with the policy's reason) a staff member the policy does not let take `row`: a role
 * below the row's, or four eyes (they took one of its `separateFrom` transitions on this
 * application: the history's rows of that transition name them as `staff:<name>`).
 */
async function judgeTaker(
  trx: Kysely<Database>,
  staff: StaffActor,
  app: Application,
  definition: ServiceDefinition | undefined,
  row: Transition,
): Promise<void> {
  const takers = await takersOf(trx, app.id, row.separateFrom ?? []);
  const verdict = mayTake(staff, serviceKeyOf(app, definition), row, takers);
  if (!verdict.allowed) throw new HttpError(403, verdict.reason);
}

/**
 * Who on the staff took each of the transitions `names` on application `applicationId`, as the
 * policy's four eyes asks (`takers(name)`): the history's rows of those transitions name them as
 * `staff:<name>`. Read once for all the names asked.
 */
export async function takersOf(
  db: Kysely<Database>,
  applicationId: number,
  names: readonly string[],
): Promise<(transition: string) => string[]> {
  const taken =
    names.length === 0
      ? []
      : await db
          .selectFrom('flow_histories')
          .select(['transition', 'actor'])
          .where('application_id', '=', applicationId)
          .where('transition', 'in', [...names])
          .execute();
  return (name) =>
    taken.flatMap((entry) => {
      const staff = entry.transition === name ? staffNameOf(entry.actor) : undefined;
      return staff ? [staff] : [];
    });
}

/** The row the request asks for at the application's status, or a 409 saying why there is none. */
function rowFor(definition: ServiceDefinition | undefined, app: Application, request: TransitionRequest): Transition {
  const asked = transitionsOf(definition).filter(
    (row) =>
      row.by === request.by &&
      request.via.includes(row.via) &&
      (request.name === undefined || row.name === request.name) &&
      (request.to === undefined || row.to === request.to) &&
      (request.answer === undefined || row.answer === request.answer),
  );
  const row = asked.find((candidate) => candidate.from.includes(app.status_id));
  if (row) return row;
  throw new HttpError(409, refusal(definition, app, request, asked));
}

/** Why nothing the request asks for may be taken at the application's status, in words for people. */
function refusal(
  definition: ServiceDefinition | undefined,
  app: Application,
  request: TransitionRequest,
  asked: readonly Transition[],
): string {
  const at = app.status_id;
  if (request.by === 'staff') {
    if (at === STATUS.draft) return 'A draft has not been submitted: it cannot be decided.';
    if (at === STATUS.approved || at === STATUS.rejected) return 'The application has been decided already.';
    if (request.to !== undefined && at === request.to) return `The application is at status ${at} already.`;
    if (request.name !== undefined) {
      if (asked.length === 0) {
        const known = [
          ...new Set(
            transitionsOf(definition)
              .filter((row) => row.by === 'staff')
              .map((row) => row.name),
          ),
        ];
        return (
          `${app.app_id} has no action '${request.name}'` +
          (known.length > 0 ? ` (its service has: ${known.join(', ')}).` : '.')
        );
      }
      if (asked.some((row) => row.to === at)) return `The application is at status ${at} already.`;
      const from = [...new Set(asked.flatMap((row) => row.from))];
      return `The action '${request.name}' is taken at status ${from.join(', ')}, not ${at}.`;
    }
    const reachable = transitionsOf(definition)
      .filter((row) => row.by === 'staff' && request.via.includes(row.via) && row.from.includes(at))
      .map((row) => row.to);
    return `An application at status ${at} can move to ${[...new Set(reachable)].join(', ')}, not ${request.to}.`;
  }
  return `'${request.name ?? statusKey(definition, request.to ?? -1)}' cannot be taken at status '${statusKey(definition, at)}'.`;
}

/** Checks what the row takes against what came with the request; answers the row's text, if any. */
function judgeTakes(transition: Transition, request: TransitionRequest): string | null {
  const errors: FieldError[] = [];
  const takes = transition.text?.name ?? null;
  const stray = Object.keys(request.texts ?? {}).filter((name) => name !== takes);
  const what = transition.via === 'action' ? `The action '${transition.name}'` : `A move to status ${transition.to}`;
  if (stray.length > 0)
    throw new ValidationError(stray.map((name) => ({ field: name, message: `${what} takes no '${name}'.` })));
  if (transition.document && !request.document) errors.push({ field: 'file', message: REQUIRED });
  if (!transition.document && request.document)
    errors.push({ field: 'file', message: `The action '${transition.name}' files no document.` });
  if (transition.document && request.document && !request.document.pdf)
    errors.push({ field: 'file', message: transition.document.notPdfMessage });
  const given = takes ? request.texts?.[takes] : undefined;
  const text = given?.trim() ? given : null;
  if (transition.text && !text) errors.push({ field: transition.text.name, message: transition.text.requiredMessage });
  if (transition.reason && !request.reason?.trim())
    errors.push({ field: transition.reason.field, message: transition.reason.requiredMessage });
  if (errors.length > 0) throw new ValidationError(errors);
  return text;
}

/**
 * Writes an application's status and its history row, with the e-mail the move sends queued: the
 * one of the row `taken` (its name, the status it was taken at) if it declares one, else the
 * status's (an approval processed by hand tells once its certificate is filed, by its status's).
 */
async function writeStatus(
  trx: Transaction<Database>,
  applicationId: number,
  statusId: number,
  request: Pick<TransitionRequest, 'comment' | 'manual' | 'manualCertificate' | 'actor'> & {
    /** The row taken (its name, the status it was taken at) and the staff session taking it. */
    taken?: { transition: string; from: number; session: string | null };
    /** The staff session of a write that takes no row (a manual certificate). */
    session?: string | null;
  },
  definition: ServiceDefinition | undefined,
): Promise<void> {
  const now = nowIso();
  await trx
    .updateTable('applications')
    .set({
      status_id: statusId,
      updated_at: now,
      ...(request.manualCertificate
        ? {
            manually_processed: 1,
            manual_certificate_path: request.manualCertificate.path,
            manual_certificate_name: request.manualCertificate.name,
            final_certificate_uploaded: 1,
          }
        : request.manual
          ? { manually_processed: 1, final_certificate_uploaded: 0 }
          : {}),
    })
    .where('id', '=', applicationId)
    .execute();
  await appendTrail(trx, applicationId, {
    kind: 'status',
    statusId,
    comment: request.comment ?? null,
    createdAt: now,
    actor: request.actor,
    transition: request.taken?.transition ?? null,
    session: request.taken?.session ?? request.session ?? null,
    ...(request.manualCertificate ? { data: { certificate: request.manualCertificate.name } } : {}),
  });
  if (!request.manual)
    await queueStatusEmail(
      trx,
      applicationId,
      {
        status: statusId,
        comment: request.comment ?? null,
        ...(request.taken ? { transition: request.taken.transition, from: request.taken.from } : {}),
      },
      definition,
    );
}

/**
 * Files the certificate of an approval processed by hand (`manual`), keeping it approved: the
 * applicant then sees it approved, with the certificate to download, and the history records the day.
 * Judged by the caller (staff-decisions.ts) under the same lock; a write of the executor's own, so
 * that nothing outside this module writes a status.
 */
export async function fileManualCertificate(
  trx: Transaction<Database>,
  app: Application,
  certificate: { path: string; name: string },
  actor: string,
  definition: ServiceDefinition | undefined,
  session: string | null = null,
): Promise<void> {
  await writeStatus(trx, app.id, STATUS.approved, { manualCertificate: certificate, actor, session }, definition);
}

/**
 * Puts an application at a status without judging the move, with its history row and e-mail: for
 * seeding and for tests that need an application at a given stage. The product's doors use
 * `performTransition`.
 */
export async function moveStatus(
  db: Kysely<Database>,
  applicationId: number,
  move: { statusId: number; comment?: string | null; manual?: boolean; actor?: string },
  definition?: ServiceDefinition,
): Promise<void> {
  await db
    .transaction()
    .execute((trx) =>
      writeStatus(trx, applicationId, move.statusId, { ...move, actor: move.actor ?? 'system' }, definition),
    );
}

/**
 * What an internal history row records: a staff read (the review page, or the application exported
 * with the queue), a note, an assignment, a document opened; the colleague or document it names is its
 * subject. Kept as words for each reader to put in its language.
 */
export type InternalEvent =
  | { kind: 'viewed' | 'exported' | 'noted' | 'took' | 'released' }
  | { kind: 'assigned'; subject: string }
  | { kind: 'opened'; subject: string };

/** The English sentence of an internal row (the history's comment, as stored rows read in a log). */
function internalSentence(event: InternalEvent): string {
  switch (event.kind) {
    case 'viewed':
      return 'viewed';
    case 'exported':
      return 'exported the application';
    case 'noted':
      return 'added a note';
    case 'took':
      return 'took the application';
    case 'released':
      return 'released the application';
    case 'assigned':
      return `assigned the application to ${event.subject}`;
    case 'opened':
      return `opened the document '${event.subject}'`;
  }
}

/** The trail's kind of an internal row: a note's and an assignment's are their own. */
function internalKind(event: InternalEvent): TrailKind {
  if (event.kind === 'noted') return 'note';
  if (event.kind === 'took' || event.kind === 'released' || event.kind === 'assigned') return 'assignment';
  return 'internal';
}

/** The trail's event of `actor`'s internal `event`, with what it changed (`data`). */
function internalTrailEvent(actor: StaffActor, event: InternalEvent, data?: unknown): TrailEvent {
  return {
    kind: internalKind(event),
    comment: internalSentence(event),
    actor: `staff:${actor.name}`,
    session: actor.session,
    internal: true,
    event: event.kind,
    eventSubject: 'subject' in event ? event.subject : null,
    ...(data === undefined ? {} : { data }),
  };
}

/**
 * Writes an internal history row, an event of the trail (server/trail/append.ts): `actor` did
 * `event`, the status unchanged (a staff read, a note, an assignment), with what it changed (`data`:
 * a note's text, the new assignee) in the caller's transaction, or its own when `db` is none.
 */
export async function writeInternalRow(
  db: Kysely<Database>,
  application: Pick<Application, 'id'>,
  actor: StaffActor,
  event: InternalEvent,
  data?: unknown,
): Promise<void> {
  await inTransaction(db, (trx) => appendTrail(trx, application.id, internalTrailEvent(actor, event, data)));
}

/**
 * Writes the internal row of one `event` of `actor` in each of `applications` (the export records a
 * batch of the applications it read at a time), each an event of its application's trail, in the
 * caller's transaction or one of its own.
 */
export async function writeInternalRows(
  db: Kysely<Database>,
  dialect: DialectName,
  applications: ReadonlyArray<Pick<Application, 'id'>>,
  actor: StaffActor,
  event: InternalEvent,
): Promise<void> {
  if (applications.length === 0) return;
  await inTransaction(db, (trx) =>
    appendTrailToEach(
      trx,
      dialect,
      applications.map((application) => application.id),
      internalTrailEvent(actor, event),
    ),
  );
}
