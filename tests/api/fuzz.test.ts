/**
 * Property-based fuzzing of every API route (fast-check): bodies built from the service schemas and
 * the contract's fields, valid and broken (wrong types, huge and nested values, unicode, NUL,
 * prototype keys, numbers beyond a double), paths with hostile ids, with and without a token.
 * For every call: never a 5xx; every answer the envelope with `code` equal to the HTTP status;
 * every refusal carries a message; a refused call leaves the database as it was.
 *
 * Runs in `npm test` with FUZZ_RUNS runs per route and property (default 40) and again on PostgreSQL in
 * `npm run test:pg`. A failure prints the smallest request that breaks a property and its seed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../engine/core/definition-types';
import { definedProperties } from '../../engine/core/schema-walk';
import type { ApiRoute } from '../../server/app';
import { loadDefinitionsFrom } from '../../server/definitions';
import { submitRoute } from '../../engine/core/payload-mapping';
import {
  applicantWithDraft,
  applicationAt,
  companyBody,
  multipart,
  PDF,
  startServer,
  type TestServer,
  type TestUser,
  servicesUnderTest,
} from './helpers';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const FIXTURES = resolve(fileURLToPath(new URL('../../fixtures', import.meta.url)));
const DEFINITIONS = loadDefinitionsFrom(servicesUnderTest()).definitions;

// The server starts while the tests are collected: its routes name one test each, so every route has
// its own time budget however many routes the definitions add.
const server: TestServer = await startServer();
const routes: readonly ApiRoute[] = server.app.apiRoutes;
let alice: TestUser;
let company: number;
let draft: number;
/** A draft of alice's that a discard may remove, so the draft the other routes work on stays. */
let spare: number;

beforeAll(async () => {
  ({ user: alice, company, draft } = await applicantWithDraft(server));
  spare = (await applicationAt(server, alice, 1, 1)).id;
});
afterAll(async () => server.close());

/**
 * What a refused call must not change: every table's rows, except the counters a refusal is meant
 * to advance (attempt counters, a code's attempts) and a session's last use.
 */
async function fingerprint(): Promise<string> {
  const db = server.database.db;
  const parts = await Promise.all([
    db.selectFrom('clients').selectAll().orderBy('id').execute(),
    db.selectFrom('companies').selectAll().orderBy('id').execute(),
    db.selectFrom('applications').selectAll().orderBy('id').execute(),
    db.selectFrom('application_records').selectAll().orderBy('id').execute(),
    db.selectFrom('attachments').selectAll().orderBy('id').execute(),
    db.selectFrom('flow_histories').selectAll().orderBy('id').execute(),
    db.selectFrom('application_facts').selectAll().orderBy('application_id').orderBy('name').execute(),
    db.selectFrom('recycled_reports').selectAll().orderBy('id').execute(),
    db.selectFrom('tokens').select(['id', 'token_hash', 'client_id', 'revoked_at']).orderBy('id').execute(),
    db
      .selectFrom('otps')
      .select(['id', 'client_id', 'code_hash', 'confirmed_at', 'used_at', 'password_token_hash'])
      .orderBy('id')
      .execute(),
    db
      .selectFrom('lookups')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute(),
  ]);
  return JSON.stringify(parts);
}

// ---- values -------------------------------------------------------------------------------------

const hostileText = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'x'.repeat(5000),
  '<script>alert(1)</script>',
  "'; drop table clients; --",
  '../../etc/passwd',
  '\ud800',
  '😀'.repeat(50),
  'null',
  '__proto__',
);
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: hostileText },
);
const number = fc.oneof(
  fc.integer({ min: -5, max: 40 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, 2 ** 53, -(2 ** 31), 1e308, 0.1, -0),
);
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null));
const anyValue = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constant([...Array(1200).keys()]) },
  { weight: 1, arbitrary: fc.constant(JSON.parse(`${'{"a":'.repeat(50)}1${'}'.repeat(50)}`) as unknown) },
);

/** A value for one property of a service schema: mostly of its type, sometimes anything. */
function valueFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const choices: unknown[] = [];
  if (Array.isArray(schema.enum)) choices.push(...schema.enum);
  if ('const' in schema) choices.push(schema.const);
  for (const branch of [schema.oneOf, schema.anyOf].flat()) {
    if (branch && typeof branch === 'object' && 'const' in branch) choices.push((branch as { const: unknown }).const);
  }
  const typed = (() => {
    if (choices.length > 0) return fc.constantFrom(...choices);
    switch (schema.type) {
      case 'string':
        return text;
      case 'integer':
        return fc.oneof(fc.integer({ min: 0, max: 40 }), fc.constant(company), number);
      case 'number':
        return number;
      case 'boolean':
        return fc.boolean();
      case 'array':
        return depth > 2
          ? fc.constant([])
          : fc.array(
              schema.items && typeof schema.items === 'object'
                ? valueFor(schema.items as JsonSchema, depth + 1)
                : scalar,
              { maxLength: 8 },
            );
      default:
        return scalar;
    }
  })();
  return fc.oneof({ weight: 5, arbitrary: typed }, { weight: 1, arbitrary: anyValue });
}

