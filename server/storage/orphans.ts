/**
 * The start's sweep of a file store: what an interrupted upload or a killed process leaves behind
 * (a temporary file; a stored file no record names, when the process died between the commit of the
 * file and the commit of its record) is removed, once older than the grace.
 *
 * The grace is what makes the sweep safe beside other instances: a file another instance is
 * receiving, or has just committed and is about to record, is younger than it. One process on its
 * own disk needs none (the default for local storage).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { FileStore, ListedFile } from './file-store';

export interface SweepBounds {
  /** Files written less than this long ago are kept. */
  graceMs: number;
  /** At most this many files are looked at in one sweep (the rest wait for the next start). */
  limit: number;
  now?: number;
}

/** Keys checked against the database in one query. */
const BATCH = 500;

/** Which of the given keys some record names. */
export type RecordedKeys = (keys: string[]) => Promise<Set<string>>;

/** The keys among `keys` that some record of `db` names (an attachment or a manual certificate). */
export const recordedIn =
  (db: Kysely<Database>): RecordedKeys =>
  async (keys) => {
    const [attachments, certificates] = await Promise.all([
      db.selectFrom('attachments').select('path').where('path', 'in', keys).execute(),
      db
        .selectFrom('applications')
        .select('manual_certificate_path as path')
        .where('manual_certificate_path', 'in', keys)
        .execute(),
    ]);
    return new Set([...attachments, ...certificates].map((row) => row.path ?? ''));
  };

/**
 * Removes the store's temporary files and unrecorded stored files older than the grace.
 * @returns how many files it removed.
 */
export async function sweepOrphans(store: FileStore, recorded: RecordedKeys, bounds: SweepBounds): Promise<number> {
  const cutoff = (bounds.now ?? Date.now()) - bounds.graceMs;
  let removed = 0;
  let batch: ListedFile[] = [];
  const removeUnrecorded = async () => {
    const named = await recorded(batch.map((file) => file.key));
    for (const file of batch) {
      if (named.has(file.key)) continue;
      await store.remove(file.key);
      removed += 1;
    }
    batch = [];
  };
  for await (const file of store.list(bounds.limit)) {
    if (file.modifiedAt.getTime() > cutoff) continue;
    if (file.temporary) {
      await store.discard(file.key);
      removed += 1;
      continue;
    }
    batch.push(file);
    if (batch.length === BATCH) await removeUnrecorded();
  }
  if (batch.length > 0) await removeUnrecorded();
  return removed;
}
