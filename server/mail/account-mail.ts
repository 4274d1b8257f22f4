/**
 * One-time codes and account notices as queued e-mails. The request that makes a code queues one
 * message per contact of the account in the transaction that stores the code's hash, and wakes the
 * sender (mail-sender.ts): it answers after its database work only, the same whether or not the
 * account exists and whatever the mail server does. The sender writes each message in the account's
 * language, sends codes and notices before the e-mails about applications, and erases the plain code
 * from the row once it is sent or given up.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../db/database';
import type { Database } from '../db/tables';
import {
  ACCOUNT_CLOSED_EMAIL,
  ACCOUNT_EXISTS_EMAIL,
  CODE_EMAILS,
  writeAccountEmail,
  type CodePurpose,
} from './account-mail-texts';
import { MAIL_PRIORITY } from './mail-queue';
import type { OutgoingEmail } from './mail-sender';

/** The kind of a queued one-time code. */
export const CODE_EMAIL_KIND = 'code';
/** The kind of a queued notice to an account's owner (someone tried to register it again). */
export const NOTICE_EMAIL_KIND = 'notice';

/** What a queued code is written from. */
export interface CodeParams {
  /** The e-mail address or phone number it goes to. */
  recipient: string;
  purpose: CodePurpose;
  /** The plain code: in the row only until it is sent or given up. */
  code?: string;
  /** When the code stops being accepted (its `otps` row's expiry): not sent after that. */
  expires_at: string;
  /** Its `otps` row: once the account has a newer code, this one can no longer be confirmed. */
  otp_id: number;
  /**
   * The language of the request that asked for it (`en`, `ru`...): the code is read on the page it was
   * asked from, whatever language the account keeps. Absent: the request named none.
   */
  language?: string;
}

/** What a queued notice is written from. */
export interface NoticeParams {
  recipient: string;
  /** Someone tried to register the account again, or its owner closed it. */
  purpose: 'account-exists' | 'account-closed';
  /**
   * The language to write it in: a closed account's own is erased with the account, so its closure
   * notice carries it. Absent: the account's language.
   */
  language?: string;
}

/** A new code of an account as `queueCode` takes it. */
export interface NewCode {
  clientId: number;
  otpId: number;
  purpose: CodePurpose;
  code: string;
  expiresAt: string;
  /** The language of the request that asked for it; undefined when it named none. */
  language?: string;
}

async function queue(
  trx: Kysely<Database>,
  clientId: number,
  kind: string,
  messages: readonly (CodeParams | NoticeParams)[],
): Promise<void> {
  if (messages.length === 0) return;
  const now = nowIso();
  await trx
    .insertInto('mail_queue')
    .values(
      messages.map((params) => ({
        client_id: clientId,
        application_id: null,
        kind,
        params: JSON.stringify(params),
        priority: MAIL_PRIORITY.account,
        created_at: now,
        next_attempt_at: now,
      })),
    )
    .execute();
}

/** Queues a code for each of `recipients` (one message each), in the caller's transaction. */
export async function queueCode(trx: Kysely<Database>, recipients: readonly string[], code: NewCode): Promise<void> {
  await queue(
    trx,
    code.clientId,
    CODE_EMAIL_KIND,
    recipients.map((recipient): CodeParams => ({
      recipient,
      purpose: code.purpose,
      code: code.code,
      expires_at: code.expiresAt,
      otp_id: code.otpId,
      ...(code.language ? { language: code.language } : {}),
    })),
  );
}

/** Queues the `account-exists` notice of one account for each of `recipients`, in the caller's transaction. */
export async function queueAccountExistsNotice(
  trx: Kysely<Database>,
  clientId: number,
  recipients: readonly string[],
): Promise<void> {
  await queue(
    trx,
    clientId,
    NOTICE_EMAIL_KIND,
    recipients.map((recipient): NoticeParams => ({ recipient, purpose: 'account-exists' })),
  );
}

/** Queues the confirmation that an account was closed, in `language`, in the caller's transaction. */
export async function queueAccountClosedNotice(
  trx: Kysely<Database>,
  clientId: number,
  recipient: string,
  language: string | null,
): Promise<void> {
  await queue(trx, clientId, NOTICE_EMAIL_KIND, [
    { recipient, purpose: 'account-closed', ...(language ? { language } : {}) },
  ]);
}

/**
 * The language a queued account e-mail asks to be written in: a code's, the language of the request
 * that asked for it (when it named one); a closure notice's, the language the account had. The notice
 * that someone tried to register goes to an account's owner, who did not ask, so it asks for none and
 * is written in the account's language.
 */
export function requestedLanguage(kind: string, params: string): string | undefined {
  if (kind !== CODE_EMAIL_KIND && kind !== NOTICE_EMAIL_KIND) return undefined;
  const { language } = JSON.parse(params) as Partial<CodeParams | NoticeParams>;
  return typeof language === 'string' && language !== '' ? language : undefined;
}

/** A queued message's params without its plain code: what the row keeps once the code is sent or given up. */
export function withoutCode(params: string): string {
  const parsed = JSON.parse(params) as Partial<CodeParams>;
  if (parsed.code === undefined) return params;
  delete parsed.code;
  return JSON.stringify(parsed);
}

/** A queued code or notice as the sender reads it, with its account's name and newest code. */
export interface QueuedAccountMail {
  kind: string;
  params: string;
  created_at: string;
  first_name: string;
  /** The id of the account's newest `otps` row (null: none). */
  newest_otp_id: number | null;
}

/**
 * The e-mail a queued code or notice is, in `language` (undefined: English), or why it is not sent:
 * a code past its expiry, or replaced by a newer code of the account (confirming takes the newest
 * only), would only mislead. A notice links to the portal's sign-in page under `publicUrl`.
 */
export function writeAccountMail(
  message: QueuedAccountMail,
  language: string | undefined,
  translate: (english: string) => string,
  publicUrl: string,
  now = Date.now(),
): OutgoingEmail | string {
  const base = { language: language ?? 'en' };
  if (message.kind === NOTICE_EMAIL_KIND) {
    const params = JSON.parse(message.params) as NoticeParams;
    const written =
      params.purpose === 'account-closed'
        ? writeAccountEmail(ACCOUNT_CLOSED_EMAIL, { name: message.first_name }, translate)
        : writeAccountEmail(ACCOUNT_EXISTS_EMAIL, { name: message.first_name }, translate, `${publicUrl}/login`);
    return { ...written, ...base, to: params.recipient };
  }
  const params = JSON.parse(message.params) as CodeParams;
  if (params.code === undefined) return 'the code was erased';
  const expires = Date.parse(params.expires_at);
  if (expires <= now) return 'the code expired';
  if (message.newest_otp_id !== null && message.newest_otp_id > params.otp_id) return 'a newer code replaced it';
  const minutes = String(Math.round((expires - Date.parse(message.created_at)) / 60_000));
  const written = writeAccountEmail(
    CODE_EMAILS[params.purpose],
    { name: message.first_name, code: params.code, minutes },
    translate,
  );
  return { ...written, ...base, to: params.recipient, code: params.code };
}
