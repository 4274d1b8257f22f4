/**
 * What the account routes share (server/routes/accounts*.ts): finding an account by e-mail or phone,
 * the limits on codes, sending a code, setting a password with a confirmation's secret, telling the
 * owners of a taken e-mail, each with the limits of docs/security.md.
 */
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from './account-messages';
import { requestLanguage } from './auth-hook';
import type { AppContext } from './context';
import { nowIso } from './db/database';
import type { Client } from './db/tables';
import { queueAccountExistsNotice, queueCode } from './mail/account-mail';
import { HttpError, ValidationError } from './http';
import { passwordProblem } from './password-policy';
import { newOtp, sha256 } from './security';
import { consumeAll } from './throttle';

const OTP_TTL_MS = 10 * 60 * 1000;
/** A confirmed code allows setting a password for this long, with the secret it answered. */
const PASSWORD_TOKEN_TTL_MS = 15 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

/** The user object of the login answer (without the token). */
export function publicUser(client: Client) {
  return {
    id: client.id,
    uid: client.uid,
    first_name: client.first_name,
    last_name: client.last_name,
    other_name: client.other_name,
    email: client.email,
    phone: client.telephone,
    id_number: client.id_number,
    /** Whether they receive e-mails about their applications (received, returned, decided). */
    decision_emails: client.decision_emails === 1,
  };
}

/** Where a client's messages go: the e-mail, and the phone when the profile keeps one. */
export function contactsOf(client: Client): string[] {
  return client.telephone ? [client.email, client.telephone] : [client.email];
}

/** An e-mail or phone as accounts are looked up by it. */
export function identifier(username: string): string {
  const u = username.trim();
  return u.includes('@') ? u.toLowerCase() : u;
}

/** The account operations of one server, over its database, limits and mail queue. */
export function accountService(ctx: AppContext) {
  const { db, hasher } = ctx;
  const limits = ctx.config.limits;

  async function findByUsername(username: string): Promise<Client | undefined> {
    // A closed account is nobody's any more: it signs nobody in, and its e-mail may be registered again.
    return db
      .selectFrom('clients')
      .selectAll()
      .where((eb) => eb.or([eb('email', '=', identifier(username)), eb('telephone', '=', username.trim())]))
      .where('closed_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Counts a code sent to each key (`to:<e-mail or phone>` as asked, `id:<client>` per account):
   * a resend of the same kind of code waits OTP_RESEND_SECONDS, and OTP_MAX_SENDS_PER_HOUR codes of
   * any kind go out an hour, else 429. (Asking for a reset code right after registering is no resend.)
   */
  async function throttleSends(purpose: 'register' | 'reset', keys: string[]): Promise<void> {
    const buckets = keys.flatMap((key) => [
      ...(limits.otpResendMs > 0
        ? [{ bucket: `otp-send-pause:${purpose}:${key}`, limit: { max: 1, windowMs: limits.otpResendMs } }]
        : []),
      { bucket: `otp-send-hour:${key}`, limit: { max: limits.otpSendsPerHour, windowMs: HOUR_MS } },
    ]);
    await consumeAll(db, buckets);
  }

  /**
   * Creates a code for the client and queues it for the e-mail and the telephone, in one transaction:
   * a code is queued exactly when it can be confirmed. The sender is woken, not waited for. The code
   * is written in the language of `request` (the page it was asked from), when it names one.
   */
  async function sendOtp(client: Client, purpose: 'register' | 'reset', request: FastifyRequest): Promise<void> {
    const language = requestLanguage(ctx, request) ?? undefined;
    const code = newOtp();
    const now = Date.now();
    const expiresAt = new Date(now + OTP_TTL_MS).toISOString();
    await db.transaction().execute(async (trx) => {
      const otp = await trx
        .insertInto('otps')
        .values({
          client_id: client.id,
          purpose,
          code_hash: sha256(code),
          expires_at: expiresAt,
          attempts: 0,
          confirmed_at: null,
          used_at: null,
          created_at: new Date(now).toISOString(),
          password_token_hash: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await queueCode(trx, contactsOf(client), {
        clientId: client.id,
        otpId: otp.id,
        purpose,
        code,
        expiresAt,
        language,
      });
    });
    ctx.wakeMailSender();
  }

  /** Refuses a password the policy does not allow, with the rule's own message (the portal shows it). */
  function assertPasswordAllowed(password: string): void {
    const problem = passwordProblem(password);
    if (problem) throw new ValidationError([{ field: 'password', message: problem }], problem);
  }

  /**
   * Sets a password for the holder of a confirmation's secret: the confirmation must be the
   * client's, unused and at most 15 minutes old. Using it and setting the password happen in one
   * transaction, so two concurrent calls with one secret set one password. Every session ends.
   */
  async function setPassword(username: string, password: string, passwordToken: string | undefined): Promise<void> {
    assertPasswordAllowed(password);
    if (!passwordToken) throw new HttpError(403, ACCOUNT_MESSAGES.confirmFirst);
    const client = await findByUsername(username);
    const otp = client
      ? await db
          .selectFrom('otps')
          .select(['id', 'confirmed_at', 'used_at'])
          .where('client_id', '=', client.id)
          .where('password_token_hash', '=', sha256(passwordToken))
          .executeTakeFirst()
      : undefined;
    if (!client || !otp?.confirmed_at || otp.used_at) throw new HttpError(403, ACCOUNT_MESSAGES.badConfirmation);
    if (Date.parse(otp.confirmed_at) + PASSWORD_TOKEN_TTL_MS < Date.now())
      throw new HttpError(403, ACCOUNT_MESSAGES.expiredConfirmation);
    const hash = await hasher.hash(password);
    await db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('otps')
        .set({ used_at: nowIso() })
        .where('id', '=', otp.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (used.numUpdatedRows !== 1n) throw new HttpError(403, ACCOUNT_MESSAGES.badConfirmation);
      await trx.updateTable('clients').set({ password_hash: hash, confirmed: 1 }).where('id', '=', client.id).execute();
      // A new password ends every session opened with the old one.
      await trx
        .updateTable('tokens')
        .set({ revoked_at: nowIso() })
        .where('client_id', '=', client.id)
        .where('revoked_at', 'is', null)
        .execute();
    });
  }

  /** Queues the notice to the owners of an e-mail or phone that someone tried to register it again. */
  async function notifyOwners(owners: Client[]): Promise<void> {
    if (owners.length === 0) return;
    await db.transaction().execute(async (trx) => {
      for (const owner of owners) await queueAccountExistsNotice(trx, owner.id, contactsOf(owner));
    });
    ctx.wakeMailSender();
  }

  /**
   * A code guessed wrong too often is dead: 429 with `Retry-After`, the seconds until a new code may be
   * sent (the resend pause since this one), as every limit answers.
   */
  const codeBlocked = (sentAt: string): HttpError => {
    const error = new HttpError(429, ACCOUNT_MESSAGES.codeBlocked);
    const wait = Math.max(0, Math.ceil((Date.parse(sentAt) + limits.otpResendMs - Date.now()) / 1000));
    error.headers['Retry-After'] = String(wait);
    return error;
  };

  return { findByUsername, throttleSends, sendOtp, setPassword, notifyOwners, codeBlocked };
}

/** The account operations `accountService` makes. */
export type AccountService = ReturnType<typeof accountService>;
