/**
 * Bearer authentication: every route needs a live token unless its config says `public: true`.
 * The caller's identity comes from the token only; ids in paths and bodies are checked against it.
 * A token lives at most SESSION_MAX_DAYS after sign-in and SESSION_IDLE_HOURS after its last use.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InferResult } from 'kysely';
import type { AppContext } from './context';
import { nowIso } from './db/database';
import { forbidden, HttpError } from './http';
import { sha256 } from './security';

export const UNAUTHENTICATED = 'Unauthenticated';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** Last use is written at most this often: a session's idle time needs minutes, not every request. */
export const LAST_USE_PRECISION_MS = 60_000;

/** Installs the hook that sets `request.clientId` or answers 401. */
export function installAuth(app: FastifyInstance, ctx: AppContext): void {
  const { sessionIdleMs, sessionMaxMs } = ctx.config.limits;
  app.decorateRequest('clientId', 0);
  app.decorateRequest('tokenHash', '');
  app.decorateRequest('dataRevision', 0);
  // Every request asks this, so it is built and compiled once; each request only binds its hash.
  const sessionQuery = ctx.db
    .selectFrom('tokens')
    .innerJoin('clients', 'clients.id', 'tokens.client_id')
    .select(['tokens.id', 'tokens.client_id', 'tokens.created_at', 'tokens.last_used_at', 'clients.data_revision'])
    .where('tokens.token_hash', '=', '')
    .where('tokens.revoked_at', 'is', null);
  const session = sessionQuery.compile();
  app.addHook('onRequest', async (request) => {
    // No route matched (404 / static files) or a public route: nothing to check here.
    if (!request.routeOptions.url || request.routeOptions.config.public) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header);
    if (!match?.[1]) throw new HttpError(401, UNAUTHENTICATED);
    const tokenHash = sha256(match[1]);
    const [row] = (
      await ctx.db.executeQuery<InferResult<typeof sessionQuery>[number]>({ ...session, parameters: [tokenHash] })
    ).rows;
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
    request.dataRevision = row.data_revision;
  });
}

/** Refuses (403) a client id from a path or body that is not the caller's; absent ids pass. */
export function assertSelf(request: FastifyRequest, clientId: unknown): void {
  if (clientId === undefined || clientId === null || clientId === '') return;
  if (String(clientId) !== String(request.clientId)) throw forbidden();
}

/**
 * The portal language a request is made in (`en` for English), or null when it names none: the
 * language a new account's e-mails are written in until its owner chooses another
 * (`PUT client/{id}/language`). Later requests never change it: a plain HTTP client's
 * `Accept-Language: *` is no choice.
 */
export function requestLanguage(ctx: Pick<AppContext, 'messages'>, request: FastifyRequest): string | null {
  const header = request.headers['accept-language'];
  return header ? (ctx.messages.languageOf(header) ?? 'en') : null;
}
