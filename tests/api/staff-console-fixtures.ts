/**
 * Arrangements of the staff console's tests: staff accounts with roles (rows of `staff_roles`, as the
 * staff command's grants write them) and submitted applications inserted directly, with the record
 * their form saved, so a test sets up many applications fast.
 */
import { nowIso } from '../../server/db/database';
import { newCertificateToken } from '../../server/security';
import { createStaff } from '../../server/staff-accounts';
import { call, type TestServer } from './helpers';

/** A staff account `name` with `grants` ([service key or `*`, role]); answers its key. */
export async function staffWith(server: TestServer, name: string, grants: Array<[string, string]>): Promise<string> {
  const { id, key } = await createStaff(server.database.db, name);
  for (const [service, role] of grants)
    await server.database.db
      .insertInto('staff_roles')
      .values({ staff_id: id, service, role, granted_by: 'test', granted_at: nowIso() })
      .execute();
  return key;
}

let inserted = 0;

/** A stored application of `clientId` (its record under `record` when given); answers its id and number. */
export async function insertApplication(
  server: TestServer,
  to: {
    clientId: number;
    serviceId: number;
    statusId: number;
    submittedAt?: string | null;
    assignee?: string | null;
    record?: { key: string; data: Record<string, unknown> };
  },
): Promise<{ id: number; app_id: string }> {
  inserted += 1;
  const db = server.database.db;
  const now = nowIso();
  const appId = `EP-TEST-${process.pid}-${String(inserted).padStart(5, '0')}`;
  const row = await db
    .insertInto('applications')
    .values({
      app_id: appId,
      client_id: to.clientId,
      service_id: to.serviceId,
      status_id: to.statusId,
      resubmitted: 0,
      submitted_at: to.statusId === 1 ? null : (to.submittedAt ?? now),
      created_at: now,
      updated_at: now,
      manually_processed: 0,
      manual_certificate_path: null,
      manual_certificate_name: null,
      final_certificate_uploaded: 0,
      certificate_token: newCertificateToken(),
      assignee: to.assignee ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (to.record)
    await db
      .insertInto('application_records')
      .values({
        application_id: row.id,
        record_key: to.record.key,
        data: JSON.stringify(to.record.data),
        updated_at: now,
      })
      .execute();
  return { id: row.id, app_id: appId };
}

/** A staff GET of `url` (under /api) with `key`. */
export function staffGet<T = unknown>(server: TestServer, url: string, key: string) {
  return call<T>(server.app, 'GET', url, { token: key });
}

/** A staff POST of `body` to `url` (under /api) with `key`. */
export function staffPost<T = unknown>(server: TestServer, url: string, key: string, body: unknown) {
  return call<T>(server.app, 'POST', url, { token: key, body });
}
