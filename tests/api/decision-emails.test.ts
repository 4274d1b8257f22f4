/**
 * The e-mails applicants receive about their applications, read from a real SMTP server: sent after
 * the move commits by the queue's sender, in the applicant's language, with the right link; none
 * for an applicant who turned them off; none lost and none twice while the SMTP server is down or
 * two instances send from one queue.
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../engine/core';
import { buildApp } from '../../server/app';
import { pendingMail } from '../../server/mail/mail-queue';
import { staffAction, staffMove } from '../../server/staff-decisions';
import {
  applicantWithDraft,
  applicationAt,
  call,
  otpFor,
  plasticsBody,
  signUp,
  startServer,
  type TestServer,
  type TestUser,
  executorOf,
} from './helpers';
import { eventually, startSmtp, type TestSmtp } from './smtp';

const PATH = 'clients/applications/plastic-bags-authorization';
const PUBLIC_URL = 'https://portal.example.org';
const AUDIT = 17003;

let smtp: TestSmtp;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer(
    { SMTP_URL: smtp.url, PUBLIC_URL },
    { mail: { pollMs: 100, retryBaseMs: 200, retryMaxMs: 800 } },
  );
});
afterAll(async () => {
  await server.close();
  await smtp.stop();
});

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;
/** The codes of registration and reset reach the same mailbox (tests/api/codes-queue.test.ts reads them). */
const isCode = (mail: ParsedMail) => /^Your EcoPermit (registration|password reset) code$/.test(mail.subject ?? '');
/** The e-mails about applications `user` received, in order. */
const mailsTo = (user: TestUser) => smtp.received.filter((mail) => to(mail) === user.email && !isCode(mail));
const staff = { actor: 'staff:test' };

