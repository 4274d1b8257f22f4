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

/** The statuses the staff queue's applications cycle through (never a draft). */
const QUEUE_STATUSES = [2, 3, 5, 6, 7, 9, 10] as const;

/**
 * Fills the database with `count` submitted applications for the staff queue's bench: spread over
 * `services` (each `{ id, record }`: the record key its form saves, written with a small answer),
 * `clientIds`, the queue's statuses and a year of submission days; every 7th is assigned to
 * `assignee`. One transaction, 500 applications a statement; app ids `EP-QUEUE-<n>`.
 */
export async function insertQueueApplications(
  db: Kysely<Database>,
  options: {
    clientIds: readonly number[];
    services: ReadonlyArray<{ id: number; record: string }>;
    count: number;
    assignee?: string;
  },
): Promise<void> {
  const { clientIds, services, count } = options;
  const now = nowIso();
  const start = Date.parse('2025-01-01T00:00:00.000Z');
  await db.transaction().execute(async (trx) => {
    for (let first = 0; first < count; first += 500) {
      const numbers = Array.from({ length: Math.min(500, count - first) }, (_, i) => first + i);
      const rows = await trx
        .insertInto('applications')
        .values(
          numbers.map((n) => ({
            app_id: `EP-QUEUE-${n}`,
            client_id: clientIds[n % clientIds.length] ?? 0,
            service_id: services[n % services.length]?.id ?? 0,
            status_id: QUEUE_STATUSES[n % QUEUE_STATUSES.length] ?? 2,
            resubmitted: 0,
            // Spread over a year, minutes apart, so the order by submission is the order of insertion.
            submitted_at: new Date(start + n * 300_000).toISOString(),
            created_at: now,
            updated_at: now,
            manually_processed: 0,
            manual_certificate_path: null,
            manual_certificate_name: null,
            final_certificate_uploaded: 0,
            certificate_token: `queue-${n}`,
            assignee: n % 7 === 0 ? (options.assignee ?? null) : null,
          })),
        )
        .returning(['id', 'service_id'])
        .execute();
      await trx
        .insertInto('application_records')
        .values(
          rows.map((row, i) => ({
            application_id: row.id,
            record_key: services.find((service) => service.id === row.service_id)?.record ?? '',
            data: JSON.stringify({ description: `Application ${first + i}`, quantity: first + i }),
            updated_at: now,
          })),
        )
        .execute();
    }
  });
}
