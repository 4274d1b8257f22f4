/**
 * Drafts kept for their applicant: the offer to continue (a client's drafts holding answers or files),
 * the removal of one document's file from a draft, the discard of a draft with everything it holds, and the expiry of drafts left alone longer than
 * their service's retention class allows (`draftIdleDays`, services/platform/retention.json). The routes are in routes/drafts.ts.
 */
import type { Kysely, Transaction } from 'kysely';
import { hasDraftAnswers, STATUS, type OfferedDraft } from '../engine/core';
import { lockApplication } from './applications-store';
import type { AppContext } from './context';
import { isoDaysBefore } from './db/database';
import { runEvery } from './periodic';
import type { Database } from './db/tables';
import { appendTrail } from './trail/append';
import { deleteApplicationRows } from './retention/delete-application';
import { fileFingerprint } from './trail/files';

/** Drafts offered at most (the newest): more would not be an offer but a list nobody reads. */
const OFFERED_AT_MOST = 20;

/** The parsed answers of a stored draft (`{ answers, variant? }`), or null. */
export function storedDraftAnswers(text: string | null): { answers: Record<string, unknown>; variant?: string } | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as { answers?: unknown; variant?: unknown };
    if (!parsed || typeof parsed.answers !== 'object' || parsed.answers === null) return null;
    return {
      answers: parsed.answers as Record<string, unknown>,
      ...(typeof parsed.variant === 'string' ? { variant: parsed.variant } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * The client's drafts that hold answers or files, newest first (of one service when given): what the
 * information page and the dashboard offer to continue. Empty drafts (an Apply Now left at once) are not.
 */
export async function offeredDrafts(
  db: Kysely<Database>,
  clientId: number,
  serviceId?: number,
): Promise<OfferedDraft[]> {
  let query = db
    .selectFrom('applications')
    .select((eb) => [
      'applications.id',
      'applications.app_id',
      'applications.service_id',
      'applications.draft_answers',
      'applications.draft_saved_at',
      'applications.created_at',
      eb
        .selectFrom('attachments')
        .select((inner) => inner.fn.countAll<string | number>().as('n'))
        .whereRef('attachments.application_id', '=', 'applications.id')
        .as('files'),
      eb
        .selectFrom('attachments')
        .select((inner) => inner.fn.max('attachments.created_at').as('latest'))
        .whereRef('attachments.application_id', '=', 'applications.id')
        .as('latest_file'),
    ])
    .where('client_id', '=', clientId)
    .where('status_id', '=', STATUS.draft)
    .where((eb) =>
      eb.or([
        eb('draft_answers', 'is not', null),
        eb.exists(
          eb
            .selectFrom('attachments')
            .select('attachments.id')
            .whereRef('attachments.application_id', '=', 'applications.id'),
        ),
      ]),
    );
  if (serviceId !== undefined) query = query.where('service_id', '=', serviceId);
  const rows = await query
    .orderBy('applications.id', 'desc')
    .limit(OFFERED_AT_MOST * 2)
    .execute();
  const offered = rows.flatMap((row): OfferedDraft[] => {
    const files = Number(row.files ?? 0);
    const has = hasDraftAnswers(storedDraftAnswers(row.draft_answers)?.answers);
    if (!has && files === 0) return [];
    const times = [row.draft_saved_at, row.latest_file ?? null].filter((t): t is string => typeof t === 'string');
    return [
      {
        application_id: row.id,
        app_id: row.app_id,
        service_id: row.service_id,
        saved_at: times.sort().at(-1) ?? row.created_at,
        has_answers: has,
        files,
      },
    ];
  });
  return offered.sort((a, b) => b.saved_at.localeCompare(a.saved_at)).slice(0, OFFERED_AT_MOST);
}

/**
 * Removes a draft with its records, history, queued e-mails and attachments in one transaction (under
 * the application's lock), then its stored files. `stillRemovable` is asked under the lock (the
 * expiry: not saved since it was picked). Removing a draft already gone does nothing, so instances
 * expiring at the same moment do no harm.
 * @returns true when the draft was removed.
 */
export async function removeDraft(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'files'>,
  applicationId: number,
  stillRemovable: (trx: Transaction<Database>) => Promise<boolean> = async () => true,
): Promise<boolean> {
  const paths = await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockApplication(trx, ctx.dialect, applicationId);
    if (!locked || locked.status_id !== STATUS.draft || !(await stillRemovable(trx))) return null;
    return deleteApplicationRows(trx, locked);
  });
  if (!paths) return false;
  // After the commit: a crash, or a file store that is down, leaves files no record names, which the
  // start's sweep removes. The draft is gone either way: its removal is not answered as failed.
  for (const path of paths) await ctx.files.remove(path).catch(() => undefined);
  return true;
}

