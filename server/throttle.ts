/**
 * Attempt counters kept in the database (table `throttles`), so a limit holds across concurrent
 * requests and server restarts, on SQLite and PostgreSQL alike: each `consume` is one atomic upsert
 * that counts and answers in the same statement, never a read and a write with an await between.
 *
 * A bucket counts within a window. When a consume takes the count to the limit, the window starts
 * again at that moment, so reaching a limit locks the bucket for one full window (e.g. five failed
 * sign-ins lock the account for 15 minutes from the fifth).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './db/tables';
import { HttpError } from './http';

export interface Limit {
  /** Most hits (or units, e.g. bytes) allowed in one window. */
  max: number;
  windowMs: number;
}

export interface ConsumeResult {
  allowed: boolean;
  /** Count in the current window, this consume included. */
  hits: number;
  /** When refused: how long until the window ends. */
  retryAfterMs: number;
}

/**
 * Counts `amount` against `bucket` and says whether it stays within `limit.max`. A refused consume
 * stays counted (a blocked attacker keeps the lock); `release` undoes a consume that should not count.
 */
export async function consume(
  db: Kysely<Database>,
  bucket: string,
  limit: Limit,
  amount = 1,
  now = Date.now(),
): Promise<ConsumeResult> {
  const nowText = new Date(now).toISOString();
  const cutoff = new Date(now - limit.windowMs).toISOString();
  const row = await db
    .insertInto('throttles')
    .values({ bucket, hits: amount, window_started_at: nowText })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet({
        // Both dialects evaluate every SET expression against the row as it was before the update.
        hits: sql<number>`case when throttles.window_started_at <= ${cutoff} then ${amount} else throttles.hits + ${amount} end`,
        window_started_at: sql<string>`case
          when throttles.window_started_at <= ${cutoff} then ${nowText}
          when throttles.hits < ${limit.max} and throttles.hits + ${amount} >= ${limit.max} then ${nowText}
          else throttles.window_started_at end`,
      }),
    )
    .returning(['hits', 'window_started_at'])
    .executeTakeFirstOrThrow();
  const hits = Number(row.hits);
  const allowed = hits <= limit.max;
  const retryAfterMs = allowed ? 0 : Math.max(1000, Date.parse(row.window_started_at) + limit.windowMs - now);
  return { allowed, hits, retryAfterMs };
}

/** Takes back `amount` of a consume that turned out not to count (e.g. a sign-in that succeeded). */
export async function release(db: Kysely<Database>, bucket: string, amount = 1): Promise<void> {
  await db
    .updateTable('throttles')
    .set({ hits: sql<number>`case when hits > ${amount} then hits - ${amount} else 0 end` })
    .where('bucket', '=', bucket)
    .execute();
}

/** Clears a bucket (e.g. the account's failures after a successful sign-in). */
export async function reset(db: Kysely<Database>, bucket: string): Promise<void> {
  await db.deleteFrom('throttles').where('bucket', '=', bucket).execute();
}

/** Minutes for people: at least 1, rounded up. */
export function minutesFrom(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

/** The 429 answer of every limit: the spec-style sentence and a `Retry-After` in seconds. */
export class TooManyAttempts extends HttpError {
  constructor(readonly retryAfterMs: number) {
    const minutes = minutesFrom(retryAfterMs);
    super(429, `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    this.headers = { 'Retry-After': String(Math.ceil(retryAfterMs / 1000)) };
  }
}

/**
 * Consumes from every bucket in order and throws `TooManyAttempts` at the first that refuses.
 * Buckets consumed before the refusal stay counted.
 */
export async function consumeAll(
  db: Kysely<Database>,
  buckets: ReadonlyArray<{ bucket: string; limit: Limit }>,
  amount = 1,
): Promise<void> {
  for (const { bucket, limit } of buckets) {
    const result = await consume(db, bucket, limit, amount);
    if (!result.allowed) throw new TooManyAttempts(result.retryAfterMs);
  }
}
