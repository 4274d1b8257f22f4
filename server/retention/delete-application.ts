/**
 * Deleting an application for good: every row that is its (records, facts, files, notes, queued
 * e-mails and webhook events, its trail) and the application itself, in the caller's transaction,
 * with its tombstone in the trail's register. A discarded or expired draft (drafts.ts) and a decided
 * application past its retention (retention-job.ts) both go through here, so no table of an
 * application is forgotten by one of them.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { appendRegister } from '../trail/append';

/**
 * The tables holding an application's rows, deleted before the application (the trail last: its
 * rows say what the others were).
 */
const APPLICATION_ROWS = [
  'mail_queue',
  'webhook_outbox',
  'application_notes',
  'application_facts',
  'application_records',
  'attachments',
  'flow_histories',
] as const;

/** The application as its tombstone records it: ids, service and dates, no personal data. */
export interface DeletedApplication {
  id: number;
  app_id: string;
  service_id: number;
  created_at: string;
  manual_certificate_path?: string | null;
}

/**
 * Deletes `application`'s rows and the application in the caller's transaction, which holds its lock
 * and has judged it deletable, and appends its tombstone to the register (`decidedAt`: when it was
 * decided, for the retention job's).
 * @returns the keys of its stored files (attachments, a manual certificate), for the caller to remove
 * from the store after the commit.
 */
export async function deleteApplicationRows(
  trx: Transaction<Database>,
  application: DeletedApplication,
  decidedAt?: string,
): Promise<string[]> {
  const applicationId = application.id;
  const attachments = await trx
    .selectFrom('attachments')
    .select('path')
    .where('application_id', '=', applicationId)
    .execute();
  await appendRegister(
    trx,
    'deleted',
    {
      id: application.id,
      app_id: application.app_id,
      service_id: application.service_id,
      created_at: application.created_at,
    },
    decidedAt,
  );
  for (const table of APPLICATION_ROWS)
    await trx.deleteFrom(table).where('application_id', '=', applicationId).execute();
  await trx.deleteFrom('applications').where('id', '=', applicationId).execute();
  return [
    ...attachments.map((row) => row.path),
    ...(application.manual_certificate_path ? [application.manual_certificate_path] : []),
  ];
}
