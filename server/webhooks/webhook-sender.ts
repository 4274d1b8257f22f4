/**
 * The sender of the webhook events (outbox.ts). Every instance runs one; the lease `webhook-sender`
 * lets one of them send at a time, so an event is never posted by two instances at once. Each look
 * takes the due events oldest first, leaving out any whose subscription still has an earlier event
 * of the same application not delivered (delivered in order per application: a dead one holds the
 * later ones until staff replay it). An event is signed by the Standard Webhooks scheme (the
 * `standardwebhooks` package: `webhook-id` its stable `msg_` id, `webhook-timestamp`,
 * `webhook-signature`), posted with a timeout, and delivered when the receiver answers 2xx; otherwise
 * it is tried again after a wait doubling from WEBHOOK_RETRY_MS up to WEBHOOK_MAX_WAIT_MS, and after
 * WEBHOOK_MAX_ATTEMPTS it is dead: kept, listed and replayed by staff (dead-letters.ts). It is marked
 * delivered only after the answer, so an instance dying in between sends it again: at least once.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { Webhook } from 'standardwebhooks';
import type { WebhookSettings } from '../config';
import { nowIso } from '../db/database';
import type { Database } from '../db/tables';
import { holdLease, releaseLease } from '../mail/lease';
import { retryDelayMs } from '../mail/mail-sender';
import type { WebhookSubscription } from './subscriptions';

export interface WebhookSenderOptions extends Omit<WebhookSettings, 'file'> {
  subscriptions: readonly WebhookSubscription[];
  /**
   * How long the sender holds the lease without renewing it: a killed instance frees it then (15 s by
   * default, and at least three looks). Renewed before each event and every third of it while a
   * receiver is slow to answer.
   */
  leaseMs?: number;
  /** Events taken per look. */
  batch?: number;
  onError?: (err: unknown, messageId: string) => void;
}

export interface WebhookSender {
  /** Delivers what is due now if this instance holds the lease; resolves with the number delivered. */
  runOnce(): Promise<number>;
  /** Stops looking, waits for a run in progress and gives the lease up. */
  stop(): Promise<void>;
}

/** The lease's name (beside the e-mail sender's `mail-sender`). */
export const WEBHOOK_LEASE = 'webhook-sender';

const DEFAULT_LEASE_MS = 15_000;

/** The start of an error kept on a row: what a receiver answered, or why it could not be reached. */
const ERROR_LENGTH = 500;

/** Starts the sender of this instance; `stop` it before the database closes. */
export function startWebhookSender(db: Kysely<Database>, options: WebhookSenderOptions): WebhookSender {
  const holder = randomUUID();
  const leaseMs = options.leaseMs ?? Math.max(DEFAULT_LEASE_MS, options.pollMs * 3);
  let running: Promise<number> | null = null;
  let stopped = false;
  const runOnce = (): Promise<number> => {
    running ??= sendDue(db, options, holder, leaseMs).finally(() => {
      running = null;
    });
    return running;
  };
  // Without subscriptions nothing new is written, but rows written under an earlier file are still
  // looked at: they go dead with the reason, listed for staff.
  const timer = setInterval(() => {
    if (!stopped && !running) void runOnce().catch((err: unknown) => options.onError?.(err, ''));
  }, options.pollMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
      await releaseLease(db, WEBHOOK_LEASE, holder).catch(() => undefined);
    },
  };
}

/** The due events, oldest first, each the earliest of its subscription and application not delivered. */
function dueEvents(db: Kysely<Database>, batch: number) {
  return db
    .selectFrom('webhook_outbox as o')
    .select(['o.id', 'o.message_id', 'o.subscription', 'o.payload', 'o.attempts'])
    .where('o.state', '=', 'pending')
    .where('o.next_attempt_at', '<=', nowIso())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_outbox as e')
            .select(sql.lit(1).as('one'))
            .whereRef('e.subscription', '=', 'o.subscription')
            .whereRef('e.application_id', '=', 'o.application_id')
            .whereRef('e.id', '<', 'o.id')
            .where('e.state', '<>', 'delivered'),
        ),
      ),
    )
    .orderBy('o.id')
    .limit(batch)
    .execute();
}

