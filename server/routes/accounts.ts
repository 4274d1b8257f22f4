/**
 * Accounts: registration with a one-time code, password creation and reset, login, logout and
 * profile (spec 01 sections 2, 5 and 7).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assertSelf } from '../auth-hook';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { Client } from '../db/tables';
import { email as emailOf, phone, REQUIRED, requiredText as requiredTextOf } from '../field-rules';
import { HttpError, idParam, ok, parseBody } from '../http';
import { hashPassword, newOtp, newToken, sameDigest, sha256, verifyPassword } from '../security';

const OTP_TTL_MS = 10 * 60 * 1000;
const OTP_MAX_ATTEMPTS = 5;
/** A confirmed code allows setting a password for this long. */
const CONFIRMED_WINDOW_MS = 15 * 60 * 1000;

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
  password: z.string({ error: REQUIRED }).min(6, 'The password must have at least 6 characters.').max(200),
});
const loginBody = z.object({ username: requiredText(), password: z.string({ error: REQUIRED }).min(1, REQUIRED) });
const profileBody = z.object({
  first_name: requiredText(),
  last_name: requiredText(),
  other_name: optionalText(),
  email: email(),
  phone: z
    .union([z.literal(''), z.null(), phone()])
    .optional()
    .transform((v) => (v ? v : undefined)),
  id_number: optionalText(),
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
  };
}

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  async function findByUsername(username: string): Promise<Client | undefined> {
    const u = username.trim();
    return db
      .selectFrom('clients')
      .selectAll()
      .where((eb) => eb.or([eb('email', '=', u.toLowerCase()), eb('telephone', '=', u)]))
      .executeTakeFirst();
  }

  /** Creates a code for the client and sends it to the email and the telephone. */
  async function sendOtp(client: Client, purpose: 'register' | 'reset'): Promise<void> {
    const code = newOtp();
    const now = Date.now();
    await db
      .insertInto('otps')
      .values({
        client_id: client.id,
        purpose,
        code_hash: sha256(code),
        expires_at: new Date(now + OTP_TTL_MS).toISOString(),
        attempts: 0,
        confirmed_at: null,
        used_at: null,
        created_at: new Date(now).toISOString(),
      })
      .execute();
    for (const recipient of [client.email, client.telephone]) {
      await ctx.outbox({ recipient, code, purpose });
    }
  }

  /** Sets a password when the client confirmed a code in the last 15 minutes (each code once). */
  async function setPassword(username: string, password: string): Promise<void> {
    const client = await findByUsername(username);
    const since = new Date(Date.now() - CONFIRMED_WINDOW_MS).toISOString();
    const otp = client
      ? await db
          .selectFrom('otps')
          .select(['id'])
          .where('client_id', '=', client.id)
          .where('confirmed_at', 'is not', null)
          .where('confirmed_at', '>=', since)
          .where('used_at', 'is', null)
          .orderBy('id', 'desc')
          .executeTakeFirst()
      : undefined;
    if (!client || !otp) throw new HttpError(403, 'Confirm the code sent to you first');
    const hash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('otps').set({ used_at: nowIso() }).where('id', '=', otp.id).execute();
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

  app.post('/clients', { config: { public: true } }, async (request, reply) => {
    const body = parseBody(registerBody, request.body);
    const taken = await db
      .selectFrom('clients')
      .select('id')
      .where((eb) => eb.or([eb('email', '=', body.email), eb('telephone', '=', body.telephone)]))
      .executeTakeFirst();
    if (taken) throw new HttpError(409, 'An account with this email or phone already exists');
    const inserted = await db
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
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await sendOtp(inserted, 'register');
    return ok(reply, { id: inserted.id, email: inserted.email, telephone: inserted.telephone }, 201);
  });

  app.post('/client/confirm-otp', { config: { public: true } }, async (request, reply) => {
    const body = parseBody(otpBody, request.body);
    const client = await findByUsername(body.username);
    const otp = client
      ? await db
          .selectFrom('otps')
          .selectAll()
          .where('client_id', '=', client.id)
          .where('confirmed_at', 'is', null)
          .orderBy('id', 'desc')
          .executeTakeFirst()
      : undefined;
    if (!client || !otp) throw new HttpError(400, 'Invalid or expired code');
    if (otp.attempts >= OTP_MAX_ATTEMPTS) throw new HttpError(429, 'Too many attempts, request a new code');
    if (otp.expires_at < nowIso()) throw new HttpError(400, 'The code has expired, request a new one');
    if (!sameDigest(otp.code_hash, sha256(body.otp))) {
      await db
        .updateTable('otps')
        .set({ attempts: otp.attempts + 1 })
        .where('id', '=', otp.id)
        .execute();
      throw new HttpError(
        400,
        otp.attempts + 1 >= OTP_MAX_ATTEMPTS ? 'Too many attempts, request a new code' : 'Invalid code',
      );
    }
    await db.updateTable('otps').set({ confirmed_at: nowIso() }).where('id', '=', otp.id).execute();
    return ok(reply, { confirmed: true });
  });

  app.post('/client/password', { config: { public: true } }, async (request, reply) => {
    const body = parseBody(passwordBody, request.body);
    await setPassword(body.username, body.password);
    return ok(reply, { done: true });
  });

  app.post('/clients/reset-password', { config: { public: true } }, async (request, reply) => {
    const raw = (request.body ?? {}) as { password?: unknown };
    if (raw.password !== undefined) {
      const body = parseBody(passwordBody, request.body);
      await setPassword(body.username, body.password);
      return ok(reply, { done: true });
    }
    const body = parseBody(usernameBody, request.body);
    const client = await findByUsername(body.username);
    // The answer is the same for unknown accounts so the call cannot probe who is registered.
    if (client) await sendOtp(client, 'reset');
    return ok(reply, { sent: true });
  });

  app.post('/clients/login', { config: { public: true } }, async (request, reply) => {
    const body = parseBody(loginBody, request.body);
    const client = await findByUsername(body.username);
    const valid = await verifyPassword(body.password, client?.password_hash ?? null);
    if (!client || !valid) throw new HttpError(401, 'Invalid username or password');
    const token = newToken();
    await db
      .insertInto('tokens')
      .values({ token_hash: sha256(token), client_id: client.id, created_at: nowIso(), revoked_at: null })
      .execute();
    return ok(reply, { ...publicUser(client), token });
  });

  app.post('/clients/logout', async (request, reply) => {
    await db.updateTable('tokens').set({ revoked_at: nowIso() }).where('token_hash', '=', request.tokenHash).execute();
    return ok(reply, { done: true });
  });

  app.put('/client/:id', async (request, reply) => {
    const id = idParam((request.params as { id: string }).id);
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
    if (clash) throw new HttpError(409, 'An account with this email or phone already exists');
    const updated = await db
      .updateTable('clients')
      .set({
        first_name: body.first_name,
        last_name: body.last_name,
        other_name: body.other_name,
        email: body.email,
        ...(body.phone ? { telephone: body.phone } : {}),
        id_number: body.id_number,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return ok(reply, publicUser(updated));
  });
}