/** Form data of a service: every property it can define, each present or not. */
function formData(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of definedProperties(schema)) shape[name] = valueFor(property);
  return fc.record(shape, { requiredKeys: [] });
}

/** The fields of the contract's non-service calls (spec 01 section 7). */
const CONTRACT_FIELDS = [
  'first_name',
  'last_name',
  'other_name',
  'telephone',
  'email',
  'phone',
  'id_number',
  'username',
  'password',
  'otp',
  'password_token',
  'client_id',
  'name',
  'company_category_id',
  'type_registration',
  'tin',
  'avgMonthlyPlasticQuantity',
  'activities',
  'address',
  'contact_person_name',
  'contact_person_job_title',
  'contact_person_phone',
  'contact_person_email',
  'province_id',
  'district_id',
  'sector_id',
  'cell_id',
  'company_id',
  'report_month',
  'quantity',
  'application_id',
  'service_id',
  'is_submitted',
] as const;

const contractBody = fc.record(Object.fromEntries(CONTRACT_FIELDS.map((f) => [f, anyValue])), { requiredKeys: [] });

/**
 * A body each route accepts (or nearly: a wrong password, an unknown code), so that mutating one to
 * three of its fields reaches the code behind the first checks. Service routes start from their
 * valid fixtures.
 */
function acceptedBodies(route: ApiRoute): Array<Record<string, unknown>> {
  const known: Record<string, () => Record<string, unknown>> = {
    'POST /api/clients': () => ({
      first_name: 'Fuzz',
      last_name: 'Tester',
      other_name: '',
      telephone: '0780000009',
      email: 'fuzz@example.org',
    }),
    'POST /api/client/confirm-otp': () => ({ username: alice.email, otp: '123456' }),
    'POST /api/client/password': () => ({
      username: alice.email,
      password: 'Long-enough-9',
      password_token: 'x'.repeat(43),
    }),
    'POST /api/clients/reset-password': () => ({ username: alice.email }),
    'POST /api/clients/login': () => ({ username: alice.email, password: 'not-her-password' }),
    'PUT /api/client/:id': () => ({
      first_name: 'Alice',
      last_name: 'Uwase',
      email: alice.email,
      phone: alice.telephone,
    }),
    'POST /api/companies': () => companyBody(alice.id),
    'PUT /api/companies/:id': () => companyBody(alice.id),
    'POST /api/clients/report/recycled-quantity': () => ({ company_id: company, report_month: '2026-01', quantity: 5 }),
    'POST /api/client/application/:serviceId': () => ({ client_id: alice.id }),
  };
  const own = known[`${route.method} ${route.url}`];
  if (own) return [own()];
  const service = serviceOf(route);
  if (!service) return [{}];
  const context = { client_id: alice.id, application_id: draft, service_id: service.id, is_submitted: true };
  const fixtures = validFixtures(service.key);
  return (fixtures.length > 0 ? fixtures : [{}]).map((data) => ({ ...data, company_id: company, ...context }));
}

/** The valid form data of a service's fixtures (fixtures/<key>/valid). */
function validFixtures(key: string): Array<Record<string, unknown>> {
  const dir = join(FIXTURES, key, 'valid');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>);
}

/** One to three changes to a body: a field replaced by any value, removed, or a field added. */
function mutated(bodies: Array<Record<string, unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const keys = [...new Set([...bodies.flatMap((b) => Object.keys(b)), ...CONTRACT_FIELDS])];
  const change = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(fc.constant('set' as const), fc.constantFrom(...keys), anyValue) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('drop' as const), fc.constantFrom(...keys), fc.constant(null)) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('set' as const), fc.oneof(hostileText, fc.string()), anyValue) },
  );
  return fc
    .tuple(fc.constantFrom(...bodies), fc.array(change, { minLength: 1, maxLength: 3 }))
    .map(([body, changes]) => {
      const copy: Record<string, unknown> = { ...body };
      for (const [kind, key, value] of changes) {
        if (kind === 'drop') delete copy[key];
        else copy[key] = value;
      }
      return copy;
    });
}

