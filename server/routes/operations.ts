/**
 * What a load balancer or orchestrator asks an instance: `GET /api/health` (liveness: the process
 * runs; a failing one is restarted) and `GET /api/ready` (readiness: send it requests; a failing one
 * is only taken out of the pool). They differ on purpose: a database outage makes every instance
 * unready, and restarting them all would not bring the database back.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { Drain } from '../draining';
import { answers } from '../contract/answers';
import { HEALTH, READINESS } from '../contract/operations';
import { HttpError, ok } from '../http';

export const NOT_READY = 'This instance is not ready to take requests.';

/** A check that has not answered in this time counts as failing: the load balancer's probe waits less. */
export const READY_CHECK_TIMEOUT_MS = 5000;

type CheckState = 'ok' | 'failing';

/** What `/api/ready` answers in `data`. */
export interface Readiness {
  database: CheckState;
  storage: CheckState;
  draining: boolean;
}

/** 'ok' when `check` resolves within READY_CHECK_TIMEOUT_MS, otherwise 'failing' (and the reason). */
async function stateOf(check: () => Promise<unknown>): Promise<{ state: CheckState; reason?: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${READY_CHECK_TIMEOUT_MS} ms`)), READY_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return { state: 'ok' };
  } catch (reason) {
    return { state: 'failing', reason };
  } finally {
    clearTimeout(timer);
  }
}

/** Registers the health and readiness routes; `drain` is the app's draining state. */
export function operationsRoutes(api: FastifyInstance, ctx: AppContext, drain: Drain): void {
  api.get('/health', { config: { public: true }, schema: { response: answers({ 200: HEALTH }) } }, (_request, reply) =>
    ok(reply, { status: 'up' }),
  );

  api.get(
    '/ready',
    { config: { public: true }, schema: { response: answers({ 200: READINESS }) } },
    async (request, reply) => {
      const [database, storage] = await Promise.all([
        stateOf(() => sql`select 1`.execute(ctx.db)),
        stateOf(() => ctx.files.ready()),
      ]);
      if (database.reason !== undefined) request.log.warn({ err: database.reason }, 'readiness: the database failed');
      if (storage.reason !== undefined) request.log.warn({ err: storage.reason }, 'readiness: the file store failed');
      const readiness: Readiness = { database: database.state, storage: storage.state, draining: drain.draining };
      if (readiness.draining || readiness.database !== 'ok' || readiness.storage !== 'ok')
        throw new HttpError(503, NOT_READY, readiness);
      return ok(reply, readiness);
    },
  );
}
