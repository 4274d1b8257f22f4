/**
 * Who on the staff may take which row, through the staff API with real staff keys: for every loaded
 * service and every staff transition name of its table, an application is brought to a status the
 * row is taken at (tests/lifecycle/walk.ts, along the shortest path), then each role on the service
 * asks for the row: the refused first (403), then the least role allowed (it moves the application).
 * What is expected comes from the rank table below, not from the policy itself. Then four eyes (who
 * proposed an approval does not approve it) and a guessed id of another service's application.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceDefinition, Transition } from '../../engine/core/definition-types';
import { pathsToStatuses, type LifecycleStep } from '../../engine/core/lifecycle-paths';
import { STATUS } from '../../engine/core/status-presentation';
import { statusKey, transitionsOf } from '../../engine/core/transitions';
import { loadDefinitionsFrom } from '../../server/definitions';
import { takeStep, WALK_TEXT } from '../lifecycle/walk';
import { selectedServices } from '../selected-services';
import {
  applicationAt,
  multipart,
  PDF,
  servicesUnderTest,
  signUp,
  staffKeyWith,
  startServer,
  type TestServer,
  type TestUser,
} from './helpers';

/** The roles tried, and how far each reaches: a row is taken by a rank at least its role's. */
const RANK = { none: 0, admin: 0, viewer: 1, reviewer: 2, approver: 3 } as const;
type Tried = keyof typeof RANK;
const NEEDED = { reviewer: 2, approver: 3 } as const;
const TRIED: Tried[] = ['none', 'admin', 'viewer', 'reviewer', 'approver'];

/** The shortest walk from `submitted` to a status one of `rows` is taken at. */
function walkTo(definition: ServiceDefinition, rows: readonly Transition[]): LifecycleStep[] {
  const paths = pathsToStatuses(definition.lifecycle ?? { transitions: [] });
  const walks = rows
    .flatMap((row) => row.from)
    .flatMap((from) => (paths.has(from) ? [paths.get(from) as LifecycleStep[]] : []));
  walks.sort((a, b) => a.length - b.length);
  const walk = walks[0];
  if (!walk) throw new Error(`${definition.key}: no status '${rows[0]?.name ?? ''}' is taken at is reached`);
  return walk;
}

/** Asks for row `name` of application `id` with `key`, with what the row takes. */
function take(server: TestServer, id: number, row: Transition, key: string) {
  const authorization = `Bearer ${key}`;
  const url = `/api/staff/applications/${id}/${row.name}`;
  if (row.document) {
    const body = multipart(row.text ? { [row.text.name]: WALK_TEXT } : {}, {
      name: 'document.pdf',
      content: PDF,
      type: 'application/pdf',
    });
    return server.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, authorization },
    });
  }
  return server.app.inject({
    method: 'POST',
    url,
    payload: row.text ? { [row.text.name]: WALK_TEXT } : {},
    headers: { authorization },
  });
}

