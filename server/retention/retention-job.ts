/**
 * The retention job: deletes for good what its service's retention class no longer keeps
 * (services/platform/retention.json, resolved into each definition's `retentionPolicy`).
 *
 * - A decided application (at a status no row of its table leaves, `decidedStatuses`) whose decision
 *   (the history's status row that reached that status) is older than `afterDecisionDays`, and that is
 *   not on legal hold, is deleted with every row that is its, in one transaction under its lock, with its
 *   tombstone in the trail's register (ids, service, dates: no personal data); its stored files leave
 *   the store after the commit (a crash in between leaves files no record names: the start's sweep,
 *   storage/orphans.ts, removes them).
 * - Then a closed account (`clients.closed_at`) with no application left goes with what was filed under
 *   it (its companies and recycled-plastic reports) and its remaining e-mails, sessions and codes:
 *   closing kept them only for its applications (docs/security.md#closing-an-account).
 * - Then a webhook event delivered more than `DELIVERED_WEBHOOK_DAYS` ago leaves the outbox: it was
 *   kept to show what was sent, and a receiver de-duplicates within days (a dead or waiting one stays).
 *
 * Drafts are the draft expiry's (drafts.ts), which reads `draftIdleDays` from the same class.
 * The job takes `now`, so the tests run it on their own clock; one instance at a time runs it, under a
 * lease (mail/lease.ts).
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import { decidedStatuses } from '../../engine/core';
import { lockApplication } from '../applications-store';
import type { AppContext } from '../context';
import { isoDaysBefore } from '../db/database';
import { runEvery } from '../periodic';
import type { Database } from '../db/tables';
import { holdLease, releaseLease } from '../mail/lease';
import { deleteApplicationRows } from './delete-application';

type RetentionContext = Pick<AppContext, 'db' | 'dialect' | 'files' | 'definitions' | 'archived'>;

/** Applications (and closed accounts) looked at in one run; the rest wait for the next. */
const RUN_BATCH = 200;

/** Days a delivered webhook event stays in the outbox (what was sent, for the operators). */
export const DELIVERED_WEBHOOK_DAYS = 30;

/** What one run deleted. */
export interface RetentionRun {
  applications: number;
  files: number;
  clients: number;
  /** Webhook events delivered long ago. */
  webhooks: number;
}

/** When the application reached the status it is at: the first status row of its trail at that status. */
const decisionTime = (eb: ExpressionBuilder<Database, 'applications'>) =>
  eb
    .selectFrom('flow_histories')
    .select((inner) => inner.fn.min('flow_histories.created_at').as('at'))
    .whereRef('flow_histories.application_id', '=', 'applications.id')
    .whereRef('flow_histories.status_id', '=', 'applications.status_id')
    .where('flow_histories.kind', '=', 'status');

/**
 * The decided statuses of a service: those of its current table and of its kept versions' (an
 * application decided under an earlier version stays decided).
 */
function decidedOf(ctx: RetentionContext, serviceId: number): number[] {
  const tables = [...ctx.definitions, ...ctx.archived].filter((definition) => definition.id === serviceId);
  return [...new Set(tables.flatMap((definition) => [...decidedStatuses(definition)]))];
}

/** The applications of `serviceId` past their retention at `cutoff`, not on hold: with their decision time. */
function pastRetention(db: Kysely<Database>, serviceId: number, decided: number[], cutoff: string) {
  return db
    .selectFrom('applications')
    .select((eb) => ['applications.id', decisionTime(eb).as('decided_at')])
    .where('applications.service_id', '=', serviceId)
    .where('applications.status_id', 'in', decided)
    .where('applications.legal_hold', '=', 0)
    .where((eb) => eb(decisionTime(eb), '<', cutoff));
}

/**
 * Deletes application `id` if, judged again under its lock, it is still past its retention at `cutoff`
 * and not on hold (a staff member may have held it since it was picked).
 * @returns the keys of its stored files, or null when it was kept.
 */
async function deleteIfStillDue(
  ctx: RetentionContext,
  id: number,
  serviceId: number,
  decided: number[],
  cutoff: string,
): Promise<string[] | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockApplication(trx, ctx.dialect, id);
    if (!locked) return null;
    const due = await pastRetention(trx, serviceId, decided, cutoff)
      .where('applications.id', '=', id)
      .executeTakeFirst();
    if (!due?.decided_at) return null;
    return deleteApplicationRows(trx, locked, String(due.decided_at));
  });
}

