/**
 * One-time codes and account notices go through the e-mail queue. With a mail server that accepts
 * connections and never answers a byte, registration (new, unconfirmed or taken address) and
 * password reset (known or unknown address) answer after their database work only, and nothing is
 * delivered meanwhile; the median answer times are printed. Once a real SMTP server answers on the
 * same port, every code arrives by the retry, in the applicant's language, before the e-mails about
 * applications queued earlier, and can be confirmed; the owner of a taken address gets the notice; a
 * code that expired meanwhile or that a newer code replaced is not sent; and no row keeps a plain
 * code once it is done. A request that queues a code wakes the sender, also in the middle of a run.
 */
import { createServer, type Socket } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../engine/core';
import { CODE_EMAIL_KIND, type CodeParams } from '../../server/mail/account-mail';
import { codeInMailLine } from '../../server/mail/deliver';
import { applicationAt, call, signUp, startServer, type TestServer, type TestUser } from './helpers';
import { eventually, startSmtp, type TestSmtp } from './smtp';

const PUBLIC_URL = 'https://portal.example.org';
const AUDIT = 17003;
/** Quick looks and retries, and a mail server given one second to answer. */
const MAIL = { pollMs: 100, retryBaseMs: 200, retryMaxMs: 800 };
/** Requests of each kind timed while the mail server hangs. */
const ROUNDS = 5;

/** A TCP server that accepts every connection and never writes a byte: a mail server that hangs. */
interface HangingServer {
  /** Connections accepted so far. */
  accepted(): number;
  /** Drops its connections and stops listening. */
  close(): Promise<void>;
}

async function hangingMailServer(port: number): Promise<HangingServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    // Reads what the client sends, answers nothing: no greeting, no reply.
    socket.resume();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    accepted: () => accepted,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const registration = (email: string, telephone: string) => ({
  first_name: 'Ana',
  last_name: 'Ruiz',
  other_name: '',
  telephone,
  email,
});

