/**
 * Every status of spec 01 section 4 and spec 02 section 4, for every service: reached from a
 * submission by the staff moves (the function the staff command and the staff API call), answered by
 * the application detail and the dashboard list, shown as the status table says (label, whether the
 * applicant may edit it, whether a certificate is offered), and counted in the statistics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentStatus, statisticsBucket } from '../../engine/core/status-presentation';
import { staffMove } from '../../server/applications-store';
import { loadDefinitionsFrom } from '../../server/definitions';
import { applicationAt, call, signUp, startServer, type TestServer, type TestUser } from './helpers';

type Detail = {
  application_status_id: number;
  manually_processed: boolean;
  final_certificate_uploaded: boolean;
  certUrl: string | null;
};

/** The statuses staff move a submitted application to, with what the applicant then sees. */
const MOVES: Array<{ to: number; manual?: boolean; conditions?: string; label: string; certificate: boolean }> = [
  { to: 3, label: 'UNDER REVIEW', certificate: false },
  { to: 5, label: 'Department Approved', certificate: false },
  { to: 6, label: 'APPROVED', certificate: true },
  { to: 6, manual: true, label: 'UNDER REVIEW', certificate: false },
  { to: 7, label: 'RETURNED', certificate: false },
  { to: 9, label: 'REJECTED', certificate: false },
  { to: 10, label: 'Propose to Approve', certificate: false },
  { to: 17, label: 'TOR Approved', certificate: false },
  { to: 18, conditions: '<p>Plant trees.</p>', label: 'Conditionally Approved', certificate: false },
];

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startServer();
  alice = await signUp(server);
});
afterAll(async () => server.close());

describe('every status, for every service', () => {
  const definitions = loadDefinitionsFrom().definitions;

  it('knows the eight services', () => {
    expect(definitions.map((d) => d.id)).toEqual([1, 2, 3, 4, 6, 17001, 17002, 17003]);
  });

  for (const definition of definitions) {
    it(`${definition.title}: each status is reached by staff and shown as the spec says`, async () => {
      const expected = { approved: 0, rejected: 0, processing: 0 };
      for (const move of MOVES) {
        const { id, app_id } = await applicationAt(server, alice, definition.id, 2);
        await staffMove(server.database.db, server.database.dialect, id, {
          statusId: move.to,
          actor: 'staff:tester',
          ...(move.manual ? { manual: true } : {}),
          ...(move.conditions ? { conditions: move.conditions } : {}),
        });
        const detail = (await call<Detail>(server.app, 'GET', `application/${id}`, { token: alice.token })).body.data;
        expect(detail.application_status_id).toBe(move.to);
        const shown = presentStatus(detail);
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
        MOVES.map((move) => move.to).sort((a, b) => a - b),
      );
      // One approved with its certificate; the manual one without it counts as processing.
      expect(expected).toEqual({ approved: 1, rejected: 1, processing: MOVES.length - 2 });
    });
  }
});
