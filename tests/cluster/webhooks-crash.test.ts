/**
 * A webhook event outlives its instance: a submission writes its event while the receiver is not yet
 * listening, the instance is killed with -9 before it could deliver it, and the instance started
 * again on the same database delivers that very event (the same webhook-id) once the receiver listens;
 * stopped gracefully, it gives the sender's lease up.
 * A server process of its own (scripts/server-process.ts), on SQLite and on a throwaway PostgreSQL.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { startThrowawayPostgres } from '../../scripts/cluster/postgres';
import { freePort, startServerProcess, type ServerProcess } from '../../scripts/server-process';
import { openDatabase } from '../../server/db/database';
import { newSecret, startReceiver, type Receiver } from '../api/webhook-receivers';
import { api, draftOf, ONE_ADDRESS_SETTINGS, signIn, signUp, submission, SUBMIT, upload } from './applicant';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Waits for `done`, or fails after `ms` saying what was awaited. */
async function until<T>(what: string, done: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await done();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${ms / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A database of a throwaway PostgreSQL server, stopped after the file. */
async function postgresDatabase(): Promise<string> {
  const pg = startThrowawayPostgres(await freePort());
  cleanups.push(() => pg.stop());
  pg.createDatabase('webhook_crash');
  return pg.url('webhook_crash');
}

describe.each(['SQLite', 'PostgreSQL'] as const)('a webhook event and a killed instance, on %s', (kind) => {
  it('is delivered after the restart, with exactly the same event id', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ecopermit-webhook-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const databaseUrl = kind === 'PostgreSQL' ? await postgresDatabase() : '';
    const secret = newSecret();
    // Its port is chosen; nothing listens there yet.
    const receiver: Receiver = await startReceiver({ down: true });
    cleanups.push(() => receiver.close());
    const file = join(dataDir, 'webhooks.json');
    writeFileSync(
      file,
      JSON.stringify([{ name: 'crm', url: receiver.url, secret, services: ['*'], events: ['submitted'] }]),
    );
    const env = {
      ...ONE_ADDRESS_SETTINGS,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      STATIC_DIR: join(dataDir, 'no-portal'),
      LOG_LEVEL: 'warn',
      WEBHOOKS_FILE: file,
      WEBHOOK_POLL_MS: '100',
      WEBHOOK_RETRY_MS: '100',
      WEBHOOK_MAX_WAIT_MS: '300',
      WEBHOOK_MAX_ATTEMPTS: '1000',
    };
    const log: string[] = [];
    let instance: ServerProcess = await startServerProcess({ env, log });
    cleanups.push(() => instance.stop('SIGKILL'));
    const base = `http://127.0.0.1:${instance.port}`;

    const applicant = await signUp(base, () => log, 1, `webhook-crash-${process.pid}`);
    const { data } = await signIn(base, applicant.email);
    const draft = await draftOf(base, applicant, data.token);
    expect((await upload(base, data.token, draft)).status).toBe(201);
    const sent = await api(base, 'POST', SUBMIT, { token: data.token, body: submission(applicant, draft) });
    expect(sent.status, String(sent.error)).toBe(200);

    // The event is written with the submission, and the receiver refuses the connection meanwhile.
    const database = openDatabase({ databaseUrl, dataDir });
    cleanups.push(() => database.close());
    const outbox = () =>
      database.db.selectFrom('webhook_outbox').selectAll().where('application_id', '=', draft).execute();
    const written = await until('the event tried and refused', async () => {
      const rows = await outbox();
      return rows.length === 1 && rows[0]!.attempts >= 1 ? rows[0] : undefined;
    });
    expect(written.state).toBe('pending');
    expect(written.last_error).toContain('ECONNREFUSED');

    // Killed before it could deliver; started again on the same data, with the receiver now up.
    await instance.stop('SIGKILL');
    instance = await startServerProcess({ env, log });
    await receiver.listen();
    const got = await until('the event delivered after the restart', () => receiver.received[0]);
    expect(got.headers['webhook-id']).toBe(written.message_id);
    expect(got.body).toBe(written.payload);
    expect(new Webhook(secret).verify(got.body, got.headers as Record<string, string>)).toMatchObject({
      type: 'application.submit',
      data: { application: { id: draft, service: 'plastics', status_key: 'submitted' }, labels: ['submitted'] },
    });
    await until('the event marked delivered', async () => {
      const rows = await outbox();
      return rows.length === 1 && rows[0]!.state === 'delivered' ? true : undefined;
    });
    // Once delivered it is not sent again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([written.message_id]);
    // A graceful stop gives the sender's lease up at once (a kill leaves it to run out).
    await instance.stop('SIGTERM');
    const lease = await database.db
      .selectFrom('leases')
      .select('expires_at')
      .where('name', '=', 'webhook-sender')
      .executeTakeFirstOrThrow();
    expect(Date.parse(lease.expires_at)).toBe(0);
  }, 120_000);
});
