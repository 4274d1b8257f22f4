/**
 * The one writer of the audit trail. Every change of an application (its status, answers, files,
 * facts, notes, assignment, a staff read) is an event appended here, in the transaction of the change:
 * a row of `flow_histories` with its place `seq` and its chain (chain.ts), the application's head
 * moved with it. Making and deleting an application are rows of the register (`trail_register`), so a
 * deleted application leaves its tombstone. Nothing else inserts into, changes or deletes from the
 * trail (tests/unit/trail-writes.test.ts).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { nowIso } from '../db/database';
import type { DialectName } from '../db/migrations';
import type { Database } from '../db/tables';
import {
  chainHash,
  PLACE_KEYS,
  sharedFieldsHasher,
  type RegisterFields,
  type TrailFields,
  type TrailPlace,
} from './chain';

/**
 * What an event is. `status` rows are the history the applicant sees; `internal`, `note` and
 * `assignment` rows are the staff's (with the status rows); the others record what changed.
 */
export type TrailKind =
  | 'status'
  | 'internal'
  | 'note'
  | 'assignment'
  | 'created'
  | 'answers'
  | 'records'
  | 'file-added'
  | 'file-removed'
  | 'facts'
  | 'legal-hold';

/** The kinds the staff's history shows (with the status rows the applicant's shows). */
export const STAFF_HISTORY_KINDS: readonly TrailKind[] = ['status', 'internal', 'note', 'assignment'];

/** The kinds that move the staff queue's mark (server/queue-kept.ts): what its rows show. */
export const QUEUE_KINDS = ['status', 'assignment'] as const;

/** The staff member's name of an event's actor, or undefined when the actor is the applicant or the system. */
export function staffNameOf(actor: string | null | undefined): string | undefined {
  return actor?.startsWith('staff:') ? actor.slice('staff:'.length) : undefined;
}

/** An event to append: who did what (the status and time default to the application's and now). */
export interface TrailEvent {
  kind: TrailKind;
  /** `applicant`, `staff:<name>` or `system`. */
  actor: string;
  /** The staff session (`key`, `command` or the console session's id). */
  session?: string | null;
  /** The application's status the event leaves it at (default: its status as stored). */
  statusId?: number;
  transition?: string | null;
  comment?: string | null;
  /** Never shown to the applicant; every kind but `status` is. */
  internal?: boolean;
  event?: string | null;
  eventSubject?: string | null;
  /** What changed, stored as JSON. */
  data?: unknown;
  createdAt?: string;
}

/**
 * The fields of the row `event` appends at `head` (an application's id, its moved head and status);
 * the status is the event's, else the application's.
 */
function trailFields(
  head: { id: number; trail_seq: number; status_id: number },
  event: TrailEvent,
  createdAt: string,
): TrailFields {
  return {
    application_id: Number(head.id),
    seq: Number(head.trail_seq),
    status_id: event.statusId ?? head.status_id,
    ...placelessFields(event, createdAt),
  };
}

/** The fields of `event`'s row but its place (application, seq, status): what its rows in many applications share. */
function placelessFields(event: TrailEvent, createdAt: string): Omit<TrailFields, keyof TrailPlace> {
  return {
    created_at: createdAt,
    actor: event.actor,
    session: event.session ?? null,
    kind: event.kind,
    transition: event.transition ?? null,
    comment_to_applicant: event.comment ?? null,
    internal: (event.internal ?? event.kind !== 'status') ? 1 : 0,
    event: event.event ?? null,
    event_subject: event.eventSubject ?? null,
    data: event.data === undefined ? null : JSON.stringify(event.data),
  };
}

/**
 * Appends `event` to application `applicationId`'s trail in the caller's transaction. The head is
 * read and moved by one update, which takes the application row's lock on PostgreSQL (SQLite runs one
 * write transaction at a time), so two events of an application never take the same place.
 * @returns the row's id, or undefined when the application does not exist.
 */
export async function appendTrail(
  trx: Transaction<Database>,
  applicationId: number,
  event: TrailEvent,
): Promise<number | undefined> {
  const head = await trx
    .updateTable('applications')
    .set((eb) => ({ trail_seq: eb('trail_seq', '+', 1) }))
    .where('id', '=', applicationId)
    .returning(['trail_seq', 'trail_hash', 'status_id'])
    .executeTakeFirst();
  if (!head) return undefined;
  const fields = trailFields({ ...head, id: applicationId }, event, event.createdAt ?? nowIso());
  const hash = chainHash(head.trail_hash, fields);
  const row = await trx
    .insertInto('flow_histories')
    .values({ ...fields, prev_hash: head.trail_hash, hash })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('applications').set({ trail_hash: hash }).where('id', '=', applicationId).execute();
  return row.id;
}