describe('the staff policy through the staff API, every service and staff transition', () => {
  let server: TestServer;
  let alice: TestUser;
  let nobody: string;
  const keys = new Map<string, string>();
  const fixtures = join(servicesUnderTest(), '..', 'fixtures');

  beforeAll(async () => {
    server = await startServer();
    alice = await signUp(server);
    nobody = await staffKeyWith(server, 'nobody', []);
    for (const definition of server.services.definitions)
      for (const role of TRIED.filter((tried) => tried !== 'none'))
        keys.set(
          `${definition.key}:${role}`,
          await staffKeyWith(server, `${definition.key}.${role}`, [`${definition.key}:${role}`]),
        );
  });
  afterAll(async () => server?.close());

  const keyOf = (definition: ServiceDefinition, role: Tried) =>
    role === 'none' ? nobody : (keys.get(`${definition.key}:${role}`) as string);

  it('is asked of every loaded service', () => {
    expect(server.services.definitions.length).toBeGreaterThan(0);
  });

  for (const { key } of selectedServices(loadDefinitionsFrom(servicesUnderTest()).definitions)) {
    it(`${key}: each staff transition is refused below its role and taken at it`, async () => {
      const definition = server.services.definitions.find((candidate) => candidate.key === key) as ServiceDefinition;
      const staffRows = transitionsOf(definition).filter((row) => row.by === 'staff');
      for (const name of new Set(staffRows.map((row) => row.name))) {
        const rows = staffRows.filter((row) => row.name === name);
        const steps = walkTo(definition, rows);
        const { id } = await applicationAt(server, alice, definition.id, STATUS.submitted);
        for (const step of steps) await takeStep(server, alice, definition, id, step, fixtures);
        const at = steps.at(-1)?.transition.to ?? STATUS.submitted;
        const row = rows.find((candidate) => candidate.from.includes(at)) as Transition;
        const needed = NEEDED[row.role ?? 'reviewer'];
        const refused = TRIED.filter((role) => RANK[role] < needed);
        const allowed = TRIED.find((role) => RANK[role] >= needed) as Tried;
        for (const role of [...refused, allowed]) {
          const where = `${key}: '${name}' at '${statusKey(definition, at)}' by a ${role}`;
          const answer = await take(server, id, row, keyOf(definition, role));
          const error = answer.json<{ error: string | null }>().error;
          if (role === allowed) expect(answer.statusCode, `${where}: ${error}`).toBe(200);
          else {
            expect(answer.statusCode, `${where}: ${error}`).toBe(403);
            expect(error, where).toMatch(RANK[role] === 0 ? /has no role on/ : /needs the (reviewer|approver) role/);
          }
        }
      }
    });
  }

  it('keeps four eyes: who proposed an approval may not approve it, another approver may', async () => {
    const plastics = server.services.definitions[0] as ServiceDefinition;
    const both = await staffKeyWith(server, 'proposer.approver', [`${plastics.key}:approver`]);
    const second = await staffKeyWith(server, 'second.approver', [`${plastics.key}:approver`]);
    const { id } = await applicationAt(server, alice, plastics.id, STATUS.submitted);
    const rowNamed = (name: string) => transitionsOf(plastics).find((row) => row.name === name) as Transition;
    expect((await take(server, id, rowNamed('propose-approval'), both)).statusCode).toBe(200);
    for (const asked of [
      take(server, id, rowNamed('approve'), both),
      server.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${id}/status`,
        payload: { status_id: STATUS.approved },
        headers: { authorization: `Bearer ${both}` },
      }),
    ]) {
      const refused = await asked;
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ error: string }>().error).toBe(
        "Four eyes: you took 'propose-approval' on this application, so someone else must take 'approve'.",
      );
    }
    expect((await take(server, id, rowNamed('approve'), second)).statusCode).toBe(200);
    const history = await server.database.db
      .selectFrom('flow_histories')
      .select(['actor', 'transition', 'session'])
      .where('application_id', '=', id)
      .orderBy('id')
      .execute();
    expect(history.slice(-2)).toEqual([
      { actor: 'staff:proposer.approver', transition: 'propose-approval', session: 'key' },
      { actor: 'staff:second.approver', transition: 'approve', session: 'key' },
    ]);
  });

  it("refuses a guessed id of another service's application before saying anything of it", async () => {
    const [first, other] = server.services.definitions as [ServiceDefinition, ServiceDefinition];
    const elsewhere = await staffKeyWith(server, 'elsewhere.approver', [`${other.key}:approver`]);
    const { id } = await applicationAt(server, alice, first.id, STATUS.submitted);
    const ask = (path: string, payload: object) =>
      server.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${id}/${path}`,
        payload,
        headers: { authorization: `Bearer ${elsewhere}` },
      });
    // A row its service has, a name only another service has (else 409), a status it cannot reach (else 409).
    const foreign = transitionsOf(other).find(
      (row) => row.by === 'staff' && !transitionsOf(first).some((own) => own.name === row.name),
    );
    for (const [path, payload] of [
      ['approve', {}],
      ...(foreign && !foreign.document ? [[foreign.name, foreign.text ? { [foreign.text.name]: WALK_TEXT } : {}]] : []),
      ['status', { status_id: STATUS.draft }],
    ] as Array<[string, object]>) {
      const answer = await ask(path, payload);
      expect(answer.statusCode, path).toBe(403);
      expect(answer.json<{ error: string }>().error, path).toBe(
        `elsewhere.approver has no role on ${first.key}: ask a staff admin for one.`,
      );
    }
    expect((await ask('approve', {})).statusCode).toBe(403);
    const missing = await server.app.inject({
      method: 'POST',
      url: `/api/staff/applications/999999/approve`,
      payload: {},
      headers: { authorization: `Bearer ${elsewhere}` },
    });
    expect(missing.statusCode).toBe(404);
  });
});