/** Deletes the decided applications past their service's retention at `now`. */
async function deleteDecided(ctx: RetentionContext, now: Date, run: RetentionRun): Promise<void> {
  let looked = 0;
  for (const definition of ctx.definitions) {
    if (!definition.retentionPolicy || looked >= RUN_BATCH) continue;
    const decided = decidedOf(ctx, definition.id);
    if (decided.length === 0) continue;
    const cutoff = isoDaysBefore(now, definition.retentionPolicy.afterDecisionDays);
    const candidates = await pastRetention(ctx.db, definition.id, decided, cutoff)
      .orderBy('applications.id')
      .limit(RUN_BATCH - looked)
      .execute();
    looked += candidates.length;
    for (const { id } of candidates) {
      const paths = await deleteIfStillDue(ctx, id, definition.id, decided, cutoff);
      if (!paths) continue;
      run.applications += 1;
      // After the commit: the application is gone either way; a file left is the sweep's.
      for (const path of paths) {
        const removed = await ctx.files.remove(path).then(
          () => true,
          () => false,
        );
        if (removed) run.files += 1;
      }
    }
  }
}

/** The closed accounts with no application left. */
const emptyClosedAccounts = (db: Kysely<Database>) =>
  db
    .selectFrom('clients')
    .select('clients.id')
    .where('clients.closed_at', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('applications').select('applications.id').whereRef('applications.client_id', '=', 'clients.id'),
        ),
      ),
    );

/** Deletes the closed accounts whose last application is gone, with what was filed under them. */
async function deleteClosedAccounts(ctx: RetentionContext, run: RetentionRun): Promise<void> {
  const accounts = await emptyClosedAccounts(ctx.db).orderBy('clients.id').limit(RUN_BATCH).execute();
  for (const { id } of accounts) {
    const deleted = await ctx.db.transaction().execute(async (trx) => {
      // Judged again in the transaction: a closed account makes no application, but a run of
      // another instance may have deleted it already.
      if (!(await emptyClosedAccounts(trx).where('clients.id', '=', id).executeTakeFirst())) return false;
      // What was filed under it and what it still had (its applications, and their rows, are gone);
      // each table by name, so the trail's guard (tests/unit/trail-writes.test.ts) sees none of an application's.
      await trx.deleteFrom('recycled_reports').where('client_id', '=', id).execute();
      await trx.deleteFrom('companies').where('client_id', '=', id).execute();
      await trx.deleteFrom('mail_queue').where('client_id', '=', id).execute();
      await trx.deleteFrom('tokens').where('client_id', '=', id).execute();
      await trx.deleteFrom('otps').where('client_id', '=', id).execute();
      await trx.deleteFrom('clients').where('id', '=', id).execute();
      return true;
    });
    if (deleted) run.clients += 1;
  }
}

/**
 * One run of the retention job at `now`: the decided applications past their class (not on hold),
 * then the closed accounts left without an application.
 * @returns what it deleted.
 */
export async function runRetention(ctx: RetentionContext, now: Date = new Date()): Promise<RetentionRun> {
  const run: RetentionRun = { applications: 0, files: 0, clients: 0, webhooks: 0 };
  await deleteDecided(ctx, now, run);
  await deleteClosedAccounts(ctx, run);
  run.webhooks = await deleteDeliveredWebhooks(ctx.db, now);
  return run;
}

/** Deletes the webhook events delivered more than `DELIVERED_WEBHOOK_DAYS` before `now`; answers how many. */
async function deleteDeliveredWebhooks(db: Kysely<Database>, now: Date): Promise<number> {
  const before = isoDaysBefore(now, DELIVERED_WEBHOOK_DAYS);
  const result = await db
    .deleteFrom('webhook_outbox')
    .where('state', '=', 'delivered')
    .where('delivered_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The lease one instance at a time runs the job under. */
export const RETENTION_LEASE = 'retention';

export interface RetentionJobOptions {
  /** Time between runs (the first runs at once). */
  intervalMs: number;
  /** Who holds the lease (this instance). */
  holder: string;
  onRun?: (run: RetentionRun) => void;
  onError?: (error: unknown) => void;
}

/**
 * Runs `runRetention` now and every `intervalMs` on a timer that does not keep the process alive, one
 * run at a time and only while this instance holds the job's lease (taken for two intervals, so a
 * stopped instance's is free again soon).
 * @returns stop, which resolves once a run in progress has finished and the lease is given up.
 */
export function startRetentionJob(ctx: RetentionContext, options: RetentionJobOptions): () => Promise<void> {
  const stop = runEvery(
    options.intervalMs,
    async () => {
      if (!(await holdLease(ctx.db, RETENTION_LEASE, options.holder, options.intervalMs * 2))) return;
      options.onRun?.(await runRetention(ctx));
    },
    options.onError,
  );
  return async () => {
    await stop();
    await releaseLease(ctx.db, RETENTION_LEASE, options.holder).catch(() => undefined);
  };
}
