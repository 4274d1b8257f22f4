/**
 * Hostile input never yields a 5xx and never reaches the database: deep nesting, NUL characters,
 * numbers beyond a double, ids beyond 32 bits, megabyte strings, huge lists, odd content types.
 * The same answers on SQLite and PostgreSQL (CI runs this file on both).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH } from '../../server/field-rules';
import { JSON_MESSAGES } from '../../server/json-body';
import { MALFORMED_MULTIPART, ONE_FILE } from '../../server/multipart';
import {
  applicantWithDraft,
  attach,
  call,
  companyBody,
  multipart,
  PDF,
  plasticsBody,
  startServer,
  type TestServer,
  type TestUser,
} from './helpers';

let server: TestServer;
let alice: TestUser;
let company: number;
let draftId: number;
beforeAll(async () => {
  server = await startServer();
  ({ user: alice, company, draft: draftId } = await applicantWithDraft(server));
});
afterAll(async () => server.close());

/** Sends raw JSON text (what JSON.stringify cannot produce, such as 1e999). */
const raw = (method: InjectOptions['method'], url: string, payload: string, token: string | null = alice.token) =>
  server.app.inject({
    method,
    url: `/api/${url}`,
    payload,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

/** Rows of the tables a refused call could have touched. */
async function snapshot() {
  const count = async (table: 'clients' | 'companies' | 'application_records' | 'recycled_reports' | 'attachments') =>
    Number(
      (
        await server.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    clients: await count('clients'),
    companies: await count('companies'),
    records: await count('application_records'),
    reports: await count('recycled_reports'),
    attachments: await count('attachments'),
    files: readdirSync(join(server.config.dataDir, 'uploads')).sort(),
  };
}

const plastics = (overrides: Record<string, unknown> = {}) =>
  plasticsBody({ clientId: alice.id, company, applicationId: draftId }, { description: 'Bags', ...overrides });
const PLASTICS = 'clients/applications/plastic-bags-authorization';

describe('JSON bodies', () => {
  it('refuses nesting beyond 32 levels before parsing, even a million brackets', async () => {
    const before = await snapshot();
    const deep = await raw('POST', 'clients/login', `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`, null);
    expect(deep.statusCode).toBe(413); // over the 1 MiB body limit: refused while streaming
    const nested = await raw('POST', 'clients/login', `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`, null);
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual({ code: 400, data: null, error: JSON_MESSAGES.tooDeep });
    const brackets = await raw('POST', 'companies', `[${'['.repeat(50_000)}${']'.repeat(50_000)}]`);
    expect(brackets.json()).toEqual({ code: 400, data: null, error: JSON_MESSAGES.tooDeep });
    // Brackets inside strings are text, not nesting.
    const text = await raw('POST', 'clients/login', JSON.stringify({ username: '['.repeat(100), password: 'x' }), null);
    expect(text.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses lone UTF-16 surrogates in values and keys with 400, a lookup id among them', async () => {
    const before = await snapshot();
    // A JSON escape is the only way to send one: no UTF-8 text holds a lone surrogate.
    const lookupId = await raw(
      'POST',
      PLASTICS,
      JSON.stringify(plastics({ plastic_type_id: 'x' })).replace(
        '"plastic_type_id":"x"',
        '"plastic_type_id":"\\ud800"',
      ),
    );
    expect(lookupId.statusCode).toBe(400);
    expect(lookupId.json()).toEqual({ code: 400, data: null, error: JSON_MESSAGES.surrogate });
    const key = await raw('POST', 'clients', '{"first_name\\udc00":"A"}', null);
    expect(key.json()).toEqual({ code: 400, data: null, error: JSON_MESSAGES.surrogate });
    // A well-formed pair (an emoji) is text like any other.
    const pair = await raw('POST', 'clients', '{"first_name":"\\ud83c\\udf33"}', null);
    expect(pair.statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses NUL characters in values and keys', async () => {
    const before = await snapshot();
    const value = await call(server.app, 'POST', 'companies', {
      token: alice.token,
      body: companyBody(alice.id, { name: 'Green\u0000Ltd' }),
    });
    expect(value.body).toEqual({ code: 400, data: null, error: JSON_MESSAGES.nul });
    const key = await raw('POST', 'clients', JSON.stringify({ 'first_name\u0000': 'A' }), null);
    expect(key.json().error).toBe(JSON_MESSAGES.nul);
    const plasticsNul = await call(server.app, 'POST', PLASTICS, {
      token: alice.token,
      body: plastics({ description: 'bad\u0000text' }),
    });
    expect(plasticsNul.status).toBe(400);
    // In the path and the query too: PostgreSQL would fail on them in a lookup.
    for (const url of ['verify/tor/%00', `application/1%00`, `clients/applications/${alice.id}?page=1%00`]) {
      const answer = await server.app.inject({
        method: 'GET',
        url: `/api/${url}`,
        headers: { authorization: `Bearer ${alice.token}` },
      });
      expect([url, answer.statusCode, answer.json()]).toEqual([
        url,
        400,
        { code: 400, data: null, error: JSON_MESSAGES.nul },
      ]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses numbers beyond a double instead of storing them as null', async () => {
    const before = await snapshot();
    for (const [url, text] of [
      [PLASTICS, JSON.stringify(plastics()).replace('"quantity":10', '"quantity":1e999')],
      [
        'companies',
        JSON.stringify(companyBody(alice.id)).replace(
          '"avgMonthlyPlasticQuantity":""',
          '"avgMonthlyPlasticQuantity":-1e999',
        ),
      ],
      ['clients/report/recycled-quantity', `{"company_id":${company},"report_month":"2026-01","quantity":1e400}`],
    ] as const) {
      expect(text).toMatch(/1e999|1e400/);
      const answer = await raw('POST', url, text);
      expect(answer.json()).toEqual({ code: 400, data: null, error: JSON_MESSAGES.notFinite });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses lists of 10,000 items and objects of 10,000 keys', async () => {
    const before = await snapshot();
    const list = await call(server.app, 'POST', PLASTICS, {
      token: alice.token,
      body: plastics({ items: Array.from({ length: 10_000 }, (_, i) => i + 1) }),
    });
    expect(list.body).toEqual({ code: 400, data: null, error: JSON_MESSAGES.tooManyItems });
    const keys = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]));
    const wide = await call(server.app, 'POST', 'clients', { body: keys });
    expect(wide.body.error).toBe(JSON_MESSAGES.tooManyKeys);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body over 1 MiB with 413, strings of 1 MB with 422, prototype keys with 400', async () => {
    const before = await snapshot();
    const big = await call(server.app, 'POST', 'companies', {
      token: alice.token,
      body: companyBody(alice.id, { activities: 'x'.repeat(1_100_000) }),
    });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 413, data: null });
    const megabyte = 'x'.repeat(1_000_000);
    const long = await call(server.app, 'POST', 'companies', {
      token: alice.token,
      body: companyBody(alice.id, { activities: megabyte }),
    });
    expect(long.status).toBe(422);
    expect(long.body.error).toBe('Invalid fields: activities');
    const longForm = await call(server.app, 'POST', PLASTICS, {
      token: alice.token,
      body: plastics({ description: megabyte }),
    });
    expect(longForm.status).toBe(422);
    expect(longForm.body.error).toBe('Invalid fields: description');
    const proto = await raw('POST', 'clients', '{"__proto__":{"admin":true},"first_name":"A"}', null);
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toMatchObject({ code: 400, data: null });
    expect(await snapshot()).toEqual(before);
  });

  it('answers other content types and empty bodies with a 4xx envelope', async () => {
    const text = await server.app.inject({
      method: 'POST',
      url: '/api/clients/login',
      payload: 'username=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 415, data: null, error: expect.any(String) });
    const empty = await raw('POST', 'clients/login', '', null);
    expect(empty.statusCode).toBe(400);
    const broken = await raw('POST', 'clients/login', '{"username":', null);
    expect(broken.statusCode).toBe(400);
    const scalar = await raw('POST', PLASTICS, '"just text"');
    expect(scalar.statusCode).toBe(422);
  });
});

describe('ids beyond 32 bits', () => {
  const huge = ['2147483648', '9999999999', '99999999999999999999', '1e3', '-1', '0'];

  it('answer 404 in paths', async () => {
    for (const id of huge) {
      for (const url of [`application/${id}`, `districts/${id}`, `companies/${id}`, `clients/applications/${id}`]) {
        const answer = await call(server.app, 'GET', url, { token: alice.token });
        expect([403, 404]).toContain(answer.status);
      }
      const put = await call(server.app, 'PUT', `companies/${id}`, { token: alice.token, body: companyBody(alice.id) });
      expect(put.status).toBe(404);
    }
  });

  it('answer 4xx in bodies, naming the field', async () => {
    const before = await snapshot();
    for (const id of [2147483648, 9_999_999_999, Number.MAX_SAFE_INTEGER, 1.5, -3]) {
      const category = await call(server.app, 'POST', 'companies', {
        token: alice.token,
        body: companyBody(alice.id, { company_category_id: id }),
      });
      expect(category.status).toBe(422);
      expect(category.body.error).toBe('Invalid fields: company_category_id');
      for (const field of ['plastic_type_id', 'company_id', 'quantity_measure_id']) {
        const answer = await call(server.app, 'POST', PLASTICS, {
          token: alice.token,
          body: plastics({ [field]: id }),
        });
        expect(answer.status).toBe(422);
        expect(answer.body.error).toContain(field);
      }
      const application = await call(server.app, 'POST', PLASTICS, {
        token: alice.token,
        body: plastics({ application_id: id }),
      });
      expect(application.status).toBe(404);
      const report = await call(server.app, 'POST', 'clients/report/recycled-quantity', {
        token: alice.token,
        body: { company_id: id, report_month: '2026-01', quantity: 1 },
      });
      expect(report.status).toBe(422);
      const upload = await attach(server, { ...alice }, id as number, 'Company registration certificate');
      expect(upload.statusCode).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('multipart uploads', () => {
  /** Sends a multipart body as it is, with the caller's token. */
  const upload = (payload: string | Buffer, contentType: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/applications/upload/file',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${alice.token}` },
    });

  it('refuses NUL characters in a field, a field name or a file name, as in JSON', async () => {
    const before = await snapshot();
    for (const [fields, name] of [
      [{ application_id: String(draftId), description: 'Company\u0000certificate' }, 'a.pdf'],
      [{ application_id: String(draftId), description: 'Certificate' }, 'a\u0000.pdf'],
      [{ application_id: String(draftId), 'note\u0000': 'x' }, 'a.pdf'],
    ] as const) {
      const { payload, headers } = multipart(fields, { name, content: PDF });
      const answer = await upload(payload, headers['content-type'] ?? '');
      expect([fields, name, answer.statusCode, answer.json()]).toEqual([
        fields,
        name,
        400,
        { code: 400, data: null, error: JSON_MESSAGES.nul },
      ]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers a body that is not readable multipart with 422, keeping nothing', async () => {
    const before = await snapshot();
    const malformed = { code: 422, data: { fields: [{ field: 'file', message: MALFORMED_MULTIPART }] } };
    const cut = multipart({ application_id: String(draftId) }, { name: 'a.pdf', content: PDF }).payload.subarray(
      0,
      150,
    );
    for (const [payload, type] of [
      ['abc', 'multipart/form-data'], // no boundary
      ['--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\nabc', 'multipart/form-data; boundary=xx'],
      [
        '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4',
        'multipart/form-data; boundary=xx',
      ],
      [cut, `multipart/form-data; boundary=${/^--(\S+)/.exec(cut.toString())?.[1] ?? ''}`],
    ] as const) {
      const answer = await upload(payload, type);
      expect([type, answer.statusCode, answer.json()]).toEqual([type, 422, expect.objectContaining(malformed)]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers two files, no file, odd and prototype field names with a 4xx envelope', async () => {
    const before = await snapshot();
    const one = multipart({ application_id: String(draftId) }, { name: 'a.pdf', content: PDF });
    const boundary = /boundary=(\S+)/.exec(one.headers['content-type'] ?? '')?.[1] ?? '';
    const second = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.pdf"\r\n\r\n${PDF.toString('latin1')}\r\n`;
    const two = Buffer.from(
      one.payload.toString('latin1').replace(`--${boundary}--`, `${second}--${boundary}--`),
      'latin1',
    );
    const none = multipart({ application_id: String(draftId), description: 'x'.repeat(50_000) });
    const proto = multipart({ application_id: String(draftId) }, { name: 'a.pdf', content: PDF, field: '__proto__' });
    for (const [payload, type, status, message] of [
      [two, one.headers['content-type'], 422, ONE_FILE],
      [none.payload, none.headers['content-type'], 422, 'This field is required'],
      [proto.payload, proto.headers['content-type'], 400, undefined],
    ] as const) {
      const answer = await upload(payload, type ?? '');
      const body = answer.json<{ code: number; data: { fields?: Array<{ message: string }> }; error: unknown }>();
      expect(answer.statusCode).toBe(status);
      expect(Object.keys(body).sort()).toEqual(['code', 'data', 'error']);
      expect(body.code).toBe(status);
      expect(typeof body.error).toBe('string');
      if (message) expect(body.data.fields?.[0]?.message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('email addresses', () => {
  it(`are at most ${EMAIL_MAX_LENGTH} characters wherever they are typed (a megabyte once reached the unique index)`, async () => {
    const before = await snapshot();
    const long = `${'a'.repeat(400_000)}@example.org`;
    const justOver = `${'a'.repeat(EMAIL_MAX_LENGTH - 'example.org'.length)}@example.org`;
    expect(justOver).toHaveLength(EMAIL_MAX_LENGTH + 1);
    for (const address of [long, justOver]) {
      const register = await call(server.app, 'POST', 'clients', {
        body: { first_name: 'A', last_name: 'B', telephone: '0781234567', email: address },
      });
      expect([register.status, register.body.error]).toEqual([422, 'Invalid fields: email']);
      const profile = await call(server.app, 'PUT', `client/${alice.id}`, {
        token: alice.token,
        body: { first_name: 'Alice', last_name: 'Uwase', email: address },
      });
      expect([profile.status, profile.body.error]).toEqual([422, 'Invalid fields: email']);
      const firm = await call(server.app, 'POST', 'companies', {
        token: alice.token,
        body: companyBody(alice.id, { email: address, contact_person_email: address }),
      });
      expect([firm.status, firm.body.error]).toEqual([422, 'Invalid fields: email, contact_person_email']);
    }
    expect(await snapshot()).toEqual(before);
  });
});