/** Bodies of a route: accepted ones mutated, schema- or contract-built ones, and oddities. */
function bodyFor(route: ApiRoute): fc.Arbitrary<unknown> {
  const accepted = acceptedBodies(route);
  const definition = serviceOf(route);
  const context = fc.record(
    {
      client_id: fc.oneof(fc.constant(alice.id), anyValue),
      application_id: fc.oneof(fc.constant(draft), anyValue),
      service_id: fc.oneof(fc.constant(definition?.id ?? 1), anyValue),
      is_submitted: fc.oneof(fc.constant(true), anyValue),
    },
    { requiredKeys: [] },
  );
  const built = definition
    ? fc.tuple(formData(definition.formSchema), context).map(([form, ctx]) => ({ ...form, ...ctx }))
    : contractBody;
  const prototypeKeys = built.map((body) => ({ ...(body as object), ['__proto__']: { admin: true } }));
  return fc.oneof(
    { weight: 8, arbitrary: mutated(accepted) },
    { weight: 1, arbitrary: fc.constantFrom(...accepted) },
    { weight: 3, arbitrary: built },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: prototypeKeys },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** The service whose submit call a route is (its schema builds the bodies), if any. */
function serviceOf(route: ApiRoute): { id: number; key: string; formSchema: JsonSchema } | undefined {
  for (const definition of DEFINITIONS) {
    for (const submit of definition.submit.calls) {
      if (submit.method === route.method && `/api${submitRoute(submit)}` === route.url) {
        return {
          id: definition.id,
          key: definition.key,
          formSchema: submit.schema ? (definition.callSchemas[submit.schema] ?? {}) : definition.formSchema,
        };
      }
    }
  }
  return undefined;
}

const pathValue = fc.oneof(
  fc.constantFrom('1', '0', '-1', '2147483648', '99999999999999999999', '1e3', '%00', '..%2F..%2Fetc', 'null', 'abc'),
  // Addresses the router cannot decode or that pass its parameter length: answered before any route.
  fc.constantFrom('%ff', '%', '%E0%A4%A', 'x'.repeat(150)),
  fc.integer({ min: 1, max: 50 }).map(String),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);

const tokenChoice = fc.constantFrom<'mine' | 'none' | 'garbage'>('mine', 'mine', 'mine', 'mine', 'none', 'garbage');

// ---- requests -------------------------------------------------------------------------------------

interface Request {
  method: string;
  url: string;
  token: 'mine' | 'none' | 'garbage';
  payload?: string | Buffer;
  contentType?: string;
}

/** Fills the route's parameters: the caller's own ids often, hostile values otherwise. */
function urlFor(route: ApiRoute): fc.Arbitrary<string> {
  const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
  const own: Record<string, string> = {
    // A DELETE takes the spare draft (the client's id could be the draft's too: both start at 1).
    id: String(route.method === 'DELETE' ? spare : alice.id),
    clientId: String(alice.id),
    serviceId: '1',
    applicationId: String(draft),
    parent: '1',
    token: 'x'.repeat(22),
  };
  return fc
    .tuple(...names.map((name) => fc.oneof(fc.constant(own[name] ?? '1'), pathValue)), fc.option(pathValue))
    .map((values) => {
      let url = route.url;
      names.forEach((name, i) => (url = url.replace(`:${name}`, String(values[i]))));
      const query = values[names.length];
      return query === null || query === undefined ? url : `${url}?page=${query}&file=${query}&format=${query}`;
    });
}

function requestFor(route: ApiRoute): fc.Arbitrary<Request> {
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  return fc.record({
    method: fc.constant(route.method),
    url: urlFor(route),
    token: route.url === '/api/clients/logout' ? fc.constantFrom<'none' | 'garbage'>('none', 'garbage') : tokenChoice,
    payload: withBody
      ? bodyFor(route).map((b) => (b === undefined ? undefined : JSON.stringify(b)))
      : fc.constant(undefined),
    contentType: fc.constant('application/json'),
  });
}

/** JSON texts JSON.stringify cannot write: numbers beyond a double, deep nesting, broken syntax. */
const rawBodies = fc.constantFrom(
  '{"quantity":1e999}',
  '{"quantity":-1e400,"company_id":1}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"a":',
  '"text"',
  '[1,2,3]',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"first_name":"\\u0000"}',
  '',
);

