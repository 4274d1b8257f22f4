/**
 * Setting a password (spec 01 sections 2 and 7): with the `password_token` of a confirmed code, after
 * registering or asking for a reset code (`POST clients/reset-password` with only the username).
 */
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { passwordBody, resetBody } from '../account-bodies';
import { identifier, type AccountService } from '../account-service';
import { answers, type Schema } from '../contract/answers';
import { DONE, RESET_STEP } from '../contract/accounts';
import { ok } from '../http';
import { typed } from '../route-schemas';

/** Registers `POST client/password` and `POST clients/reset-password` (public, rate limited). */
export function passwordRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  publicRoute: RouteShorthandOptions,
): void {
  const { setPassword, throttleSends, findByUsername, sendOtp } = accounts;
  const answering = <B extends object>(body: B, data: Schema) => ({
    ...publicRoute,
    schema: { body, response: answers({ 200: data }) },
  });

  typed(app).post('/client/password', answering(passwordBody, DONE), async (request, reply) => {
    const body = request.body;
    await setPassword(body.username, body.password, body.password_token);
    return ok(reply, { done: true });
  });

  typed(app).post('/clients/reset-password', answering(resetBody, RESET_STEP), async (request, reply) => {
    const body = request.body;
    if (body.password !== undefined) {
      await setPassword(body.username, body.password, body.password_token);
      return ok(reply, { done: true });
    }
    // Counted by what was asked for, known or not, so the limit does not tell who is registered.
    await throttleSends('reset', [`to:${identifier(body.username)}`]);
    const client = await findByUsername(body.username);
    if (client) {
      await throttleSends('reset', [`id:${client.id}`]);
      await sendOtp(client, 'reset', request);
    }
    return ok(reply, { sent: true });
  });
}
