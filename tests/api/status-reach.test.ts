/**
 * Every status of spec 01 section 4 and spec 02 section 4, for every service: reached from a
 * submission by the staff moves (the function the staff command and the staff API call), a service's
 * own statuses (`lifecycle.statuses`) through the action that reaches each, answered by
 * the application detail and the dashboard list, shown as the status table says (label, whether the
 * applicant may edit it, whether a certificate is offered), and counted in the statistics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentStatus, statisticsBucket } from '../../engine/core/status-presentation';
import { lifecycleActions, serviceStatuses } from '../../engine/core/lifecycle';
import { staffAction, staffMove } from '../../server/staff-decisions';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDefinitionsFrom } from '../../server/definitions';
import {
  applicationAt,
  call,
  signUp,
  startServer,
  type TestServer,
  type TestUser,
  servicesUnderTest,
  executorOf,
} from './helpers';

type Detail = {
  application_status_id: number;
  manually_processed: boolean;
  final_certificate_uploaded: boolean;
  certUrl: string | null;
};

/** The platform's statuses staff move a submitted application to, with what the applicant then sees. */
const MOVES: Array<{ to: number; manual?: boolean; label: string; certificate: boolean }> = [
  { to: 3, label: 'UNDER REVIEW', certificate: false },
  { to: 5, label: 'Department Approved', certificate: false },
  { to: 6, label: 'APPROVED', certificate: true },
  { to: 6, manual: true, label: 'UNDER REVIEW', certificate: false },
  { to: 7, label: 'RETURNED', certificate: false },
  { to: 9, label: 'REJECTED', certificate: false },
  { to: 10, label: 'Propose to Approve', certificate: false },
];

const PDF = Buffer.from('%PDF-1.4 a document of the authority\n%%EOF\n');

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startServer();
  alice = await signUp(server);
});
afterAll(async () => server.close());

describe('every status, for every service', () => {
  const definitions = loadDefinitionsFrom(servicesUnderTest()).definitions;

  it('knows every service of the folder', () => {
    const folders = readdirSync(servicesUnderTest()).filter((name) =>
      existsSync(join(servicesUnderTest(), name, 'service.json')),
    );
    expect(folders.length).toBeGreaterThan(0);
    expect(definitions.map((d) => d.key).sort()).toEqual(folders.sort());
  });

  for (const definition of definitions) {
    it(`${definition.title}: each status is reached by staff and shown as the spec says`, async () => {
      const expected = { approved: 0, rejected: 0, processing: 0 };
      // The service's own statuses, each through the action that reaches it, shown with its own label.
      const own = serviceStatuses(definition).map((status) => ({
        to: status.id,
        label: status.label,
        certificate: false,
        action: lifecycleActions(definition).find((action) => action.to === status.id),
      }));
      const moves = [...MOVES, ...own];
      for (const move of moves) {
        const { id, app_id } = await applicationAt(server, alice, definition.id, 2);
        if ('action' in move) {
          expect(move.action, `an action reaches ${move.to}`).toBeDefined();
          const action = move.action!;
          const path = `uploads/${'ef'.repeat(8)}${(Date.now() + id).toString(16).padStart(16, '0')}`;
          if (action.document) {
            mkdirSync(join(server.config.dataDir, 'uploads'), { recursive: true });
            writeFileSync(join(server.config.dataDir, path), PDF);
          }
          await staffAction(executorOf(server), id, action.name, {
            actor: 'staff:tester',
            ...(action.document ? { document: { path, name: 'document.pdf', size: PDF.length, pdf: true } } : {}),
            ...(action.text ? { texts: { [action.text.name]: '<p>Plant trees.</p>' } } : {}),
          });
        } else
          await staffMove(executorOf(server), id, {
            statusId: move.to,
            actor: 'staff:tester',
            ...(move.manual ? { manual: true } : {}),
          });
        const detail = (await call<Detail>(server.app, 'GET', `application/${id}`, { token: alice.token })).body.data;
        expect(detail.application_status_id).toBe(move.to);
        const shown = presentStatus(detail, serviceStatuses(definition));
        expect(shown.label, `${app_id} at ${move.to}`).toBe(move.label);
        expect(shown.editable).toBe(move.to === 7);
        expect(detail.certUrl !== null).toBe(move.certificate);
        if (move.certificate) {
          const pdf = await server.app.inject({
            method: 'GET',
            url: `/api/${(detail.certUrl ?? '').replace(/^\/+/, '')}`,
          });
          expect(pdf.statusCode).toBe(200);
          expect(pdf.headers['content-type']).toBe('application/pdf');
        }
        expected[statisticsBucket(detail)] += 1;
      }
      const list = await call<{ items: Array<{ service_id: number; application_status_id: number }> }>(
        server.app,
        'GET',
        `clients/applications/${alice.id}`,
        { token: alice.token },
      );
      const statuses = list.body.data.items.filter((item) => item.service_id === definition.id);
      expect(statuses.map((item) => item.application_status_id).sort((a, b) => a - b)).toEqual(
        moves.map((move) => move.to).sort((a, b) => a - b),
      );
      // One approved with its certificate; the manual one without it counts as processing.
      expect(expected).toEqual({ approved: 1, rejected: 1, processing: moves.length - 2 });
    });
  }
});