async function send(request: Request) {
  const headers: Record<string, string> = {};
  if (request.token === 'mine') headers.authorization = `Bearer ${alice.token}`;
  if (request.token === 'garbage') headers.authorization = 'Bearer not-a-token-at-all-but-long-enough';
  if (request.payload !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
  return server.app.inject({
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
}

/** The properties every answer keeps; a refusal also leaves the database alone. */
async function checkAnswer(request: Request): Promise<void> {
  const before = await fingerprint();
  const response = await send(request);
  const where = `${request.method} ${request.url} -> ${response.statusCode}`;
  expect(response.statusCode, where).toBeLessThan(500);
  const type = String(response.headers['content-type'] ?? '');
  if (type.startsWith('application/json')) {
    const body = response.json<{ code: number; data: unknown; error: unknown }>();
    expect(Object.keys(body).sort(), where).toEqual(['code', 'data', 'error']);
    expect(body.code, where).toBe(response.statusCode);
    if (response.statusCode >= 400) {
      expect(typeof body.error, where).toBe('string');
      expect(String(body.error).length, where).toBeGreaterThan(0);
    }
  } else if (response.statusCode >= 300 && response.statusCode < 400) {
    // The staff sign-in sends the browser on: a redirect says where.
    expect(response.headers.location, where).toBeTruthy();
  } else {
    // Only downloads and certificates answer other types, and only on success.
    expect(response.statusCode, `${where} (${type})`).toBeLessThan(300);
  }
  if (response.statusCode >= 400)
    expect(await fingerprint(), `${where}: a refused call changed the database`).toBe(before);
}

// ---- properties -------------------------------------------------------------------------------------

describe('fuzzing every API route', () => {
  it('knows every route of the API', () => {
    // The list comes from the server itself: a new route is fuzzed without editing this file.
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/clients',
        'POST /api/client/password',
        'POST /api/applications/upload/file',
        'POST /api/clients/applications/plastic-bags-authorization',
        'GET /api/verify/certificate/:token',
      ]),
    );
  });

  describe('answers any JSON body with a 4xx envelope or a success, never a 5xx', () => {
    for (const route of routes) {
      it(`${route.method} ${route.url}`, async () => {
        await fc.assert(fc.asyncProperty(requestFor(route), checkAnswer), { numRuns: RUNS, seed: seedOf() });
      });
    }
  });

  it('refuses service submissions built from the schemas unless they are valid', async () => {
    const submitRoutes = routes.filter((r) => serviceOf(r));
    expect(submitRoutes.length).toBeGreaterThan(0);
    const submissions = fc.constantFrom(...submitRoutes).chain(requestFor);
    await fc.assert(fc.asyncProperty(submissions, checkAnswer), { numRuns: RUNS * 2, seed: seedOf() });
  });

  it('answers raw JSON texts no serializer writes with a 4xx envelope', async () => {
    const writable = routes.filter((r) => r.method !== 'GET');
    const requests = fc
      .tuple(fc.constantFrom(...writable), rawBodies, tokenChoice)
      .chain(([route, payload, token]) =>
        urlFor(route).map((url): Request => ({ method: route.method, url, token, payload })),
      );
    await fc.assert(fc.asyncProperty(requests, checkAnswer), { numRuns: RUNS, seed: seedOf() });
  });

  it('answers any multipart upload with an envelope, keeping nothing it refused', async () => {
    const uploads = fc
      .record({
        application: fc.oneof(fc.constant(String(draft)), pathValue),
        description: text,
        name: fc.oneof(
          fc.constantFrom('a.pdf', '../../x.pdf', 'a.exe', '.pdf', 'ä ö.PDF', 'x'.repeat(300), 'a\u0000.pdf'),
          fc.string(),
        ),
        content: fc.oneof(
          fc.constant(PDF),
          fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
        ),
        field: fc.constantFrom('file', 'file', 'other'),
        token: tokenChoice,
      })
      .map((u): Request => {
        const { payload, headers } = multipart(
          { application_id: u.application, description: u.description },
          { name: u.name, content: u.content, field: u.field },
        );
        return {
          method: 'POST',
          url: '/api/applications/upload/file',
          token: u.token,
          payload,
          contentType: headers['content-type'],
        };
      });
    await fc.assert(fc.asyncProperty(uploads, checkAnswer), { numRuns: RUNS, seed: seedOf() });
  });

  it('answers multipart bodies no form writes (cut short, no boundary, NUL) with a 4xx envelope', async () => {
    const uploads = fc
      .record({
        description: fc.oneof(text, fc.constant('a\u0000b')),
        cut: fc.oneof(fc.constant(Infinity), fc.nat({ max: 400 })),
        boundary: fc.constantFrom('kept', 'dropped', 'wrong'),
        token: tokenChoice,
      })
      .map((u): Request => {
        const { payload, headers } = multipart(
          { application_id: String(draft), description: u.description },
          { name: 'a.pdf', content: PDF },
        );
        const type = headers['content-type'] ?? '';
        return {
          method: 'POST',
          url: '/api/applications/upload/file',
          token: u.token,
          payload: payload.subarray(0, u.cut),
          contentType: u.boundary === 'kept' ? type : u.boundary === 'dropped' ? 'multipart/form-data' : `${type}x`,
        };
      });
    await fc.assert(fc.asyncProperty(uploads, checkAnswer), { numRuns: RUNS, seed: seedOf() });
  });
});

/** A seed from FUZZ_SEED to replay a failure, else a new one per run (printed by fast-check on failure). */
function seedOf(): number | undefined {
  return process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
}
