/**
 * The e-mail a move sends is the lifecycle's: the platform's statuses send the e-mails their base
 * (services/platform/lifecycle.json) writes, and a row of the transition table that declares its own
 * `email` sends it instead of its status's, or none with `email: false`. Read from a real SMTP server,
 * with the plastics service's lifecycle changed in the test (its base's receipt, its return and
 * reject rows).
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS, type ServiceDefinition, type StatusEmail } from '../../engine/core';
import { loadDefinitionsFrom } from '../../server/definitions';
import { staffMove } from '../../server/staff-decisions';
import {
  applicantWithDraft,
  call,
  executorOf,
  plasticsBody,
  servicesUnderTest,
  startServer,
  type TestServer,
} from './helpers';
import { eventually, startSmtp, type TestSmtp } from './smtp';

const PATH = 'clients/applications/plastic-bags-authorization';
const PLASTICS = 1;

const receipt: StatusEmail = {
  subject: 'Your bag application {app_id} has arrived',
  paragraphs: ['Dear {name},', 'It is with us.'],
  link: 'view',
  linkLabel: 'See it',
};
const returnRow: StatusEmail = {
  subject: 'Fix {app_id}, please',
  paragraphs: ['The desk says: {comment}'],
  link: 'edit',
  linkLabel: 'Fix it',
};

/** The plastics service with its lifecycle changed: the base's receipt, the return's and rejection's rows. */
function changedPlastics(definitions: ServiceDefinition[]): ServiceDefinition[] {
  return definitions.map((definition) => {
    if (definition.id !== PLASTICS || !definition.lifecycle) return definition;
    const { lifecycle } = definition;
    return {
      ...definition,
      lifecycle: {
        ...lifecycle,
        allStatuses: lifecycle.allStatuses.map((status) =>
          status.key === 'submitted' ? { ...status, email: receipt } : status,
        ),
        transitions: lifecycle.transitions.map((row) =>
          row.name === 'return' ? { ...row, email: returnRow } : row.name === 'reject' ? { ...row, email: false } : row,
        ),
      },
    };
  });
}

let smtp: TestSmtp;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  const definitions = changedPlastics(loadDefinitionsFrom(servicesUnderTest()).definitions);
  server = await startServer(
    { SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.org' },
    { definitions, mail: { pollMs: 100, retryBaseMs: 200, retryMaxMs: 800 } },
  );
});
afterAll(async () => {
  await server.close();
  await smtp.stop();
});

const staff = { actor: 'staff:test' };

describe("the e-mails of the lifecycle's moves", () => {
  it("sends the base's e-mail for a status, a row's own over its status's, and none for a silent row", async () => {
    const made = await applicantWithDraft(server);
    const mails = () =>
      smtp.received.filter((mail: ParsedMail) => {
        const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
        return to?.value[0]?.address === made.user.email && !/code$/.test(mail.subject ?? '');
      });
    const sent = await call(server.app, 'POST', PATH, {
      token: made.user.token,
      body: plasticsBody({ clientId: made.user.id, company: made.company, applicationId: made.draft }),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const { app_id: appId } = await server.database.db
      .selectFrom('applications')
      .select('app_id')
      .where('id', '=', made.draft)
      .executeTakeFirstOrThrow();
    await eventually(() => mails().length === 1, 'the receipt');
    expect(mails()[0]?.subject).toBe(`Your bag application ${appId} has arrived`);

    await staffMove(executorOf(server), made.draft, { statusId: STATUS.returned, comment: 'Add the permit', ...staff });
    await eventually(() => mails().length === 2, 'the return');
    expect(mails()[1]?.subject).toBe(`Fix ${appId}, please`);
    expect(mails()[1]?.text).toContain('The desk says: Add the permit');
    expect(mails()[1]?.text).toContain(`Fix it: https://portal.example.org/edit-application?appId=${made.draft}`);

    // The rejection's row stays silent: nothing is queued for it.
    await staffMove(executorOf(server), made.draft, { statusId: STATUS.rejected, comment: 'Out of scope', ...staff });
    const queued = await server.database.db
      .selectFrom('mail_queue')
      .select('params')
      .where('application_id', '=', made.draft)
      .orderBy('id')
      .execute();
    expect(queued.map((row) => (JSON.parse(row.params) as { status: number }).status)).toEqual([
      STATUS.submitted,
      STATUS.returned,
    ]);
    // A move that tells comes after it, and is the next e-mail: none was sent between.
    await server.database.db
      .updateTable('applications')
      .set({ status_id: STATUS.submitted })
      .where('id', '=', made.draft)
      .execute();
    await staffMove(executorOf(server), made.draft, { statusId: STATUS.approved, ...staff });
    await eventually(() => mails().length === 3, 'the approval');
    expect(mails().map((mail) => mail.subject)).toEqual([
      `Your bag application ${appId} has arrived`,
      `Fix ${appId}, please`,
      `Your application ${appId} is approved`,
    ]);
  });
});