/**
 * Appends the same `event` to the trail of each of `applicationIds` in the caller's transaction, in
 * three statements whatever their number (the export records each batch of applications it read):
 * the heads moved and read by one update, the rows inserted at once, the new heads written by one
 * update. The chains are those `appendTrail` would make one by one.
 *
 * The rows share every field but their place, so those fields are bound once and each row is only
 * its place and hashes, hashed by `sharedFieldsHasher` and sent in one JSON text read back as a table
 * (`json_each`, `jsonb_array_elements`): a batch of 500 costs 500 short texts, not 500 row objects
 * and 7,500 bound values.
 */
export async function appendTrailToEach(
  trx: Transaction<Database>,
  dialect: DialectName,
  applicationIds: readonly number[],
  event: Omit<TrailEvent, 'statusId'>,
): Promise<void> {
  if (applicationIds.length === 0) return;
  const heads = await trx
    .updateTable('applications')
    .set((eb) => ({ trail_seq: eb('trail_seq', '+', 1) }))
    .where('id', 'in', [...applicationIds])
    .returning(['id', 'trail_seq', 'trail_hash', 'status_id'])
    .execute();
  if (heads.length === 0) return;
  const shared = placelessFields(event, event.createdAt ?? nowIso());
  const hashOf = sharedFieldsHasher(shared);
  const places = heads.map((head) => {
    const place = { application_id: Number(head.id), seq: Number(head.trail_seq), status_id: Number(head.status_id) };
    const prev = head.trail_hash ?? null;
    return `{"application_id":${place.application_id},"seq":${place.seq},"status_id":${place.status_id},"prev_hash":${prev === null ? 'null' : JSON.stringify(prev)},"hash":"${hashOf(prev, place)}"}`;
  });
  const json = `[${places.join(',')}]`;
  const rows =
    dialect === 'postgres'
      ? sql`jsonb_array_elements(cast(${json} as jsonb)) as j(value)`
      : sql`json_each(${json}) as j`;
  const integer = (key: string) => sql`cast(j.value ->> ${sql.lit(key)} as integer)`;
  const own = PLACE_KEYS.map(integer);
  const sharedColumns = Object.keys(shared) as Array<keyof typeof shared>;
  await sql`insert into flow_histories (${sql.join(PLACE_KEYS.map((key) => sql.ref(key)))}, prev_hash, hash, ${sql.join(
    sharedColumns.map((column) => sql.ref(column)),
  )})
    select ${sql.join(own)}, j.value ->> 'prev_hash', j.value ->> 'hash', ${sql.join(
      sharedColumns.map((column) =>
        column === 'internal' ? sql`cast(${shared[column]} as integer)` : sql`${shared[column]}`,
      ),
    )}
    from ${rows}`.execute(trx);
  await sql`update applications set trail_hash = j.value ->> 'hash' from ${rows}
    where applications.id = ${integer('application_id')}`.execute(trx);
}

/**
 * Runs `write` in a transaction: the caller's when `db` is one, else a new one (an event and the
 * change it records commit together).
 */
export async function inTransaction<T>(
  db: Kysely<Database>,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? write(db as Transaction<Database>) : db.transaction().execute(write);
}

/**
 * Appends a row to the register: application `application` was made (`created`) or deleted (its
 * tombstone, written in the transaction that deletes it). The register's head row is moved by one
 * update, which serialises its writers on PostgreSQL (SQLite runs one write transaction at a time).
 */
export async function appendRegister(
  trx: Transaction<Database>,
  kind: 'created' | 'deleted',
  application: { id: number; app_id: string; service_id: number; created_at: string },
  /** A retention tombstone's decision time. */
  decidedAt?: string,
): Promise<void> {
  const head = await trx
    .updateTable('trail_register_head')
    .set((eb) => ({ seq: eb('seq', '+', 1) }))
    .where('id', '=', 1)
    .returning(['seq', 'hash'])
    .executeTakeFirstOrThrow();
  const fields: RegisterFields = {
    seq: Number(head.seq),
    kind,
    application_id: application.id,
    app_id: application.app_id,
    service_id: application.service_id,
    created_at: application.created_at,
    at: nowIso(),
    ...(decidedAt ? { decided_at: decidedAt } : {}),
  };
  const hash = chainHash(head.hash, fields);
  await trx
    .insertInto('trail_register')
    .values({ ...fields, prev_hash: head.hash, hash })
    .execute();
  await trx.updateTable('trail_register_head').set({ hash }).where('id', '=', 1).execute();
}
