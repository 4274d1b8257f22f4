/**
 * Accounts: registration with a one-time code, password creation and reset, login, logout and
 * profile (spec 01 sections 2, 5 and 7), with the limits of docs/security.md:
 *
 * - confirming a code answers a single-use `password_token` (15 minutes); only its holder can then
 *   set the password, so knowing someone's e-mail is not enough to take the account;
 * - sign-in failures are counted per account and per address, in the database and before the
 *   password is hashed, so a flood costs no hashing and concurrent guesses cannot exceed the limit;
 * - code guesses are limited per code and per account and hour, code sending per account and per
 *   e-mail or phone asked for;
 * - registration answers the same whether or not the e-mail or phone is taken (the owner is told);
 * - codes and notices are queued e-mails (server/mail/account-mail.ts): registration and reset do
 *   database work only, so they answer at once whether or not the account exists, whatever the mail
 *   server does, and a code is delivered (and retried) by the e-mail sender.
 */
import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { databaseRateLimitStore } from '../rate-limit-store';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { assertSelf, requestLanguage } from '../auth-hook';
import type { AppContext } from '../context';
import { isUniqueViolation, nowIso } from '../db/database';
import type { Client } from '../db/tables';
import { queueAccountExistsNotice, queueCode } from '../mail/account-mail';
import { email as emailOf, phone, REQUIRED, requiredText as requiredTextOf } from '../field-rules';
import { HttpError, idParam, ok, parseBody, ValidationError } from '../http';
import { passwordProblem, PASSWORD_MAX_LENGTH } from '../password-policy';
import { newOtp, newToken, sameDigest, sha256 } from '../security';
import { answers, type Schema } from '../contract/answers';
import {
  CODE_CONFIRMED,
  DONE,
  LANGUAGE_SET,
  LOGIN_ANSWER,
  PUBLIC_USER,
  REGISTERED,
  RESET_STEP,
} from '../contract/accounts';
import { consume, consumeAll, release, reset, TooManyAttempts, type Limit } from '../throttle';

const OTP_TTL_MS = 10 * 60 * 1000;
/** A confirmed code allows setting a password for this long, with the secret it answered. */
const PASSWORD_TOKEN_TTL_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export const ACCOUNT_MESSAGES = {
  invalidLogin: 'Invalid username or password',
  confirmFirst: 'Confirm the code sent to you first.',
  badConfirmation: 'This confirmation is not valid or was already used. Please request a new code.',
  expiredConfirmation: 'This confirmation has expired. Please request a new code.',
  invalidCode: 'Invalid code',
  expiredCode: 'The code has expired, request a new one',
  codeBlocked: 'Too many attempts, request a new code',
  taken: 'An account with this email or phone already exists',
  unknownLanguage: 'Choose one of the portal’s languages.',
} as const;

const requiredText = () => requiredTextOf(200);
const optionalText = () =>
  z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => (v ? v : null));
// Accounts are found by email whatever its case.
const email = () => emailOf().transform((value) => value.toLowerCase());

