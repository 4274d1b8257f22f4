/**
 * Prometheus metrics at `GET /metrics` (METRICS=on): requests by method, route pattern and status,
 * their durations, the PostgreSQL pool's connections, the uploads in flight and prom-client's
 * process metrics (memory, CPU, event loop, garbage collection).
 *
 * Every app has a registry of its own: tests build many apps in one process, and prom-client's
 * global registry refuses a metric registered twice. The route label is the route's pattern
 * (`/api/application/:id`), never the address asked for, so the number of series stays bounded
 * whatever addresses clients try.
 *
 * The address is outside /api and needs no token: a load balancer or the proxy in front should not
 * pass `/metrics` on from the internet (it shows traffic and memory, no personal data).
 */
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { notFound } from './http';

/** The counts of a connection pool (pg's Pool has them). */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export const METRICS_PATH = '/metrics';

/** Label of a request no route matched (an unknown address): one series for all of them. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Seconds; uploads of large files on slow lines take minutes, a small API call milliseconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/**
 * Installs the metrics hooks and `GET /metrics` when `enabled`; otherwise `GET /metrics` answers 404
 * (an explicit route: without it the portal's page fallback would answer the address with a page).
 * `pool` is the database's connection pool, null on SQLite (no pool). Answers the app's registry, or
 * null when off.
 */
export function installMetrics(
  app: FastifyInstance,
  options: {
    enabled: boolean;
    pool: PoolCounts | null;
    /** The e-mails waiting to be sent, and how long the oldest has waited (read when scraped). */
    mailQueue?: () => Promise<{ pending: number; oldestSeconds: number }>;
  },
): Registry | null {
  if (!options.enabled) {
    app.get(METRICS_PATH, { config: { public: true } }, () => {
      throw notFound();
    });
    return null;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status code.',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const uploads = new Gauge({
    name: 'uploads_in_flight',
    help: 'Requests with a multipart/form-data body (uploads) received and not yet answered.',
    registers: [registry],
  });
  const pool = options.pool;
  if (pool) {
    // Read when scraped: the pool keeps the counts, nothing to update on every query.
    new Gauge({
      name: 'db_pool_connections',
      help: 'Connections the database pool holds open (idle and in use).',
      registers: [registry],
      collect() {
        this.set(pool.totalCount);
      },
    });
    new Gauge({
      name: 'db_pool_idle_connections',
      help: 'Connections of the database pool not in use.',
      registers: [registry],
      collect() {
        this.set(pool.idleCount);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Queries waiting for a connection of the database pool (all in use).',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  const mailQueue = options.mailQueue;
  if (mailQueue) {
    new Gauge({
      name: 'mail_queue_pending',
      help: 'E-mails to applicants waiting to be sent (a rise: the SMTP server is failing).',
      registers: [registry],
      async collect() {
        this.set((await mailQueue()).pending);
      },
    });
    new Gauge({
      name: 'mail_queue_oldest_pending_seconds',
      help: 'How long the oldest e-mail waiting to be sent has waited.',
      registers: [registry],
      async collect() {
        this.set((await mailQueue()).oldestSeconds);
      },
    });
  }

  app.addHook('onRequest', (request, reply, done) => {
    const type = String(request.headers['content-type'] ?? '').toLowerCase();
    if (type.startsWith('multipart/form-data')) {
      uploads.inc();
      // 'close' comes exactly once: the answer sent, or the connection gone mid-upload.
      reply.raw.once('close', () => uploads.dec());
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    registry.clear();
    done();
  });

  app.get(METRICS_PATH, { config: { public: true } }, async (_request, reply) => {
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
  return registry;
}
