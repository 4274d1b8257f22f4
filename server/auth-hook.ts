/**
 * Bearer authentication: every route needs a live token unless its config says `public: true`.
 * The caller's identity comes from the token only; ids in paths and bodies are checked against it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from './context';
import { forbidden, HttpError } from './http';
import { sha256 } from './security';

const unauthorized = () => new HttpError(401, 'Unauthenticated');

/** Installs the hook that sets `request.clientId` or answers 401. */
export function installAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('clientId', 0);
  app.decorateRequest('tokenHash', '');
  app.addHook('onRequest', async (request) => {
    // No route matched (404 / static files) or a public route: nothing to check here.
    if (!request.routeOptions.url || request.routeOptions.config.public) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header);
    if (!match?.[1]) throw unauthorized();
    const tokenHash = sha256(match[1]);
    const row = await ctx.db
      .selectFrom('tokens')
      .select(['client_id'])
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw unauthorized();
    request.clientId = row.client_id;
    request.tokenHash = tokenHash;
  });
}

/** Refuses (403) a client id from a path or body that is not the caller's; absent ids pass. */
export function assertSelf(request: FastifyRequest, clientId: unknown): void {
  if (clientId === undefined || clientId === null || clientId === '') return;
  if (String(clientId) !== String(request.clientId)) throw forbidden();
}