const registerBody = z.object({
  first_name: requiredText(),
  last_name: requiredText(),
  other_name: optionalText(),
  telephone: phone(),
  email: email(),
});
const usernameBody = z.object({ username: requiredText() });
const otpBody = z.object({
  username: requiredText(),
  otp: z
    .string({ error: REQUIRED })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6 digit code.'),
});
const passwordBody = z.object({
  username: requiredText(),
  // The rules (length, common passwords) are checked by passwordProblem, with the step's own messages.
  password: z.string({ error: REQUIRED }).max(PASSWORD_MAX_LENGTH * 4),
  password_token: z.string().max(200).optional(),
});
const loginBody = z.object({
  username: requiredText(),
  password: z
    .string({ error: REQUIRED })
    .min(1, REQUIRED)
    .max(PASSWORD_MAX_LENGTH * 4),
});
const languageBody = z.object({ language: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(20) });
const profileBody = z.object({
  first_name: requiredText(),
  last_name: requiredText(),
  other_name: optionalText(),
  email: email(),
  // Left out: kept as it is; blank or null: cleared (the profile's phone is optional); else 10 digits.
  phone: z
    .union([z.literal(''), z.null(), phone()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  id_number: optionalText(),
  // Left out: kept as it is. Codes are e-mailed whatever it says.
  decision_emails: z.boolean({ error: 'must be true or false' }).optional(),
});

/** The user object of the login answer (without the token). */
function publicUser(client: Client) {
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
function contactsOf(client: Client): string[] {
  return client.telephone ? [client.email, client.telephone] : [client.email];
}

/** An e-mail or phone as accounts are looked up by it. */
function identifier(username: string): string {
  const u = username.trim();
  return u.includes('@') ? u.toLowerCase() : u;
}

export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, hasher } = ctx;
  const limits = ctx.config.limits;
  const lockLimit = (max: number): Limit => ({ max, windowMs: limits.lockMs });

  // A coarse per-address cap on the public account calls, before any database or hashing work.
  await app.register(rateLimit, {
    global: false,
    // Counted in the database: every instance behind a load balancer shares the count.
    store: databaseRateLimitStore(db),
    errorResponseBuilder: (_request, context) => new TooManyAttempts(context.ttl),
  });
  const publicRoute: RouteShorthandOptions = {
    config: {
      public: true,
      ...(limits.accountRequestsPerMinute > 0
        ? { rateLimit: { max: limits.accountRequestsPerMinute, timeWindow: 60_000 } }
        : {}),
    },
  };
  /** A public account call answering `data` with `status`. */
  const publicAnswering = (data: Schema, status = 200): RouteShorthandOptions => ({
    ...publicRoute,
    schema: { response: answers({ [status]: data }) },
  });
  const answering = (data: Schema): RouteShorthandOptions => ({ schema: { response: answers({ 200: data }) } });

  async function findByUsername(username: string): Promise<Client | undefined> {
    return db
      .selectFrom('clients')
      .selectAll()
      .where((eb) => eb.or([eb('email', '=', identifier(username)), eb('telephone', '=', username.trim())]))
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

  app.post('/clients', publicAnswering(REGISTERED, 201), async (request, reply) => {
    const body = parseBody(registerBody, request.body);
    await throttleSends('register', [`to:${body.email}`, `to:${body.telephone}`]);
    // Whatever happens below, the caller gets this answer: nobody learns who is registered.
    const answer = () => ok(reply, { email: body.email, telephone: body.telephone }, 201);
    const holders = () =>
      db
        .selectFrom('clients')
        .selectAll()
        .where((eb) => eb.or([eb('email', '=', body.email), eb('telephone', '=', body.telephone)]))
        .execute();

    let existing = await holders();
    if (existing.length === 0) {
      try {
        const created = await db
          .insertInto('clients')
          .values({
            uid: randomUUID(),
            first_name: body.first_name,
            last_name: body.last_name,
            other_name: body.other_name,
            email: body.email,
            telephone: body.telephone,
            id_number: null,
            password_hash: null,
            confirmed: 0,
            created_at: nowIso(),
            language: requestLanguage(ctx, request),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        // The first code counts towards the account's codes of the hour, like every later one.
        await throttleSends('register', [`id:${created.id}`]);
        await sendOtp(created, 'register', request);
        return answer();
      } catch (error) {
        // A concurrent registration took the e-mail or phone first: continue as for a taken one.
        if (!isUniqueViolation(error)) throw error;
        existing = await holders();
      }
    }

    const pending = existing.length === 1 && existing[0]?.password_hash === null ? existing[0] : undefined;
    if (pending) {
      // Never confirmed: the registration starts again with these details and a new code.
      await throttleSends('register', [`id:${pending.id}`]);
      let updated: Client | undefined;
      try {
        updated = await db
          .updateTable('clients')
          .set({
            first_name: body.first_name,
            last_name: body.last_name,
            other_name: body.other_name,
            email: body.email,
            telephone: body.telephone,
          })
          .where('id', '=', pending.id)
          .where('password_hash', 'is', null)
          .returningAll()
          .executeTakeFirst();
      } catch (error) {
        // A concurrent registration took the new e-mail or phone first: the same answer as for a
        // taken one (a conflict here would tell that someone holds it), and no code.
        if (!isUniqueViolation(error)) throw error;
      }
      if (updated) await sendOtp(updated, 'register', request);
    } else {
      await notifyOwners(existing.filter((client) => client.password_hash !== null));
    }
    return answer();
  });

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

  app.post('/client/confirm-otp', publicAnswering(CODE_CONFIRMED), async (request, reply) => {
    const body = parseBody(otpBody, request.body);
    const client = await findByUsername(body.username);
    // An unknown name is counted like an account, so the hourly limit does not tell who is registered.
    const hourly = client ? `otp-guess:${client.id}` : `otp-guess-name:${identifier(body.username)}`;
    const guess = await consume(db, hourly, { max: limits.otpGuessesPerHour, windowMs: HOUR_MS });
    if (!guess.allowed) throw new TooManyAttempts(guess.retryAfterMs);
    // The same answer as a wrong code: the call does not tell which names have an account.
    if (!client) throw new HttpError(400, ACCOUNT_MESSAGES.invalidCode);
    const otp = await db
      .selectFrom('otps')
      .selectAll()
      .where('client_id', '=', client.id)
      .where('confirmed_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!otp) throw new HttpError(400, ACCOUNT_MESSAGES.invalidCode);
    if (otp.expires_at < nowIso()) throw new HttpError(400, ACCOUNT_MESSAGES.expiredCode);
    // The attempt is counted before the comparison, in one conditional update: concurrent guesses
    // cannot together try more than the limit.
    const attempt = await db
      .updateTable('otps')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', otp.id)
      .where('attempts', '<', limits.otpGuessesPerCode)
      .returning('attempts')
      .executeTakeFirst();
    if (!attempt) throw codeBlocked(otp.created_at);
    if (!sameDigest(otp.code_hash, sha256(body.otp))) {
      throw new HttpError(
        400,
        attempt.attempts >= limits.otpGuessesPerCode ? ACCOUNT_MESSAGES.codeBlocked : ACCOUNT_MESSAGES.invalidCode,
      );
    }
    const passwordToken = newToken();
    const confirmed = await db
      .updateTable('otps')
      .set({ confirmed_at: nowIso(), password_token_hash: sha256(passwordToken) })
      .where('id', '=', otp.id)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    if (confirmed.numUpdatedRows !== 1n) throw new HttpError(400, ACCOUNT_MESSAGES.invalidCode);
    // A right code is not a wrong guess.
    await release(db, hourly);
    return ok(reply, { confirmed: true, password_token: passwordToken });
  });

  app.post('/client/password', publicAnswering(DONE), async (request, reply) => {
    const body = parseBody(passwordBody, request.body);
    await setPassword(body.username, body.password, body.password_token);
    return ok(reply, { done: true });
  });

  app.post<{ Body: { password?: unknown } | undefined }>(
    '/clients/reset-password',
    publicAnswering(RESET_STEP),
    async (request, reply) => {
      const raw = request.body ?? {};
      if (raw.password !== undefined) {
        const body = parseBody(passwordBody, request.body);
        await setPassword(body.username, body.password, body.password_token);
        return ok(reply, { done: true });
      }
      const body = parseBody(usernameBody, request.body);
      // Counted by what was asked for, known or not, so the limit does not tell who is registered.
      await throttleSends('reset', [`to:${identifier(body.username)}`]);
      const client = await findByUsername(body.username);
      if (client) {
        await throttleSends('reset', [`id:${client.id}`]);
        await sendOtp(client, 'reset', request);
      }
      return ok(reply, { sent: true });
    },
  );

  app.post('/clients/login', publicAnswering(LOGIN_ANSWER), async (request: FastifyRequest, reply) => {
    const body = parseBody(loginBody, request.body);
    // Both counters are taken before the password is hashed: a refused attempt costs no hashing,
    // and concurrent attempts cannot verify more passwords than the limits allow.
    const addressBucket = `login-address:${request.ip}`;
    const byAddress = await consume(db, addressBucket, lockLimit(limits.loginFailuresPerAddress));
    if (!byAddress.allowed) throw new TooManyAttempts(byAddress.retryAfterMs);
    const client = await findByUsername(body.username);
    // An unknown name is counted like an account, so the lock does not tell who is registered.
    const accountBucket = client ? `login-account:${client.id}` : `login-name:${identifier(body.username)}`;
    const byAccount = await consume(db, accountBucket, lockLimit(limits.loginFailuresPerAccount));
    if (!byAccount.allowed) throw new TooManyAttempts(byAccount.retryAfterMs);

    const valid = await hasher.verify(body.password, client?.password_hash ?? null);
    if (!client || !valid) throw new HttpError(401, ACCOUNT_MESSAGES.invalidLogin);
    // A success clears the account's failures and takes back only its own count from the address:
    // failures made there against other accounts stay counted.
    await reset(db, accountBucket);
    await release(db, addressBucket);
    const token = newToken();
    const now = nowIso();
    await db
      .insertInto('tokens')
      .values({ token_hash: sha256(token), client_id: client.id, created_at: now, revoked_at: null, last_used_at: now })
      .execute();
    return ok(reply, { ...publicUser(client), token });
  });

  app.post('/clients/logout', answering(DONE), async (request, reply) => {
    await db.updateTable('tokens').set({ revoked_at: nowIso() }).where('token_hash', '=', request.tokenHash).execute();
    return ok(reply, { done: true });
  });

  /**
   * The language of the client's e-mails (codes, notices, e-mails about applications), chosen in the
   * portal's language menu: only this changes it after registration, never a request's Accept-Language.
   */
  app.put<{ Params: { id: string } }>('/client/:id/language', answering(LANGUAGE_SET), async (request, reply) => {
    const id = idParam(request.params.id);
    assertSelf(request, id);
    const { language } = parseBody(languageBody, request.body);
    if (language !== 'en' && !ctx.messages.languages.has(language))
      throw new ValidationError([{ field: 'language', message: ACCOUNT_MESSAGES.unknownLanguage }]);
    await db.updateTable('clients').set({ language }).where('id', '=', id).execute();
    return ok(reply, { language });
  });

  app.put<{ Params: { id: string } }>('/client/:id', answering(PUBLIC_USER), async (request, reply) => {
    const id = idParam(request.params.id);
    assertSelf(request, id);
    const body = parseBody(profileBody, request.body);
    const clash = await db
      .selectFrom('clients')
      .select('id')
      .where('id', '<>', id)
      .where((eb) => {
        const conditions = [eb('email', '=', body.email)];
        if (body.phone) conditions.push(eb('telephone', '=', body.phone));
        return eb.or(conditions);
      })
      .executeTakeFirst();
    if (clash) throw new HttpError(409, ACCOUNT_MESSAGES.taken);
    try {
      const updated = await db
        .updateTable('clients')
        .set({
          first_name: body.first_name,
          last_name: body.last_name,
          other_name: body.other_name,
          email: body.email,
          ...(body.phone === undefined ? {} : { telephone: body.phone }),
          id_number: body.id_number,
          ...(body.decision_emails === undefined ? {} : { decision_emails: body.decision_emails ? 1 : 0 }),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return ok(reply, publicUser(updated));
    } catch (error) {
      // Another client claimed the e-mail or phone between the check and the update.
      if (isUniqueViolation(error)) throw new HttpError(409, ACCOUNT_MESSAGES.taken);
      throw error;
    }
  });
}
