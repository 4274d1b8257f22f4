/**
 * Bearer authentication: every route needs a live token unless its config says `public: true`.
 * The caller's identity comes from the token only; ids in paths and bodies are checked against it.
 * A token lives at most SESSION_MAX_DAYS after sign-in and SESSION_IDLE_HOURS after its last use.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from './context';
import { nowIso } from './db/database';
import { forbidden, HttpError } from './http';
import { sha256 } from './security';

export const UNAUTHENTICATED = 'Unauthenticated';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** Last use is written at most this often: a session's idle time needs minutes, not every request. */
const LAST_USE_PRECISION_MS = 60_000;

/** Installs the hook that sets `request.clientId` or answers 401. */
export function installAuth(app: FastifyInstance, ctx: AppContext): void {
  const { sessionIdleMs, sessionMaxMs } = ctx.config.limits;
  app.decorateRequest('clientId', 0);
  app.decorateRequest('tokenHash', '');
  app.addHook('onRequest', async (request) => {
    // No route matched (404 / static files) or a public route: nothing to check here.
    if (!request.routeOptions.url || request.routeOptions.config.public) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header);
    if (!match?.[1]) throw new HttpError(401, UNAUTHENTICATED);
    const tokenHash = sha256(match[1]);
    const row = await ctx.db
      .selectFrom('tokens')
      .select(['id', 'client_id', 'created_at', 'last_used_at'])
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw new HttpError(401, UNAUTHENTICATED);
    const now = Date.now();
    const lastUsed = Date.parse(row.last_used_at ?? row.created_at);
    if (now - Date.parse(row.created_at) > sessionMaxMs || now - lastUsed > sessionIdleMs) {
      await ctx.db.updateTable('tokens').set({ revoked_at: nowIso() }).where('id', '=', row.id).execute();
      throw new HttpError(401, SESSION_EXPIRED);
    }
    if (now - lastUsed > LAST_USE_PRECISION_MS) {
      await ctx.db
        .updateTable('tokens')
        .set({ last_used_at: new Date(now).toISOString() })
        .where('id', '=', row.id)
        .execute();
    }
    request.clientId = row.client_id;
    request.tokenHash = tokenHash;
  });
}

/** Refuses (403) a client id from a path or body that is not the caller's; absent ids pass. */
export function assertSelf(request: FastifyRequest, clientId: unknown): void {
  if (clientId === undefined || clientId === null || clientId === '') return;
  if (String(clientId) !== String(request.clientId)) throw forbidden();
}