describe('codes through the e-mail queue, with a mail server that hangs', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let owner: TestUser;
  let hanging: HangingServer;
  /** The last queued row before the mail server hung: every later one was queued meanwhile. */
  let lastRowBefore = 0;
  let receivedBefore = 0;
  let linesBefore = 0;
  const decisions: string[] = [];
  const spanish = { email: `ana-${process.pid}@example.org`, telephone: '0796000001' };
  const late = { email: `late-${process.pid}@example.org`, telephone: '0796000002' };
  const fresh = (round: number) => ({
    email: `fresh-${round}-${process.pid}@example.org`,
    telephone: `07961000${String(round).padStart(2, '0')}`,
  });

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer(
      { SMTP_URL: smtp.url, SMTP_TIMEOUT_SECONDS: '1', PUBLIC_URL, OTP_MAX_SENDS_PER_HOUR: '1000' },
      { mail: MAIL },
    );
    owner = await signUp(server);
  });
  afterAll(async () => {
    await hanging?.close();
    await server.close();
    await smtp.stop();
  });

  /** Rows queued while the mail server hung that were delivered (not those done without sending). */
  const deliveredSince = async () =>
    (
      await server.database.db
        .selectFrom('mail_queue')
        .select(['sent_at', 'last_error'])
        .where('id', '>', lastRowBefore)
        .where('sent_at', 'is not', null)
        .execute()
    ).filter((row) => !row.last_error?.startsWith('not sent:'));

  it('answers registration and reset at once, whether or not the account exists, and delivers nothing (figures printed)', async () => {
    const { db } = server.database;
    lastRowBefore = Number(
      (
        await db
          .selectFrom('mail_queue')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
    await smtp.stop();
    hanging = await hangingMailServer(Number(new URL(smtp.url).port));
    receivedBefore = smtp.received.length;
    linesBefore = server.lines.length;
    // E-mails about applications, queued before any of the codes below.
    for (let i = 0; i < 3; i += 1) decisions.push((await applicationAt(server, owner, AUDIT, STATUS.submitted)).app_id);

    const first = await call(server.app, 'POST', 'clients', {
      body: registration(spanish.email, spanish.telephone),
      headers: { 'accept-language': 'es' },
    });
    expect(first.status).toBe(201);
    await eventually(() => hanging.accepted() > 0, 'the mail server accepting a connection');
    const lateAnswer = await call(server.app, 'POST', 'clients', { body: registration(late.email, late.telephone) });
    expect(lateAnswer.status).toBe(201);

    const kinds: Record<string, (round: number) => Promise<{ status: number }>> = {
      'register a new address': (round) =>
        call(server.app, 'POST', 'clients', { body: registration(fresh(round).email, fresh(round).telephone) }),
      'register an unconfirmed address again': (round) =>
        call(server.app, 'POST', 'clients', { body: registration(fresh(round).email, fresh(round).telephone) }),
      'register a taken address': (round) =>
        call(server.app, 'POST', 'clients', {
          body: registration(owner.email, `07962000${String(round).padStart(2, '0')}`),
        }),
      'reset a known address': () =>
        call(server.app, 'POST', 'clients/reset-password', { body: { username: owner.email } }),
      'reset an unknown address': (round) =>
        call(server.app, 'POST', 'clients/reset-password', {
          body: { username: `nobody-${round}-${process.pid}@example.org` },
        }),
    };
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [kind, request] of Object.entries(kinds)) {
        const started = performance.now();
        const answer = await request(round);
        times[kind]?.push(performance.now() - started);
        expect(answer.status, kind).toBeGreaterThanOrEqual(200);
        expect(answer.status, kind).toBeLessThan(300);
        // The answer came while the mail server held a connection and had answered nothing.
        expect(hanging.accepted()).toBeGreaterThan(0);
        expect(await deliveredSince()).toEqual([]);
        expect(server.lines.length).toBe(linesBefore);
      }
    }
    console.log(
      `[codes-queue] median answer over ${ROUNDS} requests each, the mail server hanging (SMTP_TIMEOUT_SECONDS=1):\n` +
        Object.entries(times)
          .map(([kind, values]) => `  ${kind}: ${median(values).toFixed(1)} ms`)
          .join('\n'),
    );

    // The late applicant's code expires before the mail server answers again.
    const lateRows = await db
      .selectFrom('mail_queue')
      .innerJoin('clients', 'clients.id', 'mail_queue.client_id')
      .select(['mail_queue.id', 'mail_queue.params'])
      .where('clients.email', '=', late.email)
      .execute();
    expect(lateRows).toHaveLength(2);
    for (const row of lateRows) {
      const params = {
        ...(JSON.parse(row.params) as CodeParams),
        expires_at: new Date(Date.now() - 1000).toISOString(),
      };
      await db
        .updateTable('mail_queue')
        .set({ params: JSON.stringify(params) })
        .where('id', '=', row.id)
        .execute();
    }
    expect(await deliveredSince()).toEqual([]);
  });

  it('delivers the codes by the retry once the mail server answers, before the e-mails about applications', async () => {
    const { db } = server.database;
    await hanging.close();
    await smtp.start();
    const unsent = () =>
      db.selectFrom('mail_queue').select('id').where('id', '>', lastRowBefore).where('sent_at', 'is', null).execute();
    await eventually(async () => (await unsent()).length === 0, 'every queued message done');

    const received = smtp.received.slice(receivedBefore);
    const isDecision = (mail: ParsedMail) => decisions.some((appId) => mail.subject?.includes(appId));
    expect(received.filter(isDecision)).toHaveLength(decisions.length);
    const firstDecision = received.findIndex(isDecision);
    expect(received.slice(firstDecision).every(isDecision)).toBe(true);
    expect(firstDecision).toBeGreaterThan(0);

    // In the applicant's language, and it confirms the registration.
    const spanishMails = received.filter((mail) => to(mail) === spanish.email);
    expect(spanishMails.map((mail) => mail.subject)).toEqual(['Su código de registro de EcoPermit']);
    expect(spanishMails[0]?.headers.get('content-language')).toBe('es');
    const code = /(\d{6})/.exec(spanishMails[0]?.text ?? '')?.[1] ?? '';
    expect(spanishMails[0]?.text).toContain(`Su código para confirmar su registro en el portal EcoPermit: ${code}`);
    const confirmed = await call(server.app, 'POST', 'client/confirm-otp', {
      body: { username: spanish.email, otp: code },
    });
    expect(confirmed.status).toBe(200);
    // The log shows the code of the phone (its only delivery), not of the e-mail the SMTP server took.
    expect(server.log).toContain(`[mail] To ${spanish.email} (es): Su código de registro de EcoPermit`);
    expect(server.log.map((line) => codeInMailLine(line, spanish.telephone))).toContain(code);

    // The owner of the taken address: one notice per attempt, none of those codes; of the reset
    // codes asked for meanwhile only the newest, the one that confirms.
    const ownerMails = received.filter((mail) => to(mail) === owner.email && !isDecision(mail));
    const notices = ownerMails.filter(
      (mail) => mail.subject === 'Someone tried to register your EcoPermit account again',
    );
    expect(notices).toHaveLength(ROUNDS);
    expect(notices[0]?.text).toContain(`Sign in: ${PUBLIC_URL}/login`);
    const resets = ownerMails.filter((mail) => mail.subject === 'Your EcoPermit password reset code');
    expect(resets).toHaveLength(1);
    expect(ownerMails).toHaveLength(ROUNDS + 1);
    const resetCode = /(\d{6})/.exec(resets[0]?.text ?? '')?.[1] ?? '';
    const resetConfirmed = await call(server.app, 'POST', 'client/confirm-otp', {
      body: { username: owner.email, otp: resetCode },
    });
    expect(resetConfirmed.status).toBe(200);

    // A registration started again sends its newest code only.
    for (let round = 0; round < ROUNDS; round += 1) {
      expect(received.filter((mail) => to(mail) === fresh(round).email)).toHaveLength(1);
    }

    const codeRows = await db
      .selectFrom('mail_queue')
      .innerJoin('clients', 'clients.id', 'mail_queue.client_id')
      .select(['clients.email', 'mail_queue.params', 'mail_queue.sent_at', 'mail_queue.last_error'])
      .where('mail_queue.kind', '=', CODE_EMAIL_KIND)
      .where('mail_queue.id', '>', lastRowBefore)
      .execute();
    // The expired code was not sent, with the reason kept.
    expect(received.some((mail) => to(mail) === late.email)).toBe(false);
    expect(codeRows.filter((row) => row.email === late.email).map((row) => row.last_error)).toEqual([
      'not sent: the code expired',
      'not sent: the code expired',
    ]);
    expect(codeRows.filter((row) => row.last_error === 'not sent: a newer code replaced it')).toHaveLength(
      2 * (ROUNDS - 1) + 2 * ROUNDS,
    );
    // Done, sent or not: no plain code left in the queue.
    expect(codeRows.length).toBeGreaterThan(0);
    for (const row of codeRows) {
      expect(row.sent_at).not.toBeNull();
      expect(JSON.parse(row.params)).not.toHaveProperty('code');
    }
  });
});

describe('a request that queues a code wakes the sender', () => {
  it('delivers at once without waiting for the next look, and looks again after a run in progress', async () => {
    const entered: string[] = [];
    const delivered: string[] = [];
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // The next look is ten minutes away: only waking delivers within the test.
    const server = await startServer(
      {},
      {
        mail: {
          pollMs: 10 * 60_000,
          deliver: async (email) => {
            entered.push(email.to);
            await gate;
            delivered.push(email.to);
          },
        },
      },
    );
    try {
      const first = `first-${process.pid}@example.org`;
      const second = `second-${process.pid}@example.org`;
      await call(server.app, 'POST', 'clients', { body: registration(first, '0797000001') });
      await eventually(() => entered.includes(first), 'the first code handed to the delivery');
      // Queued while that run is held in the delivery: the run read the queue before this code was there.
      await call(server.app, 'POST', 'clients', { body: registration(second, '0797000002') });
      open();
      // Each code goes to the e-mail address, then the phone: the phone's is the last of the run.
      await eventually(() => delivered.includes('0797000002'), 'the second code delivered by the look after the run');
      expect(delivered).toEqual([first, '0797000001', second, '0797000002']);
    } finally {
      open();
      await server.close();
    }
  });
});