/** One look at the outbox while this instance holds the lease. */
async function sendDue(
  db: Kysely<Database>,
  options: WebhookSenderOptions,
  holder: string,
  leaseMs: number,
): Promise<number> {
  // A read first: with nothing due (no webhooks at all, mostly) no instance writes the lease's row.
  if ((await dueEvents(db, 1)).length === 0) return 0;
  if (!(await holdLease(db, WEBHOOK_LEASE, holder, leaseMs))) return 0;
  const subscriptions = new Map(options.subscriptions.map((subscription) => [subscription.name, subscription]));
  let delivered = 0;
  for (const event of await dueEvents(db, options.batch ?? 50)) {
    // Renewed before each event: a lease that ran out (a slow receiver) stops this run.
    if (!(await holdLease(db, WEBHOOK_LEASE, holder, leaseMs))) break;
    const subscription = subscriptions.get(event.subscription);
    if (!subscription) {
      await db
        .updateTable('webhook_outbox')
        .set({ state: 'dead', last_error: `no subscription '${event.subscription}' in WEBHOOKS_FILE any more` })
        .where('id', '=', event.id)
        .where('state', '=', 'pending')
        .execute();
      continue;
    }
    const attempts = event.attempts + 1;
    try {
      await whileHolding(db, holder, leaseMs, post(subscription, event.message_id, event.payload, options.timeoutMs));
    } catch (err) {
      const dead = attempts >= options.maxAttempts;
      await db
        .updateTable('webhook_outbox')
        .set({
          attempts,
          state: dead ? 'dead' : 'pending',
          next_attempt_at: new Date(
            Date.now() + retryDelayMs(attempts, options.retryBaseMs, options.maxWaitMs),
          ).toISOString(),
          last_error: String((err as Error)?.message ?? err).slice(0, ERROR_LENGTH),
        })
        .where('id', '=', event.id)
        .where('state', '=', 'pending')
        .execute();
      options.onError?.(err, event.message_id);
      continue;
    }
    await db
      .updateTable('webhook_outbox')
      .set({ attempts, state: 'delivered', delivered_at: nowIso() })
      .where('id', '=', event.id)
      .execute();
    delivered += 1;
  }
  return delivered;
}

/**
 * Posts one event to its subscription, signed (Standard Webhooks: the signature covers
 * `<webhook-id>.<webhook-timestamp>.<body>` with the subscription's secret); throws unless the
 * receiver answers 2xx within `timeoutMs`. A redirect is not followed: it is no delivery.
 */
async function post(subscription: WebhookSubscription, messageId: string, body: string, timeoutMs: number) {
  const timestamp = new Date();
  const signature = new Webhook(subscription.secret).sign(messageId, timestamp, body);
  const response = await fetch(subscription.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'EcoPermit-Webhooks',
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': signature,
    },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  }).catch((err: unknown) => {
    throw new Error(`${subscription.url}: ${unreached(err, timeoutMs)}`, { cause: err });
  });
  // The answer's body is read (a little of it kept for the error) so the connection is freed.
  const text = await response.text().catch(() => '');
  if (response.status < 200 || response.status > 299)
    throw new Error(`${subscription.url} answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
}

/** Why a receiver could not be reached: no answer in time, or the network's reason (ECONNREFUSED...). */
function unreached(err: unknown, timeoutMs: number): string {
  const { name, message, cause } = (err ?? {}) as { name?: string; message?: string; cause?: { code?: string } };
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  return cause?.code ?? message ?? String(err);
}

/** Waits for `delivery` while renewing the lease every third of its time, so no other instance sends the same event meanwhile. */
async function whileHolding<T>(
  db: Kysely<Database>,
  holder: string,
  leaseMs: number,
  delivery: Promise<T>,
): Promise<T> {
  const renewal = setInterval(() => {
    holdLease(db, WEBHOOK_LEASE, holder, leaseMs).catch(() => undefined);
  }, leaseMs / 3);
  try {
    return await delivery;
  } finally {
    clearInterval(renewal);
  }
}
