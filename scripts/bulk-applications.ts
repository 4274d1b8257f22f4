/**
 * Fills the database with many applications of one client, fast (one transaction, 1,000 rows a
 * statement): the 100,000-application list of the bench and of the list test. Every 10th is a draft;
 * the others cycle through submitted, approved, rejected and returned.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../server/db/database';
import type { Database } from '../server/db/tables';

/** Inserts `count` applications of `clientId` with app ids `EP-BENCH-<clientId>-<n>`. */
export async function insertBulkApplications(db: Kysely<Database>, clientId: number, count: number): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += 1000) {
      const values = Array.from({ length: Math.min(1000, count - start) }, (_, i) => {
        const n = start + i;
        return {
          app_id: `EP-BENCH-${clientId}-${n}`,
          client_id: clientId,
          service_id: 1,
          status_id: n % 10 === 0 ? 1 : ([2, 6, 9, 7][n % 4] ?? 2),
          resubmitted: 0,
          submitted_at: now,
          created_at: now,
          updated_at: now,
          manually_processed: 0,
          manual_certificate_path: null,
          manual_certificate_name: null,
          final_certificate_uploaded: 0,
          certificate_token: `bench-${clientId}-${n}`,
        };
      });
      await trx.insertInto('applications').values(values).execute();
    }
  });
}
