/**
 * A store for @fastify/rate-limit in the database's `throttles` table (server/throttle.ts), so the
 * per-address cap on the public account routes holds across every instance behind a load balancer,
 * and across restarts, as the other limits do. The plugin's own store counts in one process's memory:
 * with two instances an address would get twice its allowance.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Database } from './db/tables';
import { consume } from './throttle';

/** What the plugin passes to `child`: its options for the route, with the route in `routeInfo`. */
type ChildOptions = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * The store class for `db`: each route counts in buckets of its own, `requests:<METHOD> <url>:<key>`
 * (the key is the caller's address).
 */
export function databaseRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly route = '',
    ) {}

    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number): void {
      consume(db, `requests:${this.route}:${key}`, { max, windowMs: timeWindow }).then(
        (counted) =>
          callback(null, { current: counted.hits, ttl: counted.allowed ? timeWindow : counted.retryAfterMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // Typed as the route's options, given as the plugin's options with the route in `routeInfo`.
      const { routeInfo } = routeOptions as unknown as ChildOptions;
      const method = [routeInfo?.method ?? ''].flat().join(',');
      return new DatabaseStore(null, `${method} ${routeInfo?.url ?? ''}`);
    }
  }
  return DatabaseStore;
}
