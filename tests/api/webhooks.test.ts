/**
 * Webhooks against real receivers on this machine: events written with the status change they
 * report, delivered signed (checked by the standardwebhooks package's own verifier), retried with
 * their id kept and in order per application, given up on after the attempts and replayed by staff,
 * and never written for a change that was refused. Backoff is made tiny by the settings.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStaffArgs } from '../../server/staff-cli';
import { loadDefinitionsFrom } from '../../server/definitions';
import { webhookProblems } from '../../server/webhooks/subscriptions';
import type { WebhookPayload } from '../../server/webhooks/outbox';
import {
  applicantWithDraft,
  call,
  plasticsBody,
  staffCommand,
  staffKeyWith,
  startServer,
  type TestServer,
} from './helpers';
import { newSecret, startReceiver, type Receiver } from './webhook-receivers';

const SUBMIT_PATH = 'clients/applications/plastic-bags-authorization';
const MAX_ATTEMPTS = 4;

let server: TestServer;
let flaky: Receiver;
let down: Receiver;
let verifier: Receiver;
const secrets = { flaky: newSecret(), down: newSecret(), verifier: newSecret() };
let verified: Array<{ id: string; ok: boolean; payload: unknown }>;
let approver: string;

beforeAll(async () => {
  // Fails twice, then accepts everything.
  flaky = await startReceiver({ answer: (index) => (index < 2 ? 500 : 200) });
  // Nothing listens on its port until the test says so.
  down = await startReceiver({ down: true });
  verified = [];
  verifier = await startReceiver({
    answer: (_index, request) => {
      try {
        const payload = new Webhook(secrets.verifier).verify(request.body, request.headers as Record<string, string>);
        verified.push({ id: String(request.headers['webhook-id']), ok: true, payload });
        return 204;
      } catch {
        verified.push({ id: String(request.headers['webhook-id']), ok: false, payload: null });
        return 401;
      }
    },
  });
  const folder = mkdtempSync(join(tmpdir(), 'ecopermit-webhooks-'));
  const file = join(folder, 'webhooks.json');
  writeFileSync(
    file,
    JSON.stringify([
      {
        name: 'flaky',
        url: flaky.url,
        secret: secrets.flaky,
        services: ['plastics'],
        events: ['submitted', 'review', 'return'],
      },
      { name: 'down', url: down.url, secret: secrets.down, services: ['*'], events: ['*'] },
      {
        name: 'verifier',
        url: verifier.url,
        secret: secrets.verifier,
        services: ['plastics'],
        events: ['decided'],
        answers: true,
      },
    ]),
  );
  server = await startServer({
    WEBHOOKS_FILE: file,
    WEBHOOK_POLL_MS: '20',
    WEBHOOK_RETRY_MS: '10',
    WEBHOOK_MAX_WAIT_MS: '40',
    WEBHOOK_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    WEBHOOK_TIMEOUT_MS: '2000',
  });
  approver = await staffKeyWith(server, 'hooks.approver', ['plastics:approver', 'plastics:admin']);
});

afterAll(async () => {
  await server?.close();
  await Promise.all([flaky, down, verifier].map((receiver) => receiver?.close()));
});

/** Runs the sender until `done` holds, or fails after 10 s saying what was awaited. */
async function until(what: string, done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await server.app.webhookSender.runOnce();
    if (await done()) return;
    if (Date.now() > deadline) throw new Error(`not within 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

/** The outbox rows of subscription `name` for application `id`, in order. */
const rows = (name: string, id: number) =>
  server.database.db
    .selectFrom('webhook_outbox')
    .selectAll()
    .where('subscription', '=', name)
    .where('application_id', '=', id)
    .orderBy('id')
    .execute();

/** A plastics application submitted through the API: its id. */
async function submitted(): Promise<number> {
  const made = await applicantWithDraft(server);
  const sent = await call(server.app, 'POST', SUBMIT_PATH, {
    token: made.user.token,
    body: plasticsBody({ clientId: made.user.id, company: made.company, applicationId: made.draft }),
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return made.draft;
}

/** Takes staff transition `name` on application `id` with the approver's key. */
async function take(id: number, name: string, body: Record<string, unknown> = {}, key = approver) {
  return call(server.app, 'POST', `staff/applications/${id}/${name}`, { token: key, body });
}

const bodyOf = (received: { body: string }) => JSON.parse(received.body) as WebhookPayload;

describe('webhooks', () => {
  it('retries a failing receiver with the same id and delivers in order per application', async () => {
    const id = await submitted();
    expect((await take(id, 'review')).status).toBe(200);
    expect((await take(id, 'return', { comment: 'Add the invoice.' })).status).toBe(200);
    await until(
      'three events accepted by the flaky receiver',
      () => flaky.received.filter((got) => got.status === 200).length === 3,
    );
    // The first event was refused twice and accepted on its third attempt, under one id.
    const [first, second, third, ...accepted] = flaky.received;
    expect([first?.status, second?.status, third?.status]).toEqual([500, 500, 200]);
    expect(new Set([first, second, third].map((got) => got?.headers['webhook-id'])).size).toBe(1);
    // Then the later events of the application, in the order of the changes.
    expect([third, ...accepted].map((got) => bodyOf(got!).type)).toEqual([
      'application.submit',
      'application.review',
      'application.return',
    ]);
    const written = await rows('flaky', id);
    expect(written.map((row) => [row.state, row.attempts])).toEqual([
      ['delivered', 3],
      ['delivered', 1],
      ['delivered', 1],
    ]);
    expect([third, ...accepted].map((got) => got?.headers['webhook-id'])).toEqual(written.map((row) => row.message_id));
    // The payload: what changed and a link to read the rest, no answers unless asked for.
    const returned = bodyOf(accepted[1]!);
    expect(returned).toEqual({
      type: 'application.return',
      timestamp: expect.any(String),
      data: {
        application: {
          id,
          app_id: expect.stringMatching(/^[A-Z]+-\d{4}-\d+$/),
          service: 'plastics',
          status_id: 7,
          status_key: 'returned',
        },
        transition: { name: 'return', from: 'under-review', to: 'returned' },
        labels: [],
        link: `${server.config.publicUrl}/api/staff/applications/${id}`,
      },
    });
    expect(bodyOf(third!).data.labels).toEqual(['submitted']);
    // The link reads the application with a staff key.
    const link = new URL(returned.data.link);
    const read = await call(server.app, 'GET', link.pathname.replace(/^\/api\//, ''), { token: approver });
    expect(read.status).toBe(200);
  });

  it('signs each delivery so that the package verifies it, with the answers when the subscription asks', async () => {
    const id = await submitted();
    expect((await take(id, 'reject', { comment: 'Not eligible.' })).status).toBe(200);
    await until('the decision verified', () => verified.some((entry) => entry.ok));
    expect(verified).toHaveLength(1);
    const [entry] = verified;
    const [row] = await rows('verifier', id);
    expect(entry?.id).toBe(row?.message_id);
    const payload = entry?.payload as WebhookPayload;
    expect(payload.type).toBe('application.reject');
    expect(payload.data.labels).toEqual(['decided']);
    expect(payload.data.application).toMatchObject({ id, status_key: 'rejected', status_id: 9 });
    expect(Object.keys(payload.data.answers ?? {}).length).toBeGreaterThan(0);
    // Another secret does not verify it: the signature is the subscription's.
    const got = verifier.received[0]!;
    expect(() => new Webhook(newSecret()).verify(got.body, got.headers as Record<string, string>)).toThrow();
    // A submission is no decision: the verifier got nothing else.
    expect(verifier.received).toHaveLength(1);
  });

  it('writes no event for a change that was refused', async () => {
    const id = await submitted();
    const before = await rows('down', id);
    // A rejection is refused to a reviewer (the row asks for an approver): nothing changed, nothing told.
    const reviewer = await staffKeyWith(server, 'hooks.reviewer', ['plastics:reviewer']);
    expect((await take(id, 'reject', {}, reviewer)).status).toBe(403);
    expect(await rows('down', id)).toHaveLength(before.length);
  });

  it('gives up on a receiver that is down, holds the later events, and delivers all after a replay', async () => {
    await down.close();
    const id = await submitted();
    await until('the submission dead for the down receiver', async () =>
      (await rows('down', id)).some((row) => row.state === 'dead'),
    );
    expect((await take(id, 'review')).status).toBe(200);
    // The review waits behind the dead submission: never attempted.
    for (let look = 0; look < 5; look += 1) await server.app.webhookSender.runOnce();
    const [dead, held] = await rows('down', id);
    expect(dead).toMatchObject({ state: 'dead', attempts: MAX_ATTEMPTS, event_type: 'application.submit' });
    expect(dead?.last_error).toContain('ECONNREFUSED');
    expect(held).toMatchObject({ state: 'pending', attempts: 0, event_type: 'application.review' });

    // The command lists it; it refuses to replay an event it does not know.
    const listedByCommand = await staffCommand(server, ['webhooks', 'dead']);
    expect(listedByCommand.ok).toBe(true);
    expect(listedByCommand.stdout).toMatch(new RegExp(`${dead?.message_id}\\s+down\\s+application\\.submit of `));
    expect(listedByCommand.stdout).toContain('ECONNREFUSED');
    expect(await staffCommand(server, ['webhooks', 'replay', 'msg_none'])).toMatchObject({
      ok: false,
      stderr: "No webhook event 'msg_none'.\n",
    });

    // Staff admins list it; an admin of another service neither sees nor replays it; nor does a non-admin.
    const listed = await call<Array<{ id: string; app_id: string; attempts: number }>>(
      server.app,
      'GET',
      'staff/webhooks/dead',
      { token: approver },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((event) => event.id)).toContain(dead?.message_id);
    const otherAdmin = await staffKeyWith(server, 'hooks.other', ['disposal:admin']);
    const theirs = await call<Array<{ id: string }>>(server.app, 'GET', 'staff/webhooks/dead', { token: otherAdmin });
    expect(theirs.body.data.map((event) => event.id)).not.toContain(dead?.message_id);
    expect(
      (await call(server.app, 'POST', `staff/webhooks/${dead?.message_id}/replay`, { token: otherAdmin })).status,
    ).toBe(403);
    const reviewer = await staffKeyWith(server, 'hooks.reviewer2', ['plastics:reviewer']);
    expect((await call(server.app, 'GET', 'staff/webhooks/dead', { token: reviewer })).status).toBe(403);
    expect((await call(server.app, 'POST', 'staff/webhooks/msg_none/replay', { token: approver })).status).toBe(404);

    // The receiver is back; a replay sends the same event first, then the one it held.
    await down.listen();
    const replayed = await call<{ id: string }>(server.app, 'POST', `staff/webhooks/${dead?.message_id}/replay`, {
      token: approver,
    });
    expect(replayed.status).toBe(200);
    expect(replayed.body.data.id).toBe(dead?.message_id);
    expect(
      (await call(server.app, 'POST', `staff/webhooks/${dead?.message_id}/replay`, { token: approver })).status,
    ).toBe(409);
    await until('both events delivered to the receiver that was down', async () =>
      (await rows('down', id)).every((row) => row.state === 'delivered'),
    );
    const mine = down.received.filter((got) => bodyOf(got).data.application.id === id);
    expect(mine.map((got) => got.headers['webhook-id'])).toEqual([dead?.message_id, held?.message_id]);
    expect(mine.map((got) => bodyOf(got).type)).toEqual(['application.submit', 'application.review']);
  });
});

describe('the subscriptions file', () => {
  const { definitions } = loadDefinitionsFrom();
  const good = {
    name: 'crm',
    url: 'https://crm.example/hooks',
    secret: newSecret(),
    services: ['plastics'],
    events: ['decided'],
  };

  it('accepts a good file and names the entry and field of each problem', () => {
    expect(webhookProblems([good], definitions)).toEqual([]);
    expect(webhookProblems([good, { ...good, name: 'two', events: ['approve-tor', 'return'] }], definitions)).toEqual([
      expect.stringMatching(/^entry 1 \("two"\) events: 'approve-tor' is no event of plastics/),
    ]);
    expect(webhookProblems([{ ...good, services: ['plastic'] }], definitions)).toEqual([
      expect.stringMatching(/^entry 0 \("crm"\) services: 'plastic' is no loaded service/),
    ]);
    expect(webhookProblems([{ ...good, secret: 'hunter2' }], definitions)).toEqual([
      'entry 0 ("crm") secret: must be whsec_ followed by the secret in base64, at least 24 bytes (whsec_$(openssl rand -base64 32))',
    ]);
    expect(webhookProblems([{ ...good, url: 'ftp://crm.example/hooks' }], definitions)).toEqual([
      'entry 0 ("crm") url: must be an http:// or https:// address',
    ]);
    const { url: _url, ...noUrl } = good;
    expect(webhookProblems([noUrl], definitions)).toEqual([
      'entry 0 ("crm") url: is missing: the http(s) address events are posted to',
    ]);
    expect(webhookProblems([good, good], definitions)).toEqual([
      'entry 1 ("crm") name: \'crm\' is used by an earlier entry',
    ]);
    // An entry of the wrong shape does not hide another's problem with the services.
    expect(
      webhookProblems(
        [
          { ...good, url: 'crm' },
          { ...good, name: 'two', services: ['nothing'] },
        ],
        definitions,
      ),
    ).toEqual([
      'entry 0 ("crm") url: must be an http:// or https:// address',
      expect.stringMatching(/^entry 1 \("two"\) services: 'nothing' is no loaded service/),
    ]);
    // Every service: an event any table has is known.
    expect(webhookProblems([{ ...good, services: ['*'], events: ['approve-tor', '*'] }], definitions)).toEqual([]);
  });

  it('stops the start with the problems', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ecopermit-webhooks-bad-'));
    const file = join(folder, 'webhooks.json');
    writeFileSync(file, JSON.stringify([{ ...good, events: ['nothing-such'] }]));
    await expect(startServer({ WEBHOOKS_FILE: file })).rejects.toThrow(
      /WEBHOOKS_FILE .*webhooks\.json: entry 0 \("crm"\) events: 'nothing-such' is no event of plastics/,
    );
  });

  it('is the command: webhooks dead | replay <id>', () => {
    expect(parseStaffArgs(['webhooks', 'dead'])).toEqual({ command: 'webhooks', what: 'dead' });
    expect(parseStaffArgs(['webhooks', 'replay', 'msg_abc'])).toEqual({
      command: 'webhooks',
      what: 'replay',
      id: 'msg_abc',
    });
    expect(() => parseStaffArgs(['webhooks', 'replay'])).toThrow(/webhooks takes dead, or replay <id>/);
  });
});
