import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { answers, integer, object, openObject, text } from './answers';

/** A route answering `data` (and, for `?fail`, a refusal with extra fields) under `schema`. */
async function appAnswering(schema: ReturnType<typeof object>, data: unknown) {
  const app = Fastify();
  app.get('/api/thing', { schema: { response: answers({ 200: schema }) } }, (request, reply) =>
    'fail' in (request.query as object)
      ? reply.code(409).send({ code: 409, data: null, error: 'Taken', secret: 'x' })
      : { code: 200, data, error: null, secret: 'x' },
  );
  await app.ready();
  return app;
}

describe('answers', () => {
  it('sends only the fields the schema declares', async () => {
    const app = await appAnswering(object({ id: integer, name: text }), {
      id: 1,
      name: 'Plastics',
      password_hash: 'never sent',
    });
    const body = (await app.inject('/api/thing')).body;
    expect(JSON.parse(body)).toEqual({ code: 200, data: { id: 1, name: 'Plastics' }, error: null });
    expect(body).not.toContain('never sent');
    await app.close();
  });

  it('sends refusals in the error envelope, without undeclared fields', async () => {
    const app = await appAnswering(object({ id: integer }), { id: 1 });
    const answer = await app.inject('/api/thing?fail');
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ code: 409, data: null, error: 'Taken' });
    await app.close();
  });

  it('passes the fields of an open object (a record a definition shapes) as they are', async () => {
    const app = await appAnswering(openObject({ id: integer }), { id: 1, record: { rows: [{ a: null }] } });
    expect((await app.inject('/api/thing')).json().data).toEqual({ id: 1, record: { rows: [{ a: null }] } });
    await app.close();
  });
});
