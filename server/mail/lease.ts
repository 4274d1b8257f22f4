/**
 * Leases: a job that one instance at a time may run (the mail sender) is held by whoever last took
 * its row and renewed it in time. Taking is one conditional update, so two instances asking at once
 * cannot both win, on SQLite and PostgreSQL alike.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/**
 * Takes or renews the lease `name` for `holder` for `ms` from now: true when `holder` holds it
 * (it was free, expired or already theirs), false while another holder's lease runs.
 */
export async function holdLease(db: Kysely<Database>, name: string, holder: string, ms: number): Promise<boolean> {
  const now = new Date();
  const until = new Date(now.getTime() + ms).toISOString();
  await db
    .insertInto('leases')
    .values({ name, holder: '', expires_at: new Date(0).toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const taken = await db
    .updateTable('leases')
    .set({ holder, expires_at: until })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<', now.toISOString())]))
    .executeTakeFirst();
  return taken.numUpdatedRows === 1n;
}

/** Gives the lease up (on shutdown), so another instance takes over without waiting for it to expire. */
export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db
    .updateTable('leases')
    .set({ expires_at: new Date(0).toISOString() })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}
