import Fastify, { type FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from '../tests/api/helpers';
import { installMetrics, METRICS_PATH, UNMATCHED_ROUTE } from './metrics';

/** The value of one series in a scrape (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: METRICS_PATH });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('METRICS=off (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  it('answers /metrics 404 with the envelope', async () => {
    const response = await server.app.inject({ method: 'GET', url: METRICS_PATH });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, data: null, error: 'Not found' });
  });
});

describe('METRICS=on', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ METRICS: 'on' });
  });
  afterAll(async () => server.close());

  it('serves the text format without a token', async () => {
    const response = await server.app.inject({ method: 'GET', url: METRICS_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    // prom-client's process metrics.
    expect(response.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(response.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(sample(response.body, 'uploads_in_flight')).toBe(0);
  });

  it('counts requests by method, route pattern and status, never by the address asked for', async () => {
    await call(server.app, 'GET', 'application/123');
    await call(server.app, 'GET', 'application/456');
    await call(server.app, 'GET', 'health');
    await call(server.app, 'GET', 'no-such-address-7');
    const text = await scrape(server.app);
    expect(sample(text, 'http_requests_total{method="GET",route="/api/application/:id",status_code="401"}')).toBe(2);
    expect(sample(text, 'http_requests_total{method="GET",route="/api/health",status_code="200"}')).toBe(1);
    expect(
      sample(text, `http_requests_total{method="GET",route="${UNMATCHED_ROUTE}",status_code="404"}`),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/application/:id",status_code="401"}'),
    ).toBe(2);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/health",status_code="200"} 1',
    );
    for (const address of ['/api/application/123', 'no-such-address-7']) expect(text).not.toContain(address);
  });

  it('shows the database pool on PostgreSQL only (SQLite has none)', async () => {
    const text = await scrape(server.app);
    if (server.config.databaseUrl) {
      expect(sample(text, 'db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_waiting_requests')).toBe(0);
    } else {
      expect(text).not.toContain('db_pool_');
    }
  });
});

describe('installMetrics on an app of its own', () => {
  it('reads the e-mail queue when scraped', async () => {
    const queue = { pending: 0, oldestSeconds: 0 };
    const app = Fastify();
    installMetrics(app, { enabled: true, pool: null, mailQueue: () => Promise.resolve({ ...queue }) });
    try {
      expect(sample(await scrape(app), 'mail_queue_pending')).toBe(0);
      Object.assign(queue, { pending: 4, oldestSeconds: 90 });
      const text = await scrape(app);
      expect([sample(text, 'mail_queue_pending'), sample(text, 'mail_queue_oldest_pending_seconds')]).toEqual([4, 90]);
    } finally {
      await app.close();
    }
  });

  it('reads the pool counts when scraped', async () => {
    const pool = { totalCount: 7, idleCount: 3, waitingCount: 2 };
    const app = Fastify();
    installMetrics(app, { enabled: true, pool });
    try {
      let text = await scrape(app);
      expect([
        sample(text, 'db_pool_connections'),
        sample(text, 'db_pool_idle_connections'),
        sample(text, 'db_pool_waiting_requests'),
      ]).toEqual([7, 3, 2]);
      Object.assign(pool, { totalCount: 10, idleCount: 0, waitingCount: 5 });
      text = await scrape(app);
      expect(sample(text, 'db_pool_waiting_requests')).toBe(5);
    } finally {
      await app.close();
    }
  });

  it('counts the uploads in flight, and every app has a registry of its own', async () => {
    const app = Fastify();
    const other = Fastify();
    for (const each of [app, other]) installMetrics(each, { enabled: true, pool: null });
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Stands for the upload route: the body is taken as a stream, the answer waits for it.
    app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
    app.post('/upload', async () => {
      await released;
      return { done: true };
    });
    try {
      const body = new PassThrough();
      const upload = app.inject({
        method: 'POST',
        url: '/upload',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: body,
      });
      body.write('--x\r\n');
      // Scrapes until the upload has reached its route: then it is in flight for sure.
      let text = await scrape(app);
      while (sample(text, 'uploads_in_flight') === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        text = await scrape(app);
      }
      expect(sample(text, 'uploads_in_flight')).toBe(1);
      expect(sample(await scrape(other), 'uploads_in_flight')).toBe(0);
      body.end('--x--\r\n');
      release();
      expect((await upload).statusCode).toBe(200);
      text = await scrape(app);
      expect(sample(text, 'uploads_in_flight')).toBe(0);
      expect(sample(text, 'http_requests_total{method="POST",route="/upload",status_code="200"}')).toBe(1);
      expect(await scrape(other)).not.toContain('route="/upload"');
    } finally {
      await Promise.all([app.close(), other.close()]);
    }
  });
});
