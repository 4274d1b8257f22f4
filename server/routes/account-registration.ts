/**
 * Registration (spec 01 section 2): details and a one-time code, answered the same whether or not the
 * e-mail or phone is taken (the owner is told), then the code's confirmation, which answers the
 * single-use `password_token` that sets the password.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { ACCOUNT_MESSAGES } from '../account-messages';
import { otpBody, registerBody } from '../account-bodies';
import { HOUR_MS, identifier, type AccountService } from '../account-service';
import { requestLanguage } from '../auth-hook';
import type { AppContext } from '../context';
import { answers, type Schema } from '../contract/answers';
import { CODE_CONFIRMED, REGISTERED } from '../contract/accounts';
import { isUniqueViolation, nowIso } from '../db/database';
import type { Client } from '../db/tables';
import { HttpError, ok } from '../http';
import { typed } from '../route-schemas';
import { orNull } from '../field-rules';
import { newToken, sameDigest, sha256 } from '../security';
import { consume, release, TooManyAttempts } from '../throttle';

/** Registers `POST clients` and `POST client/confirm-otp` (public, under the account calls' rate limit). */
export function registrationRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  accounts: AccountService,
  publicRoute: RouteShorthandOptions,
): void {
  const { db } = ctx;
  const limits = ctx.config.limits;
  const { throttleSends, sendOtp, notifyOwners, findByUsername, codeBlocked } = accounts;
  const answering = <B extends object>(body: B, data: Schema, status = 200) => ({
    ...publicRoute,
    schema: { body, response: answers({ [status]: data }) },
  });

  typed(app).post('/clients', answering(registerBody, REGISTERED, 201), async (request, reply) => {
    const body = request.body;
    await throttleSends('register', [`to:${body.email}`, `to:${body.telephone}`]);
    // Whatever happens below, the caller gets this answer: nobody learns who is registered.
    const answer = () => ok(reply, { email: body.email, telephone: body.telephone }, 201);
    const holders = () =>
      db
        .selectFrom('clients')
        .selectAll()
        .where((eb) => eb.or([eb('email', '=', body.email), eb('telephone', '=', body.telephone)]))
        // A closed account keeps its e-mail for its submitted applications only: it is free to register.
        .where('closed_at', 'is', null)
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
            other_name: orNull(body.other_name),
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
            other_name: orNull(body.other_name),
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

  typed(app).post('/client/confirm-otp', answering(otpBody, CODE_CONFIRMED), async (request, reply) => {
    const body = request.body;
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
}
