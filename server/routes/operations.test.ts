import SqliteDatabase from 'better-sqlite3';
import Fastify from 'fastify';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from '../../tests/api/helpers';
import type { AppContext } from '../context';
import { installDraining } from '../draining';
import { HttpError } from '../http';
import type { FileStore } from '../storage/file-store';
import { NOT_READY, operationsRoutes, type Readiness } from './operations';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('GET /api/health and /api/ready', () => {
  it('health answers up without a token', async () => {
    const { status, body } = await call(server.app, 'GET', 'health');
    expect(status).toBe(200);
    expect(body).toEqual({ code: 200, data: { status: 'up' }, error: null });
  });

  it('ready answers 200 when the database and the file store answer', async () => {
    const { status, body } = await call<Readiness>(server.app, 'GET', 'ready');
    expect(status).toBe(200);
    expect(body).toEqual({ code: 200, data: { database: 'ok', storage: 'ok', draining: false }, error: null });
  });

  it('both are public routes of the API (the fuzz suite walks them)', () => {
    expect(server.app.apiRoutes).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/api/health', public: true },
        { method: 'GET', url: '/api/ready', public: true },
      ]),
    );
  });
});

describe('request ids', () => {
  it('every answer carries a new random id when the caller sends none', async () => {
    const first = await call(server.app, 'GET', 'health');
    const second = await call(server.app, 'GET', 'health');
    expect(first.response.headers['x-request-id']).toMatch(UUID);
    expect(second.response.headers['x-request-id']).toMatch(UUID);
    expect(first.response.headers['x-request-id']).not.toBe(second.response.headers['x-request-id']);
  });

  it("keeps the caller's X-Request-Id when it is a plain token of at most 100 characters", async () => {
    for (const id of ['lb-7f3a.42:trace_1', 'A'.repeat(100), '0']) {
      const { response } = await call(server.app, 'GET', 'health', { headers: { 'x-request-id': id } });
      expect(response.headers['x-request-id']).toBe(id);
    }
  });

  it('replaces an id that is too long or holds other characters', async () => {
    for (const id of ['A'.repeat(101), 'two words', 'a/b', '{"json":1}', 'ünïcode', '']) {
      const { response } = await call(server.app, 'GET', 'health', { headers: { 'x-request-id': id } });
      expect(response.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('is sent on refusals, unknown addresses and addresses that cannot be decoded too', async () => {
    const headers = { 'x-request-id': 'trace-9' };
    expect((await call(server.app, 'GET', 'application/1', { headers })).response.headers['x-request-id']).toBe(
      'trace-9',
    );
    const unknown = await server.app.inject({ method: 'GET', url: '/api/no-such-thing', headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['x-request-id']).toBe('trace-9');
    const undecodable = await server.app.inject({ method: 'GET', url: '/api/%zz', headers });
    expect(undecodable.statusCode).toBe(404);
    expect(undecodable.headers['x-request-id']).toBe('trace-9');
  });
});

describe('a draining instance', () => {
  it('answers ready 503 (translated), stays healthy and closes every connection after answering', async () => {
    const before = await call<Readiness>(server.app, 'GET', 'ready');
    expect(before.status).toBe(200);
    expect((await call(server.app, 'GET', 'health')).response.headers.connection).not.toBe('close');

    server.app.drain.start();
    const draining = await call<Readiness>(server.app, 'GET', 'ready');
    expect(draining.status).toBe(503);
    expect(draining.body).toEqual({
      code: 503,
      data: { database: 'ok', storage: 'ok', draining: true },
      error: NOT_READY,
    });
    expect(draining.response.headers.connection).toBe('close');
    const german = await call(server.app, 'GET', 'ready', { headers: { 'accept-language': 'de' } });
    expect(german.body.error).toBe('Diese Instanz ist nicht bereit, Anfragen anzunehmen.');

    const health = await call(server.app, 'GET', 'health');
    expect(health.status).toBe(200);
    expect(health.response.headers.connection).toBe('close');
    // Everything else is still served while the load balancer takes the instance out.
    const services = await call(server.app, 'GET', 'services');
    expect(services.status).toBe(200);
    expect(services.response.headers.connection).toBe('close');
  });
});

describe('readiness checks that fail', () => {
  /** The routes on an app of their own, with a database and a file store as given. */
  async function readinessOf(options: { databaseWorks: boolean; storeWorks: boolean }) {
    const sqlite = new SqliteDatabase(':memory:');
    if (!options.databaseWorks) sqlite.close();
    const files = {
      backend: 'local',
      ready: async () => {
        if (!options.storeWorks) throw new Error('the bucket is gone');
      },
    } as Partial<FileStore> as FileStore;
    const ctx = {
      db: new Kysely({ dialect: new SqliteDialect({ database: sqlite }) }),
      files,
    } as unknown as AppContext;
    const app = Fastify();
    const drain = installDraining(app);
    // The envelope of app.ts's error handler, which these routes rely on.
    app.setErrorHandler((error: HttpError, _request, reply) =>
      reply.code(error.statusCode).send({ code: error.statusCode, data: error.data, error: error.message }),
    );
    await app.register((api) => operationsRoutes(api, ctx, drain), { prefix: '/api' });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/ready' });
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      return { status: response.statusCode, body: response.json<unknown>(), health: health.statusCode };
    } finally {
      await app.close();
      if (sqlite.open) sqlite.close();
    }
  }

  it('503 naming the database when it does not answer; health stays 200', async () => {
    expect(await readinessOf({ databaseWorks: false, storeWorks: true })).toEqual({
      status: 503,
      body: { code: 503, data: { database: 'failing', storage: 'ok', draining: false }, error: NOT_READY },
      health: 200,
    });
  });

  it('503 naming the file store when it does not answer', async () => {
    expect(await readinessOf({ databaseWorks: true, storeWorks: false })).toEqual({
      status: 503,
      body: { code: 503, data: { database: 'ok', storage: 'failing', draining: false }, error: NOT_READY },
      health: 200,
    });
    expect((await readinessOf({ databaseWorks: true, storeWorks: true })).status).toBe(200);
  });
});
