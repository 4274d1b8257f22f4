/**
 * Closing an account at its owner's request (`POST client/{id}/close`; docs/security.md#closing-an-account).
 *
 * In one transaction: the drafts go with their rows, the sessions, codes and password go (the person is
 * signed out everywhere and cannot sign in), the phone, ID number and language are cleared, e-mails about
 * applications stop, codes not yet sent are not sent, and `closed_at` is set; the confirmation e-mail is
 * queued in the language the account had. The drafts' files leave the store after the commit (a failure
 * there leaves files no record names, which the start's sweep removes).
 *
 * What stays is the authority's: the submitted applications with their answers, files and history,
 * the companies and recycled-plastic reports filed with it, and the name and e-mail address they were
 * submitted under. A retention job deletes them when each application's retention class allows.
 */
import { STATUS } from '../../engine/core';
import { lockApplication } from '../applications-store';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { Client } from '../db/tables';
import { deleteApplicationRows } from '../retention/delete-application';
import { queueAccountClosedNotice, withoutCode, CODE_EMAIL_KIND } from '../mail/account-mail';

/** The sender's note on a code closing kept from being sent (the mail log's words, not a message to anyone). */
const UNSENT_CODE_NOTE = 'not sent: the account was closed';

/** What closing removed, for the log and the tests. */
export interface ClosedAccount {
  drafts: number;
  files: number;
}

/**
 * Closes `client`'s account (already judged: the password and the confirmation were right).
 * @returns null when the account was closed meanwhile (another request), else what went.
 */
export async function closeAccount(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'files' | 'wakeMailSender'>,
  client: Client,
): Promise<ClosedAccount | null> {
  const now = nowIso();
  const result = await ctx.db.transaction().execute(async (trx) => {
    // Closing once: a second request at the same moment finds it closed and changes nothing.
    const closing = await trx
      .updateTable('clients')
      .set({
        closed_at: now,
        password_hash: null,
        telephone: null,
        id_number: null,
        language: null,
        decision_emails: 0,
      })
      .where('id', '=', client.id)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (closing.numUpdatedRows !== 1n) return null;
    const drafts = await trx
      .selectFrom('applications')
      .select('id')
      .where('client_id', '=', client.id)
      .where('status_id', '=', STATUS.draft)
      .execute();
    const paths: string[] = [];
    for (const { id } of drafts) {
      // Under the application's lock, as every change of a draft: a submission in flight either
      // committed first (and the application is kept) or finds the draft gone.
      const locked = await lockApplication(trx, ctx.dialect, id);
      if (locked?.status_id === STATUS.draft) paths.push(...(await deleteApplicationRows(trx, locked)));
    }
    await trx.deleteFrom('tokens').where('client_id', '=', client.id).execute();
    // A code on its way would open nothing any more: it is not sent, and its plain code is erased.
    const codes = await trx
      .selectFrom('mail_queue')
      .select(['id', 'params'])
      .where('client_id', '=', client.id)
      .where('kind', '=', CODE_EMAIL_KIND)
      .where('sent_at', 'is', null)
      .execute();
    for (const code of codes)
      await trx
        .updateTable('mail_queue')
        .set({ sent_at: now, last_error: UNSENT_CODE_NOTE, params: withoutCode(code.params) })
        .where('id', '=', code.id)
        .execute();
    await trx.deleteFrom('otps').where('client_id', '=', client.id).execute();
    await queueAccountClosedNotice(trx, client.id, client.email, client.language);
    return { drafts: drafts.length, paths };
  });
  if (!result) return null;
  for (const path of result.paths) await ctx.files.remove(path).catch(() => undefined);
  ctx.wakeMailSender();
  return { drafts: result.drafts, files: result.paths.length };
}
