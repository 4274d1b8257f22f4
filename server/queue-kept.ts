/**
 * The queue's answers, kept while the queue has not moved. A queue page costs a count of every
 * application its filters select (where the page shows twenty) and four reads, and a console full of
 * reviewers asks the same few pages and counts again and again; so both are kept, the counts per
 * filter (every page, sort and tab of a filter shares them), a page per filter, sort and page.
 *
 * Every change the queue shows at once writes a trail row of kind `status` or `assignment`: a status
 * (the executor), a submission (its `submit` row), an assignment. The newest such row's id is therefore
 * the queue's mark, read from the database (one indexed read) so every instance sees every other's
 * change, and what was kept at the current mark is what the database would answer.
 *
 * A kept answer also lasts at most `KEPT_MS`, for the two things the mark does not see: a name
 * changed (an applicant's profile, a company: the list's names and the search), and, on PostgreSQL,
 * two transactions committing out of their ids' order (an answer read between them carries the newer
 * mark without the older change).
 */
import { sql, type Kysely } from 'kysely';
import { compiledOnce } from './db/compiled-once';
import type { Database } from './db/tables';
import { QUEUE_KINDS } from './trail/append';

/** A kept answer is read again after this long even when the mark stands (see above). */
export const KEPT_MS = 5_000;
/** Answers kept per database; the oldest goes first. */
const MAX_KEPT = 400;

interface Kept {
  mark: number;
  at: number;
  value: unknown;
}

const keptByDb = new WeakMap<Kysely<Database>, Map<string, Kept>>();

/**
 * The id of the newest trail row of the kinds the queue shows (a status, an assignment), 0 when there
 * is none: a draft's save, a staff read or a note does not move it. The kinds are written into the
 * SQL as the partial index `flow_histories_queue_mark` names them, so both databases answer from it
 * (a bound value would not prove the index's condition).
 */
const newestHistory = compiledOnce((db) =>
  db
    .selectFrom('flow_histories')
    .select((eb) => eb.fn.max('id').as('id'))
    .where(sql.raw<boolean>(`kind in (${QUEUE_KINDS.map((kind) => `'${kind}'`).join(', ')})`)),
);

/** The queue's mark: it moves with every change of a status, a submission or an assignment. */
export async function queueMark(db: Kysely<Database>): Promise<number> {
  const [row] = (await newestHistory(db, [])).rows;
  return Number(row?.id ?? 0);
}

/**
 * The answer `key` on `db` at the queue's `mark` (read before `read` runs, so a change landing
 * meanwhile only makes the next call read again): the kept one while the mark stands and for at most
 * `KEPT_MS`, otherwise `read()`'s, then kept. `now` is the clock (a test's own).
 */
export async function keptAt<T>(
  db: Kysely<Database>,
  mark: number,
  key: string,
  read: () => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  let kept = keptByDb.get(db);
  if (!kept) {
    kept = new Map();
    keptByDb.set(db, kept);
  }
  const found = kept.get(key);
  if (found && found.mark === mark && now() - found.at < KEPT_MS) return found.value as T;
  const value = await read();
  kept.delete(key);
  kept.set(key, { mark, at: now(), value });
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
  return value;
}
