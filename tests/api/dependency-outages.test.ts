/**
 * A dependency that is away answers 503 naming it, in the caller's language, with `Retry-After`, and
 * the server serves again by itself when it is back: SQLite's file locked by another process (the
 * staff command, a backup), PostgreSQL ending the server's connections (what a restart or a failover
 * does to them), a query in flight whose connection ends, the file store failing.
 * The cluster suite (tests/cluster/outages.test.ts) restarts the real PostgreSQL and S3 servers.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applicantWithDraft,
  attach,
  call,
  multipart,
  PDF,
  signUp,
  startServer,
  type TestServer,
  type TestUser,
} from './helpers';
import { lockSqlite } from './sqlite-lock';

const onPostgres = Boolean(process.env.TEST_API_DATABASE_URL);

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A new registration: a write through the public API. */
const register = (app: TestServer['app'], n: string, language = 'en') =>
  call(app, 'POST', 'clients', {
    headers: { 'accept-language': language },
    body: {
      first_name: 'Ana',
      last_name: 'Outage',
      telephone: `07${n.padStart(8, '0')}`,
      email: `outage-${n}@example.org`,
    },
  });

describe.skipIf(onPostgres)('SQLite locked by another process', () => {
  it('waits for a brief lock and answers as usual', async () => {
    server = await startServer({ DATABASE_URL: '', DATABASE_WAIT_SECONDS: '30' });
    const lock = await lockSqlite(join(server.config.dataDir, 'ecopermit.sqlite'), 300);
    const registered = await register(server.app, '1');
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    await lock.release();
  });

  it('answers 503 naming the database past the wait, in the caller’s language, and serves again once it is free', async () => {
    server = await startServer({ DATABASE_URL: '', DATABASE_WAIT_SECONDS: '1' });
    const lock = await lockSqlite(join(server.config.dataDir, 'ecopermit.sqlite'));
    try {
      const refused = await register(server.app, '2', 'es');
      expect(refused.status).toBe(503);
      expect(refused.response.headers['retry-after']).toBe('5');
      expect(refused.body.data).toEqual({ unavailable: 'database' });
      expect(refused.body.error).toBe(
        'La base de datos no está disponible en este momento. Vuelva a intentarlo en unos segundos.',
      );
      // Reads go on while another process writes (WAL).
      expect((await call(server.app, 'GET', 'services')).status).toBe(200);
    } finally {
      await lock.release();
    }
    const registered = await register(server.app, '2');
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  });
});

describe.runIf(onPostgres)('PostgreSQL ending the server’s connections', () => {
  /** Ends every connection to the test server's database but the caller's, as a restart does. */
  const terminateOthers = (target: TestServer) =>
    sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`.execute(target.database.db);

  it('survives its idle connections being ended and opens new ones', async () => {
    server = await startServer();
    const user = await signUp(server);
    // Several requests at once: the pool holds several connections, now idle.
    await Promise.all(
      [1, 2, 3, 4].map(() => call(server!.app, 'GET', `client/statistics/${user.id}`, { token: user.token })),
    );
    await terminateOthers(server);
    // The helper's own connection is one of those ended: a new one is opened for it too.
    await terminateOthers(server).catch(() => terminateOthers(server!));
    // A connection's end reaches the pool when its socket is read: a request right after may still meet
    // one, and is answered 503 while that connection is dropped. Then every request is served.
    const statistics = () => call(server!.app, 'GET', `client/statistics/${user.id}`, { token: user.token });
    let answer = await statistics();
    for (let attempt = 0; answer.status !== 200 && attempt < 20; attempt += 1) {
      expect(answer.status).toBe(503);
      expect(answer.body.data).toEqual({ unavailable: 'database' });
      answer = await statistics();
    }
    for (const _ of [1, 2, 3]) {
      answer = await statistics();
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
  });

  it('answers 503 naming the database to the request whose connection ended mid-query', async () => {
    server = await startServer();
    const user = await signUp(server);
    const { db } = server.database;
    // A transaction of the test's holds the client's row: the request's update waits on it, in flight.
    await db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await sql`select id from clients where id = ${user.id} for update`.execute(connection);
      const profile = call(server!.app, 'PUT', `client/${user.id}`, {
        token: user.token,
        headers: { 'accept-language': 'de' },
        body: { first_name: 'Ana', last_name: 'Waiting', email: user.email },
      });
      // The request's connection is the one waiting for the lock; ending it is what a restart does.
      let ended = 0;
      while (ended === 0) {
        const rows = await sql<{ pid: number }>`select pid from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`.execute(
          connection,
        );
        for (const { pid } of rows.rows) {
          await sql`select pg_terminate_backend(${pid})`.execute(connection);
          ended += 1;
        }
        if (ended === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const answer = await profile;
      expect(answer.status).toBe(503);
      expect(answer.response.headers['retry-after']).toBe('5');
      expect(answer.body.error).toBe(
        'Die Datenbank ist im Moment nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden erneut.',
      );
      await sql`rollback`.execute(connection);
    });
    const again = await call(server.app, 'PUT', `client/${user.id}`, {
      token: user.token,
      body: { first_name: 'Ana', last_name: 'Again', email: user.email },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });
});

describe('a file store that fails', () => {
  it('answers 503 naming the file store on upload and download, and works again once it is back', async () => {
    server = await startServer();
    const { user, draft } = await applicantWithDraft(server);
    const [attached] = await server.database.db
      .selectFrom('attachments')
      .select('path')
      .where('application_id', '=', draft)
      .execute();
    const download = () =>
      server!.app.inject({
        method: 'GET',
        url: `/api/service/download-attachment?file=${encodeURIComponent(attached!.path)}`,
        headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'it' },
      });
    expect((await download()).statusCode).toBe(200);

    // The store's folder gone (a volume unmounted), a file in its place: every write and read fails.
    const folder = join(server.config.dataDir, 'uploads');
    renameSync(folder, `${folder}.away`);
    writeFileSync(folder, 'not a folder');
    try {
      const italian = "L'archivio dei file non è disponibile al momento. Riprovi tra qualche secondo.";
      const upload = await attach(server, user, draft, 'Another document');
      expect(upload.statusCode).toBe(503);
      expect(upload.headers['retry-after']).toBe('5');
      const refused = await download();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ code: 503, data: { unavailable: 'files' }, error: italian });
      const uploadIt = await attachIn(server, user, draft, 'it');
      expect(uploadIt.json()).toEqual({ code: 503, data: { unavailable: 'files' }, error: italian });
      // Nothing half-recorded: the draft holds its one document.
      const rows = await server.database.db
        .selectFrom('attachments')
        .select('path')
        .where('application_id', '=', draft)
        .execute();
      expect(rows).toEqual([attached]);
    } finally {
      rmSync(folder);
      renameSync(`${folder}.away`, folder);
    }
    expect((await download()).statusCode).toBe(200);
    const again = await attach(server, user, draft, 'Another document');
    expect(again.statusCode, again.body).toBe(201);
  });
});

/** An upload as `attach` sends it, asking for answers in `language`. */
function attachIn(target: TestServer, user: TestUser, draft: number, language: string) {
  const { payload, headers } = multipart(
    { application_id: String(draft), description: 'Another document' },
    { name: 'document.pdf', content: PDF },
  );
  return target.app.inject({
    method: 'POST',
    url: '/api/applications/upload/file',
    payload,
    headers: { ...headers, authorization: `Bearer ${user.token}`, 'accept-language': language },
  });
}
