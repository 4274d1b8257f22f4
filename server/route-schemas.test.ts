import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { NO_BODY, paramsSchema, requireRequestSchemas } from './route-schemas';

const response = { 200: { type: 'object' } };

describe('requireRequestSchemas', () => {
  it('refuses an API route that takes a body without a body schema, or a path parameter without params', async () => {
    const app = Fastify();
    requireRequestSchemas(app);
    expect(() => app.post('/api/things', { schema: { response } }, () => ({}))).toThrow(
      'POST /api/things declares no body schema',
    );
    expect(() => app.get('/api/things/:id', { schema: { response } }, () => ({}))).toThrow(
      'GET /api/things/:id declares no params schema for id',
    );
    expect(() =>
      app.put(
        '/api/things/:id/:part',
        { schema: { params: paramsSchema(['id']), body: NO_BODY, response } },
        () => ({}),
      ),
    ).toThrow('declares no params schema for part');
    await app.close();
  });

  it('takes routes that declare their input, and leaves what is not the API alone', async () => {
    const app = Fastify();
    requireRequestSchemas(app);
    app.post('/api/things/:id', { schema: { params: paramsSchema(['id']), body: NO_BODY, response } }, () => ({}));
    app.get('/api/things', { schema: { response } }, () => ({}));
    app.post('/hook/:id', () => ({}));
    await app.ready();
    await app.close();
  });
});
