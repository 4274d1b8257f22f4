/**
 * The routes drawn from the transition tables (server/transitions/staff-transitions.ts): a staff
 * route per staff transition name of the loaded definitions, kept versions included, and the
 * applicant's decision and task saves only where a table has their rows. The audit's current version
 * here lacks its conditional approval, its decision and its task's row; its earlier version, kept,
 * has them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceDefinition } from '../../engine/core';
import { loadDefinitionsFrom } from '../../server/definitions';
import { applicationAt, signUp, staffKeyWith, startServer, type TestServer, type TestUser } from './helpers';

const AUDIT = 17003;
const loaded = loadDefinitionsFrom();
const audit = loaded.definitions.find((definition) => definition.id === AUDIT) as ServiceDefinition;
const lifecycle = audit.lifecycle as NonNullable<ServiceDefinition['lifecycle']>;
/** The audit's next version, without the conditional approval, the applicant's answer to it and its task's row. */
const auditWithoutConditions: ServiceDefinition = {
  ...audit,
  version: audit.version + 1,
  lifecycle: {
    ...lifecycle,
    decision: undefined,
    transitions: lifecycle.transitions.filter(
      (row) => row.name !== 'approve-with-conditions' && row.via !== 'decision' && row.via !== 'task',
    ),
  },
};
const current = loaded.definitions.map((definition) => (definition.id === AUDIT ? auditWithoutConditions : definition));

const has = (server: TestServer, url: string) =>
  server.app.apiRoutes.some((route) => route.method === 'POST' && route.url === url);

describe('routes drawn from the current tables only', () => {
  let server: TestServer;
  let alice: TestUser;
  let key: string;
  beforeAll(async () => {
    server = await startServer({}, { definitions: current, archived: [] });
    alice = await signUp(server);
    key = await staffKeyWith(server, 'reviewer.one');
  });
  afterAll(async () => server.close());

  it('has no route for a transition name no service has, nor a decision route without decision rows', async () => {
    expect(has(server, '/api/staff/applications/:id/approve-tor')).toBe(true);
    expect(has(server, '/api/staff/applications/:id/approve-with-conditions')).toBe(false);
    expect(has(server, '/api/application/applicant-confirmation')).toBe(false);
    expect(has(server, '/api/environmental-audit/firm-details')).toBe(false);
    const { id } = await applicationAt(server, alice, AUDIT, 2);
    const conditions = await server.app.inject({
      method: 'POST',
      url: `/api/staff/applications/${id}/approve-with-conditions`,
      payload: { conditions: '<p>Trees</p>' },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(conditions.statusCode).toBe(404);
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/application/applicant-confirmation',
      payload: { application_id: id, applicant_confirmed: true },
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(answer.statusCode).toBe(404);
  });
});

describe('routes drawn from the kept versions too', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({}, { definitions: current, archived: [audit] });
  });
  afterAll(async () => server.close());

  it("registers the kept version's transitions, its decision and its task's save", () => {
    expect(has(server, '/api/staff/applications/:id/approve-with-conditions')).toBe(true);
    expect(has(server, '/api/application/applicant-confirmation')).toBe(true);
    expect(has(server, '/api/environmental-audit/firm-details')).toBe(true);
  });
});