/**
 * Removes what a draft holds for one document (the applicant's files described as `description`;
 * staff's internal files are never a draft's) under the application's lock, then their stored files:
 * the applicant took the file back before submitting. Removing a document the draft does not hold
 * removes nothing.
 * @returns how many files were removed, or null when the application is not a draft (any more).
 */
export async function removeDraftDocument(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'files'>,
  applicationId: number,
  description: string,
): Promise<number | null> {
  const paths = await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockApplication(trx, ctx.dialect, applicationId);
    if (!locked || locked.status_id !== STATUS.draft) return null;
    const removed = await trx
      .deleteFrom('attachments')
      .where('application_id', '=', applicationId)
      .where('description', '=', description)
      .where('internal', '=', 0)
      .returning(['path', 'description', 'name', 'size', 'sha256', 'internal'])
      .execute();
    for (const gone of removed)
      await appendTrail(trx, applicationId, { kind: 'file-removed', actor: 'applicant', data: fileFingerprint(gone) });
    return removed.map((row) => row.path);
  });
  if (!paths) return null;
  // After the commit, as for a discarded draft: a file left behind is no record's, and the sweep's.
  for (const path of paths) await ctx.files.remove(path).catch(() => undefined);
  return paths.length;
}

/** Drafts looked at in one run of the expiry; the rest wait for the next run. */
const EXPIRY_BATCH = 200;

/**
 * Removes the drafts neither saved nor given a file (nor created) for their service's retention class's
 * `draftIdleDays` before `now`, with their files (`removeDraft`). A draft of a service that is not
 * loaded, or has no class, is kept: nothing is deleted without a declared period.
 * @returns how many drafts it removed.
 */
export async function expireDrafts(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'files' | 'definitions'>,
  now: Date = new Date(),
): Promise<number> {
  let removed = 0;
  let looked = 0;
  for (const definition of ctx.definitions) {
    if (!definition.retentionPolicy || looked >= EXPIRY_BATCH) continue;
    const cutoff = isoDaysBefore(now, definition.retentionPolicy.draftIdleDays);
    const expired = (db: Kysely<Database>) =>
      db
        .selectFrom('applications')
        .select('applications.id')
        .where('service_id', '=', definition.id)
        .where('status_id', '=', STATUS.draft)
        .where((eb) => eb(eb.fn.coalesce('draft_saved_at', 'created_at'), '<', cutoff))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('attachments')
                .select('attachments.id')
                .whereRef('attachments.application_id', '=', 'applications.id')
                .where('attachments.created_at', '>=', cutoff),
            ),
          ),
        );
    const candidates = await expired(ctx.db)
      .orderBy('applications.id')
      .limit(EXPIRY_BATCH - looked)
      .execute();
    looked += candidates.length;
    for (const { id } of candidates) {
      // Judged again under the lock: the applicant may have saved it since it was picked.
      const gone = await removeDraft(ctx, id, async (trx) =>
        Boolean(await expired(trx).where('applications.id', '=', id).executeTakeFirst()),
      );
      if (gone) removed += 1;
    }
  }
  return removed;
}

export interface DraftExpiryOptions {
  /** Time between runs (the first runs at once). */
  intervalMs: number;
  onRemoved?: (count: number) => void;
  onError?: (error: unknown) => void;
}

/**
 * Runs `expireDrafts` now and every `intervalMs`, one run at a time, on a timer that does not keep the
 * process alive. Every instance runs it: a draft two instances pick is removed once.
 * @returns stop, which resolves once a run in progress has finished.
 */
export function startDraftExpiry(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'files' | 'definitions'>,
  options: DraftExpiryOptions,
): () => Promise<void> {
  return runEvery(
    options.intervalMs,
    async () => {
      const count = await expireDrafts(ctx);
      if (count > 0) options.onRemoved?.(count);
    },
    options.onError,
  );
}
