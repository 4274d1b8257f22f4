import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_EXAMPLES } from '../../server/contract/examples';
import { paramNames } from '../../server/route-schemas';
import { collectStaffTransitions } from '../../server/transitions/staff-transitions';
import { COMPANY_REQUIRED_FIELDS, definedProperties, fieldsOfCall, formsOf, submitRoute } from '../../engine/core';
import { loadDefinitionsFrom } from '../../server/definitions';
import { servicesUnderTest, startServer, type TestServer } from './helpers';

let server: TestServer;
let document: {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        responses?: Record<string, unknown>;
        requestBody?: { content: Record<string, { schema?: { required?: string[] } }> };
        parameters?: Array<{ in: string; name: string; required?: boolean }>;
      }
    >
  >;
};
beforeAll(async () => {
  server = await startServer();
  const answer = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(answer.statusCode).toBe(200);
  document = answer.json();
});
afterAll(async () => server.close());

/** A Fastify route path as OpenAPI writes it: `/api/application/:id` -> `/api/application/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every live route of the API with its answers', () => {
    expect(server.app.apiRoutes.length).toBeGreaterThan(40);
    const missing = server.app.apiRoutes.filter((route) => {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      const statuses = Object.keys(operation?.responses ?? {});
      // A success: an answer (2xx), or a redirect for the browser (the staff sign-in's 303s).
      return !statuses.some((status) => /^[23]/.test(status)) || !statuses.includes('4XX');
    });
    expect(missing).toEqual([]);
  });

  it('documents no route the server does not have', () => {
    const live = new Set(server.app.apiRoutes.map((route) => `${route.method} ${openApiPath(route.url)}`));
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.filter((operation) => !live.has(operation))).toEqual([]);
  });

  it('holds the calls the specs document (section 7 of spec 01 and 02), their bodies with an example', () => {
    const documented = [
      ...Object.keys(BODY_EXAMPLES),
      'GET /api/provinces',
      'GET /api/districts/:parent',
      'GET /api/company-categories',
      'GET /api/companies/:clientId',
      'GET /api/application/:id',
      'GET /api/service/attachments/:serviceId',
      'GET /api/services',
      'POST /api/applications/upload/file',
      'GET /api/service/download-attachment',
      'GET /api/verify/certificate/:token',
      'POST /api/clients/applications/plastic-bags-authorization',
      'POST /api/clients/applications/application-guidance-disposal',
      'GET /api/clients/applications/:clientId',
      'GET /api/client/statistics/:clientId',
      'POST /api/clients/applications/application-basel-convention',
      'POST /api/waste-identifications-applicant',
      'POST /api/transit-states',
      'GET /api/transit-states/:applicationId',
      'POST /api/applications/requests/environmental-audit',
      'POST /api/environmental-request/locations',
    ];
    const missing = documented.filter((call) => {
      const [method = '', url = ''] = call.split(' ');
      return !document.paths[openApiPath(url)]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
    for (const [call, example] of Object.entries(BODY_EXAMPLES)) {
      const [method = '', url = ''] = call.split(' ');
      const body = document.paths[openApiPath(url)]?.[method.toLowerCase()]?.requestBody as
        { content: Record<string, { example?: unknown }> } | undefined;
      expect(body?.content['application/json']?.example, call).toEqual(example);
    }
  });

  it("lists a staff route per staff transition name of the services' tables, with its body", () => {
    type Body = { required?: string[]; properties?: Record<string, unknown> };
    type Operation = {
      summary?: string;
      requestBody?: { content: Record<string, { schema: Body }> };
    };
    const names = collectStaffTransitions(server.services).map((transition) => transition.name);
    expect(names).toEqual(
      expect.arrayContaining(['review', 'approve', 'return', 'approve-tor', 'approve-with-conditions']),
    );
    const staffPaths = Object.keys(document.paths).filter((path) => path.startsWith('/api/staff/applications/{id}/'));
    expect(staffPaths.sort()).toEqual(
      // The transitions, the moves to a status and the certificate; the console's notes, assignment, documents
      // and legal hold.
      [...names, 'status', 'certificate', 'notes', 'assignment', 'documents/{documentId}', 'legal-hold']
        .map((name) => `/api/staff/applications/{id}/${name}`)
        .sort(),
    );
    const operation = (name: string) => document.paths[`/api/staff/applications/{id}/${name}`]?.post as Operation;
    // Its text, required, and its document in a multipart form.
    const conditions = operation('approve-with-conditions');
    expect(conditions.summary).toMatch(/^approve-with-conditions: approves the application on conditions/);
    expect(conditions.requestBody?.content['application/json']?.schema.required).toEqual(['conditions']);
    const tor = operation('approve-tor').requestBody?.content;
    expect(tor?.['multipart/form-data']?.schema.required).toEqual(['file']);
    expect(Object.keys(tor?.['multipart/form-data']?.schema.properties ?? {})).toEqual(['file', 'comment']);
    expect(operation('review').requestBody?.content['multipart/form-data']).toBeUndefined();
    // The move to a status: its status id, required.
    expect(operation('status').requestBody?.content['application/json']?.schema.required).toEqual(['status_id']);
  });

  it('documents the query each route reads', () => {
    const queryOf = (path: string) =>
      (
        (document.paths[path]?.get as { parameters?: Array<{ in: string; name: string }> } | undefined)?.parameters ??
        []
      )
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name);
    expect(queryOf('/api/clients/applications/{clientId}')).toEqual(['page']);
    expect(queryOf('/api/service/download-attachment')).toEqual(['file']);
    expect(queryOf('/api/verify/certificate/{token}')).toEqual(['format']);
  });

  it('shows the input of every call: the body of each that takes one, and each path parameter', () => {
    const undeclared = server.app.apiRoutes.flatMap((route) => {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      const call = `${route.method} ${route.url}`;
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) && !operation?.requestBody ? [`${call}: body`] : [];
      const params = paramNames(route.url)
        .filter((name) => !operation?.parameters?.some((p) => p.in === 'path' && p.name === name && p.required))
        .map((name) => `${call}: ${name}`);
      return [...body, ...params];
    });
    expect(undeclared).toEqual([]);
  });

  it('shows the bodies of the account, company and report calls with their required fields', () => {
    const required = (method: string, url: string) =>
      document.paths[openApiPath(url)]?.[method]?.requestBody?.content['application/json']?.schema?.required;
    expect(required('post', '/api/clients')).toEqual(['first_name', 'last_name', 'telephone', 'email']);
    expect(required('post', '/api/client/confirm-otp')).toEqual(['username', 'otp']);
    expect(required('post', '/api/client/password')).toEqual(['username', 'password']);
    expect(required('post', '/api/clients/login')).toEqual(['username', 'password']);
    expect(required('post', '/api/clients/reset-password')).toEqual(['username']);
    expect(required('put', '/api/client/:id')).toEqual(['first_name', 'last_name', 'email']);
    expect(required('put', '/api/client/:id/language')).toEqual(['language']);
    for (const [method, url] of [
      ['post', '/api/companies'],
      ['put', '/api/companies/:id'],
    ] as const) {
      expect(required(method, url)).toEqual([...COMPANY_REQUIRED_FIELDS]);
    }
    expect(required('post', '/api/clients/report/recycled-quantity')).toEqual([
      'company_id',
      'report_month',
      'quantity',
    ]);
    expect(required('post', '/api/application/applicant-confirmation')).toEqual([
      'application_id',
      'applicant_confirmed',
    ]);
  });

  it("shows each submit call's body with the fields of its form, from the definitions", () => {
    const { definitions } = loadDefinitionsFrom(servicesUnderTest());
    const body = (method: string, url: string) =>
      (
        document.paths[openApiPath(`/api${url}`)]?.[method.toLowerCase()]?.requestBody?.content['application/json']
          ?.schema as { properties?: Record<string, { title?: string }> } | undefined
      )?.properties ?? {};
    let calls = 0;
    for (const form of definitions.flatMap((definition) => formsOf(definition))) {
      for (const call of form.submit.calls) {
        const shown = body(call.method, submitRoute(call));
        // Every key of the call's template is shown (a spread shows every field of the form it sends).
        const keys = Object.keys(call.body).filter((key) => key !== '...');
        expect(Object.keys(shown), `${form.key} ${call.name}`).toEqual(expect.arrayContaining(keys));
        for (const field of fieldsOfCall(call, [...definedProperties(form.formSchema).keys()]))
          if (call.body['...'] === '$form' && !(call.omit ?? []).includes(field))
            expect(shown[field]?.title, `${form.key} ${call.name} ${field}`).toBeTruthy();
        calls += 1;
      }
    }
    expect(calls).toBeGreaterThan(8);
  });
});
