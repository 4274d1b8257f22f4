/**
 * The webhooks' transactional outbox: the executor (server/transitions/execute.ts) writes one row per
 * subscription that wants the row of the table it took, inside the transaction of the status change,
 * so an event exists exactly when the change committed and is never sent for a change undone. The
 * body is written then, as the receiver will read it (the status and answers of that moment); its
 * `msg_` id is the `webhook-id` of every delivery attempt. The sender (webhook-sender.ts) delivers it.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { statusKey, type ServiceDefinition, type Transition } from '../../engine/core';
import { nowIso } from '../db/database';
import type { Application, Database } from '../db/tables';
import { eventLabels, wants } from './events';
import type { WebhookSubscription } from './subscriptions';

/** What the executor needs to write webhook events: the subscriptions and the portal's address. */
export interface WebhookOutlet {
  subscriptions: readonly WebhookSubscription[];
  /** The start of the events' links (PUBLIC_URL, no trailing slash). */
  publicUrl: string;
}

/** The body of an event (Standard Webhooks' `{ type, timestamp, data }`). */
export interface WebhookPayload {
  /** `application.<transition name>`. */
  type: string;
  /** When the change was made (ISO 8601). */
  timestamp: string;
  data: {
    application: { id: number; app_id: string; service: string; status_id: number; status_key: string };
    transition: { name: string; from: string; to: string };
    /** The labels the row carries: `submitted`, `decided`. */
    labels: string[];
    /** The staff API's read of the application (a staff key reads it). */
    link: string;
    /** The application's records by key, for a subscription with `answers: true` only. */
    answers?: Record<string, unknown>;
  };
}

/** A new event id: `msg_` and 128 random bits (base64url). */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/**
 * Writes the events of `row`, taken on `app` (as it was before: its status is `from`), for each
 * subscription wanting it, in the caller's transaction. Nothing without subscriptions or definition.
 */
export async function queueWebhookEvents(
  trx: Kysely<Database>,
  outlet: WebhookOutlet | undefined,
  app: Pick<Application, 'id' | 'app_id' | 'status_id'>,
  definition: ServiceDefinition | undefined,
  row: Transition,
): Promise<void> {
  if (!outlet || !definition) return;
  const wanting = outlet.subscriptions.filter((subscription) => wants(subscription, definition, row));
  if (wanting.length === 0) return;
  const now = nowIso();
  const payload: WebhookPayload = {
    type: `application.${row.name}`,
    timestamp: now,
    data: {
      application: {
        id: app.id,
        app_id: app.app_id,
        service: definition.key,
        status_id: row.to,
        status_key: statusKey(definition, row.to),
      },
      transition: { name: row.name, from: statusKey(definition, app.status_id), to: statusKey(definition, row.to) },
      labels: eventLabels(definition, row),
      link: `${outlet.publicUrl}/api/staff/applications/${app.id}`,
    },
  };
  const answers = wanting.some((subscription) => subscription.answers) ? await answersOf(trx, app.id) : undefined;
  await trx
    .insertInto('webhook_outbox')
    .values(
      wanting.map((subscription) => ({
        message_id: newMessageId(),
        subscription: subscription.name,
        application_id: app.id,
        service: definition.key,
        event_type: payload.type,
        payload: JSON.stringify(subscription.answers ? { ...payload, data: { ...payload.data, answers } } : payload),
        created_at: now,
        next_attempt_at: now,
      })),
    )
    .execute();
}

/** The application's records by key (its answers), as the transaction sees them. */
async function answersOf(trx: Kysely<Database>, applicationId: number): Promise<Record<string, unknown>> {
  const records = await trx
    .selectFrom('application_records')
    .select(['record_key', 'data'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();
  return Object.fromEntries(records.map((record) => [record.record_key, JSON.parse(record.data) as unknown]));
}
