/**
 * The webhook events given up on (`dead`: WEBHOOK_MAX_ATTEMPTS failed deliveries, or a subscription
 * no longer declared), kept for staff to list and replay: `npm run staff -- webhooks dead | replay
 * <id>` and `GET staff/webhooks/dead`, `POST staff/webhooks/{id}/replay`. A replay puts the same event
 * (its id, its body) back in line with its attempts counted afresh; while an event is dead, the later
 * events of its subscription and application wait behind it.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../db/database';
import type { Database } from '../db/tables';
import { HttpError } from '../http';

/** A dead event as staff see it (never its body's answers). */
export interface DeadWebhook {
  /** Its `msg_` id: the `webhook-id` it is delivered with. */
  id: string;
  subscription: string;
  type: string;
  service: string;
  application_id: number;
  app_id: string;
  attempts: number;
  created_at: string;
  last_error: string | null;
}

/** What a dead event is listed with (`DeadWebhook`). */
const DEAD_WEBHOOK_COLUMNS = [
  'webhook_outbox.message_id as id',
  'webhook_outbox.subscription',
  'webhook_outbox.event_type as type',
  'webhook_outbox.service',
  'webhook_outbox.application_id',
  'applications.app_id',
  'webhook_outbox.attempts',
  'webhook_outbox.created_at',
  'webhook_outbox.last_error',
] as const;

/** The events that are dead, oldest first, of the services `mayReplay` accepts. */
export async function deadWebhooks(
  db: Kysely<Database>,
  mayReplay: (service: string) => boolean,
): Promise<DeadWebhook[]> {
  const rows = await db
    .selectFrom('webhook_outbox')
    .innerJoin('applications', 'applications.id', 'webhook_outbox.application_id')
    .select(DEAD_WEBHOOK_COLUMNS)
    .where('webhook_outbox.state', '=', 'dead')
    .orderBy('webhook_outbox.id')
    .execute();
  return rows.filter((row) => mayReplay(row.service));
}

/**
 * Puts dead event `id` back in line, due now, its attempts counted afresh: 404 for no such event, 403
 * when `mayReplay` refuses its service, 409 when it is not dead (waiting or delivered already).
 */
export async function replayWebhook(
  db: Kysely<Database>,
  id: string,
  mayReplay: (service: string) => boolean,
  refusal: (service: string) => string,
): Promise<DeadWebhook> {
  const row = await eventById(db, id);
  if (!row) throw new HttpError(404, `No webhook event '${id}'.`);
  if (!mayReplay(row.service)) throw new HttpError(403, refusal(row.service));
  if (row.state !== 'dead')
    throw new HttpError(409, `The webhook event '${id}' is ${row.state}, not dead: only a dead one is replayed.`);
  const done = await db
    .updateTable('webhook_outbox')
    .set({ state: 'pending', attempts: 0, next_attempt_at: nowIso() })
    .where('message_id', '=', id)
    .where('state', '=', 'dead')
    .executeTakeFirst();
  if (done.numUpdatedRows !== 1n) throw new HttpError(409, `The webhook event '${id}' was replayed meanwhile.`);
  const { state: _state, ...replayed } = row;
  return replayed;
}

/** Event `id` with its state, if there is one. */
function eventById(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('webhook_outbox')
    .innerJoin('applications', 'applications.id', 'webhook_outbox.application_id')
    .select([...DEAD_WEBHOOK_COLUMNS, 'webhook_outbox.state'])
    .where('webhook_outbox.message_id', '=', id)
    .executeTakeFirst();
}
