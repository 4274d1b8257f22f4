/**
 * Setting a password (spec 01 sections 2 and 7): with the `password_token` of a confirmed code, after
 * registering or asking for a reset code (`POST clients/reset-password` with only the username).
 */
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { passwordBody, usernameBody } from '../account-bodies';
import { identifier, type AccountService } from '../account-service';
import { answers, type Schema } from '../contract/answers';
import { DONE, RESET_STEP } from '../contract/accounts';
import { ok, parseBody } from '../http';

/** Registers `POST client/password` and `POST clients/reset-password` (public, rate limited). */
export function passwordRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  publicRoute: RouteShorthandOptions,
): void {
  const { setPassword, throttleSends, findByUsername, sendOtp } = accounts;
  const answering = (data: Schema): RouteShorthandOptions => ({
    ...publicRoute,
    schema: { response: answers({ 200: data }) },
  });

  app.post('/client/password', answering(DONE), async (request, reply) => {
    const body = parseBody(passwordBody, request.body);
    await setPassword(body.username, body.password, body.password_token);
    return ok(reply, { done: true });
  });

  app.post<{ Body: { password?: unknown } | undefined }>(
    '/clients/reset-password',
    answering(RESET_STEP),
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
}