/** A plastics application of `user` submitted through the API, its applicant having chosen `language`. */
async function submitted(language = 'en') {
  const made = await applicantWithDraft(server);
  // The language menu's choice (a request's Accept-Language changes nothing stored).
  const chosen = await call(server.app, 'PUT', `client/${made.user.id}/language`, {
    token: made.user.token,
    body: { language },
  });
  expect(chosen.status).toBe(200);
  const sent = await call(server.app, 'POST', PATH, {
    token: made.user.token,
    body: plasticsBody({ clientId: made.user.id, company: made.company, applicationId: made.draft }),
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const { app_id } = await server.database.db
    .selectFrom('applications')
    .select('app_id')
    .where('id', '=', made.draft)
    .executeTakeFirstOrThrow();
  return { ...made, appId: app_id };
}

describe('decision e-mails', () => {
  it('tells of a submission in the language the applicant last used, with a link to the application', async () => {
    const { user, draft, appId } = await submitted('ru');
    await eventually(() => mailsTo(user).length === 1, 'the receipt');
    const [mail] = mailsTo(user);
    expect(mail?.subject).toBe(`Мы получили вашу заявку ${appId}`);
    expect(mail?.headers.get('content-language')).toBe('ru');
    expect(mail?.text).toContain('Мы получили вашу заявку');
    expect(mail?.text).toContain('«Разрешение на использование пластика»');
    expect(mail?.text).toContain(`${PUBLIC_URL}/view-application?appId=${draft}`);
    expect(mail?.html).toContain(`<a href="${PUBLIC_URL}/view-application?appId=${draft}">Открыть заявку</a>`);
    expect(mail?.text).toContain(`${PUBLIC_URL}/profile`);
  });

  it('tells of a return with the staff comment and a link to correct it, then of the approval with the certificate', async () => {
    const { user, draft, appId } = await submitted();
    await eventually(() => mailsTo(user).length === 1, 'the receipt');
    await staffMove(executorOf(server), draft, {
      statusId: STATUS.returned,
      comment: 'Add the <b>import permit</b>',
      ...staff,
    });
    await eventually(() => mailsTo(user).length === 2, 'the return');
    const returned = mailsTo(user)[1];
    expect(returned?.subject).toBe(`Your application ${appId} needs changes`);
    expect(returned?.text).toContain("The authority's comment: Add the <b>import permit</b>");
    expect(returned?.text).toContain(`${PUBLIC_URL}/edit-application?appId=${draft}`);
    // The comment is the staff's text, not markup: the HTML version shows it as written.
    expect(returned?.html).toContain('Add the &lt;b&gt;import permit&lt;/b&gt;');

    await server.database.db
      .updateTable('applications')
      .set({ status_id: STATUS.submitted })
      .where('id', '=', draft)
      .execute();
    await staffMove(executorOf(server), draft, { statusId: STATUS.approved, ...staff });
    await eventually(() => mailsTo(user).length === 3, 'the approval');
    const approved = mailsTo(user)[2];
    const { certificate_token } = await server.database.db
      .selectFrom('applications')
      .select('certificate_token')
      .where('id', '=', draft)
      .executeTakeFirstOrThrow();
    expect(approved?.subject).toBe(`Your application ${appId} is approved`);
    expect(approved?.text).toContain(`${PUBLIC_URL}/api/verify/certificate/${certificate_token}`);
    expect(approved?.text).not.toContain("The authority's comment");
    const certificate = await server.app.inject({ method: 'GET', url: `/api/verify/certificate/${certificate_token}` });
    expect(certificate.statusCode).toBe(200);
    expect(certificate.headers['content-type']).toContain('application/pdf');
  });

  it("tells of the service's own statuses (terms of reference approved, approved on conditions) and of a rejection", async () => {
    const user = await signUp(server);
    await call(server.app, 'PUT', `client/${user.id}/language`, { token: user.token, body: { language: 'de' } });
    const audit = await applicationAt(server, user, AUDIT, STATUS.submitted);
    await eventually(() => mailsTo(user).length === 1, 'the receipt');
    await staffAction(executorOf(server), audit.id, 'approve-tor', {
      document: { path: `uploads/tor-${audit.id}`, name: 'tor.pdf', size: 10, pdf: true },
      ...staff,
    });
    await staffAction(executorOf(server), audit.id, 'approve-with-conditions', {
      texts: { conditions: '<p>Plant 100 trees</p>' },
      ...staff,
    });
    const other = await applicationAt(server, user, AUDIT, STATUS.submitted);
    await staffMove(executorOf(server), other.id, {
      statusId: STATUS.rejected,
      comment: 'Out of scope',
      ...staff,
    });
    await eventually(() => mailsTo(user).length === 5, 'four more e-mails');
    const subjects = mailsTo(user).map((mail) => mail.subject);
    expect(subjects).toContain(`Die Leistungsbeschreibung Ihres Antrags ${audit.app_id} ist genehmigt`);
    expect(subjects).toContain(`Ihr Antrag ${audit.app_id} ist unter Auflagen genehmigt`);
    expect(subjects).toContain(`Ihr Antrag ${other.app_id} wurde abgelehnt`);
    const conditional = mailsTo(user).find((mail) => mail.subject?.includes('Auflagen'));
    expect(conditional?.text).toContain('nehmen Sie sie an oder lehnen Sie sie ab');
    expect(conditional?.text).toContain(`${PUBLIC_URL}/view-application-environmental-audit?appId=${audit.id}`);
    const rejected = mailsTo(user).find((mail) => mail.subject?.includes('abgelehnt'));
    expect(rejected?.text).toContain('Kommentar der Behörde: Out of scope');
    // The applicant accepts the conditions: the comment the lifecycle writes is told in German too.
    const accepted = await call(server.app, 'POST', 'application/applicant-confirmation', {
      token: user.token,
      body: { application_id: audit.id, applicant_confirmed: true },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    await eventually(() => mailsTo(user).length === 6, 'the approval');
    const approval = mailsTo(user).at(-1);
    expect(approval?.subject).toContain(audit.app_id);
    expect(approval?.text).toContain('Kommentar der Behörde: Genehmigungsauflagen angenommen.');
  });

  it('sends none to an applicant who turned them off in the profile, and still sends their codes', async () => {
    const user = await signUp(server);
    const turnedOff = await call<{ decision_emails: boolean }>(server.app, 'PUT', `client/${user.id}`, {
      token: user.token,
      body: { first_name: 'Alice', last_name: 'Uwase', other_name: '', email: user.email, decision_emails: false },
    });
    expect(turnedOff.status, JSON.stringify(turnedOff.body)).toBe(200);
    expect(turnedOff.body.data.decision_emails).toBe(false);
    const { id } = await applicationAt(server, user, AUDIT, STATUS.submitted);
    const { db } = server.database;
    await staffMove(executorOf(server), id, { statusId: STATUS.rejected, ...staff });
    const queued = await db
      .selectFrom('mail_queue')
      .select('id')
      .where('client_id', '=', user.id)
      .where('application_id', 'is not', null)
      .execute();
    expect(queued).toEqual([]);
    const reset = await call(server.app, 'POST', 'clients/reset-password', { body: { username: user.email } });
    expect(reset.status).toBeLessThan(300);
    const code = await otpFor(server, user.email);
    const codes = smtp.received.filter((mail) => to(mail) === user.email && isCode(mail));
    expect(codes.map((mail) => mail.subject)).toEqual([
      'Your EcoPermit registration code',
      'Your EcoPermit password reset code',
    ]);
    expect(codes[1]?.text).toContain(code);
    const bad = await call(server.app, 'PUT', `client/${user.id}`, {
      token: user.token,
      body: { first_name: 'Alice', last_name: 'Uwase', email: user.email, decision_emails: 'no' },
    });
    expect(bad.status).toBe(422);
  });

  it('loses none and sends none twice while the SMTP server is down, with two instances sending', async () => {
    const users = [await signUp(server), await signUp(server)];
    await smtp.stop();
    const { db } = server.database;
    // A second instance on the same database and queue, sending too.
    const second = await buildApp(server.config, { mail: { pollMs: 100, retryBaseMs: 200, retryMaxMs: 800 } });
    await second.ready();
    try {
      const made: { user: TestUser; id: number }[] = [];
      for (const user of users)
        for (let i = 0; i < 3; i += 1)
          made.push({ user, id: (await applicationAt(server, user, AUDIT, STATUS.submitted)).id });
      for (const [index, { id }] of made.entries())
        await staffMove(executorOf(server), id, {
          statusId: index % 2 === 0 ? STATUS.rejected : STATUS.returned,
          comment: `Decision ${index}`,
          ...staff,
        });
      const queuedFor = (ids: number[]) =>
        db.selectFrom('mail_queue').selectAll().where('application_id', 'in', ids).orderBy('id').execute();
      const ids = made.map((entry) => entry.id);
      await eventually(
        async () => (await queuedFor(ids)).some((row) => row.attempts >= 2),
        'failed attempts while the SMTP server is down',
      );
      expect((await queuedFor(ids)).every((row) => row.sent_at === null)).toBe(true);
      expect(users.flatMap(mailsTo)).toEqual([]);
      // What the metrics show: the queue waits.
      expect((await pendingMail(db)).pending).toBeGreaterThanOrEqual(12);

      await smtp.start();
      await eventually(() => users.flatMap(mailsTo).length >= 12, 'every e-mail once the server is back', 20_000);
      // A while longer: a second copy of any of them would arrive now.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const received = users.flatMap(mailsTo).map((mail) => `${to(mail)} ${mail.subject}`);
      expect(received).toHaveLength(12);
      expect(new Set(received).size).toBe(12);
      for (const { user, id } of made) {
        const { app_id } = await db
          .selectFrom('applications')
          .select('app_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const about = received.filter((line) => line.startsWith(user.email) && line.includes(app_id));
        // In the order they were made: the receipt, then the decision.
        expect(about).toHaveLength(2);
        expect(about[0]).toContain('We received your application');
      }
      expect((await queuedFor(ids)).every((row) => row.sent_at !== null)).toBe(true);
    } finally {
      await second.close();
      await smtp.start();
    }
  });
});
