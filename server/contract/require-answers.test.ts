import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { answers, object, integer } from './answers';
import { requireResponseSchemas } from './require-answers';

describe('requireResponseSchemas', () => {
  it('refuses an API route registered without a response schema', async () => {
    const app = Fastify();
    requireResponseSchemas(app);
    const registering = app.register(
      async (api) => {
        api.get('/undeclared', () => ({}));
      },
      { prefix: '/api' },
    );
    await expect(registering).rejects.toThrow('GET /api/undeclared declares no response schema');
    await app.close();
  });

  it('takes a route that declares its answers, and leaves the portal’s own routes alone', async () => {
    const app = Fastify();
    requireResponseSchemas(app);
    app.get('/', () => 'page');
    app.get('/api/declared', { schema: { response: answers({ 200: object({ id: integer }) }) } }, () => ({
      code: 200,
      data: { id: 1 },
      error: null,
    }));
    await app.ready();
    expect((await app.inject('/api/declared')).json()).toEqual({ code: 200, data: { id: 1 }, error: null });
    await app.close();
  });
});
