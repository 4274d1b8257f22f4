/**
 * The OpenAPI document publishes the answers the portal reads with the very schemas its types are
 * derived from (engine/core/contract/, engine/core/api-types.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_DETAIL_SCHEMA,
  APPLICATION_SUMMARY_SCHEMA,
  COMPANY_SCHEMA,
  OFFERED_DRAFT_SCHEMA,
  SERVICE_ATTACHMENT_SCHEMA,
  STATISTICS_SCHEMA,
  UPLOADED_SCHEMA,
} from '../../engine/core';
import { startServer, type TestServer } from './helpers';

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

let server: TestServer;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  server = await startServer();
  const answer = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(answer.statusCode).toBe(200);
  paths = (answer.json() as { paths: typeof paths }).paths;
});
afterAll(async () => server.close());

/** The `data` schema of an answer in its envelope. */
function dataOf(path: string, method: string, status: string): unknown {
  const schema = paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema as
    { properties?: { data?: unknown } } | undefined;
  return schema?.properties?.data;
}

describe('GET /api/openapi.json, for the answers the portal reads', () => {
  it('publishes the schemas the portal derives its types from', () => {
    expect(dataOf('/api/application/{id}', 'get', '200')).toEqual(APPLICATION_DETAIL_SCHEMA);
    expect(dataOf('/api/companies', 'post', '201')).toEqual(COMPANY_SCHEMA);
    expect(dataOf('/api/companies/{clientId}', 'get', '200')).toEqual({ type: 'array', items: COMPANY_SCHEMA });
    expect(dataOf('/api/applications/upload/file', 'post', '201')).toEqual(UPLOADED_SCHEMA);
    expect(dataOf('/api/client/statistics/{clientId}', 'get', '200')).toEqual(STATISTICS_SCHEMA);
    expect(dataOf('/api/client/drafts', 'get', '200')).toEqual({ type: 'array', items: OFFERED_DRAFT_SCHEMA });
    expect(dataOf('/api/service/attachments/{serviceId}', 'get', '200')).toEqual({
      type: 'array',
      items: SERVICE_ATTACHMENT_SCHEMA,
    });
  });

  it("lists an application with the portal's declared fields and the stage facts beside them", () => {
    const page = dataOf('/api/clients/applications/{clientId}', 'get', '200') as {
      properties: { items: { items: { properties: Record<string, unknown>; required: unknown } } };
    };
    const row = page.properties.items.items;
    expect(row.properties).toMatchObject(APPLICATION_SUMMARY_SCHEMA.properties);
    expect(row.required).toEqual(APPLICATION_SUMMARY_SCHEMA.required);
  });
});
