/**
 * Sessions (spec 01 section 2): sign-in, whose failures are counted per account and per address before
 * any password is hashed (docs/security.md), and sign-out.
 */
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { ACCOUNT_MESSAGES } from '../account-messages';
import { loginBody } from '../account-bodies';
import { identifier, publicUser, type AccountService } from '../account-service';
import type { AppContext } from '../context';
import { answers } from '../contract/answers';
import { DONE, LOGIN_ANSWER } from '../contract/accounts';
import { nowIso } from '../db/database';
import { HttpError, ok } from '../http';
import { NO_BODY, typed } from '../route-schemas';
import { newToken, sha256 } from '../security';
import { consume, release, reset, TooManyAttempts, type Limit } from '../throttle';

/** Registers `POST clients/login` (public, rate limited) and `POST clients/logout`. */
export function sessionRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  accounts: AccountService,
  publicRoute: RouteShorthandOptions,
): void {
  const { db, hasher } = ctx;
  const limits = ctx.config.limits;
  const { findByUsername } = accounts;
  const lockLimit = (max: number): Limit => ({ max, windowMs: limits.lockMs });

  typed(app).post(
    '/clients/login',
    { ...publicRoute, schema: { body: loginBody, response: answers({ 200: LOGIN_ANSWER }) } },
    async (request, reply) => {
      const body = request.body;
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
        .values({
          token_hash: sha256(token),
          client_id: client.id,
          created_at: now,
          revoked_at: null,
          last_used_at: now,
        })
        .execute();
      return ok(reply, { ...publicUser(client), token });
    },
  );

  app.post(
    '/clients/logout',
    { schema: { body: NO_BODY, response: answers({ 200: DONE }) } },
    async (request, reply) => {
      await db
        .updateTable('tokens')
        .set({ revoked_at: nowIso() })
        .where('token_hash', '=', request.tokenHash)
        .execute();
      return ok(reply, { done: true });
    },
  );
}
