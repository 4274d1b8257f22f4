/**
 * The queue of e-mails to applicants (`mail_queue`): a message is queued inside the transaction of
 * the move it tells of (or of the one-time code it carries: account-mail.ts), so it exists exactly
 * when that committed, and is sent later by the sender (mail-sender.ts), never by the request.
 */
import { sql, type Kysely } from 'kysely';
import { moveEmail, transitionAt, type ServiceDefinition, type StatusEmail } from '../../engine/core';
import { nowIso } from '../db/database';
import type { Database } from '../db/tables';

/**
 * What a status e-mail is written from when it is sent: the status reached, the comment of the move
 * and, for a move that took a row of the transition table, that row (its name and the status it was
 * taken at), whose own e-mail goes before the status's.
 */
export interface StatusEmailParams {
  status: number;
  comment: string | null;
  transition?: string;
  from?: number;
}

/**
 * The e-mail a queued move sends in `definition` (engine/core `moveEmail`): its row's, else its
 * status's; undefined when it sends none. The row is the one the executor takes for that name at that
 * status: the first of the table.
 */
export function emailOfMove(
  definition: ServiceDefinition | undefined,
  params: StatusEmailParams,
): StatusEmail | undefined {
  const row =
    params.transition !== undefined && params.from !== undefined
      ? transitionAt(definition, params.transition, params.from)
      : undefined;
  return moveEmail(definition, params.status, row);
}

/** The kind of a message queued for a status move. */
export const STATUS_EMAIL_KIND = 'status';

/**
 * The order due messages are sent in, lowest first (then oldest first): someone is waiting on the
 * page for a code or a notice, while an e-mail about an application can come a little later.
 */
export const MAIL_PRIORITY = { account: 0, application: 1 } as const;

/**
 * Queues the e-mail a move of an application sends (see `emailOfMove`), in the caller's transaction,
 * unless the move sends none or the applicant turned these e-mails off. Without the definition (a
 * status written by hand, in seeding and tests) it is queued, and the sender judges it by the
 * application's own definition.
 */
export async function queueStatusEmail(
  trx: Kysely<Database>,
  applicationId: number,
  params: StatusEmailParams,
  definition: ServiceDefinition | undefined,
): Promise<void> {
  if (definition && !emailOfMove(definition, params)) return;
  const now = nowIso();
  await trx
    .insertInto('mail_queue')
    .columns(['client_id', 'application_id', 'kind', 'params', 'priority', 'created_at', 'next_attempt_at'])
    .expression((eb) =>
      eb
        .selectFrom('applications')
        .innerJoin('clients', 'clients.id', 'applications.client_id')
        .select([
          'clients.id',
          'applications.id',
          sql.lit(STATUS_EMAIL_KIND).as('kind'),
          sql.val(JSON.stringify(params)).as('params'),
          sql.lit(MAIL_PRIORITY.application).as('priority'),
          sql.val(now).as('created_at'),
          sql.val(now).as('next_attempt_at'),
        ])
        .where('applications.id', '=', applicationId)
        .where('clients.decision_emails', '=', 1),
    )
    .execute();
}

/** The messages waiting to be sent, and how long the oldest has waited: what the metrics show. */
export async function pendingMail(db: Kysely<Database>): Promise<{ pending: number; oldestSeconds: number }> {
  const row = await db
    .selectFrom('mail_queue')
    .select((eb) => [eb.fn.countAll<number | string>().as('pending'), eb.fn.min('created_at').as('oldest')])
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  const oldest = row?.oldest ? Date.parse(String(row.oldest)) : NaN;
  return {
    pending: Number(row?.pending ?? 0),
    oldestSeconds: Number.isFinite(oldest) ? Math.max(0, (Date.now() - oldest) / 1000) : 0,
  };
}
