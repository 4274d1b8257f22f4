import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loginBody, registerBody } from './account-bodies';
import { createRequestAjv, installRequestValidation } from './request-validation';
import { validationError } from './route-schemas';
import type { FastifyError } from 'fastify';

describe('the request Ajv', () => {
  it('judges texts trimmed, lower-cases an account e-mail, and keeps a password as typed', () => {
    const ajv = createRequestAjv();
    const register = {
      first_name: '  Maria ',
      last_name: 'U',
      telephone: ' 0781234567 ',
      email: ' Maria@Example.ORG ',
    };
    expect(ajv.validate(registerBody, register)).toBe(true);
    expect(register).toEqual({
      first_name: 'Maria',
      last_name: 'U',
      telephone: '0781234567',
      email: 'maria@example.org',
    });
    const login = { username: ' maria ', password: '  spaced  ' };
    expect(ajv.validate(loginBody, login)).toBe(true);
    expect(login).toEqual({ username: 'maria', password: '  spaced  ' });
  });

  it('refuses a blank text as missing, with the message of each field', () => {
    const ajv = createRequestAjv();
    const validate = ajv.compile(registerBody);
    expect(validate({ first_name: '   ', last_name: 'U', telephone: '07812', email: 'x'.repeat(300) })).toBe(false);
    const refused = validationError({ validation: validate.errors, validationContext: 'body' } as FastifyError);
    expect(refused.fields).toEqual([
      { field: 'first_name', message: 'This field is required' },
      { field: 'telephone', message: 'Enter a 10 digit phone number.' },
      // Too long and not an address: one message.
      { field: 'email', message: 'Enter a valid email address.' },
    ]);
  });
});

describe('a route with a body schema', () => {
  it('answers its missing fields in the order of the schema, and takes no body as an empty one', async () => {
    const app = Fastify();
    installRequestValidation(app);
    app.setErrorHandler((error: FastifyError, _request, reply) => reply.code(422).send(validationError(error).data));
    app.post('/register', { schema: { body: registerBody } }, (request) => request.body);
    const answer = await app.inject({ method: 'POST', url: '/register' });
    expect(answer.json()).toEqual({
      fields: [
        { field: 'first_name', message: 'This field is required' },
        { field: 'last_name', message: 'This field is required' },
        { field: 'telephone', message: 'Enter a 10 digit phone number.' },
        { field: 'email', message: 'This field is required' },
      ],
    });
    await app.close();
  });
});
