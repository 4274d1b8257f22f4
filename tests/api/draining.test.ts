/**
 * The server process stopped by SIGTERM, as an orchestrator stops one instance of several behind a
 * load balancer: readiness answers 503 at once, the listener closes after the drain delay, a request
 * in flight (a body still arriving) gets its normal answer after that, and the process exits 0. When
 * a request does not finish within SHUTDOWN_GRACE_SECONDS, the process exits 0 all the same. Also
 * checks the JSON log lines carry the caller's request id. Runs on SQLite, and on PostgreSQL in
 * `npm run test:pg` (a database of its own on TEST_API_DATABASE_URL's cluster).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../scripts/server-process';
import { NOT_READY } from '../../server/routes/operations';
import { ownPostgresDatabase } from './helpers';

const dataDir = mkdtempSync(join(tmpdir(), 'ecopermit-drain-'));
const running: ServerProcess[] = [];
/** On PostgreSQL, the database of this file's servers. */
let database: Awaited<ReturnType<typeof ownPostgresDatabase>> = null;

beforeAll(async () => {
  database = await ownPostgresDatabase();
});

afterAll(async () => {
  for (const server of running) await server.stop('SIGKILL');
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      STATIC_DIR: join(dataDir, 'no-portal'),
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  running.push(server);
  return server;
}

/** The process's JSON log lines (anything else it prints is left out). */
function jsonLines(server: ServerProcess): Array<Record<string, unknown>> {
  return server.log.flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

/** Waits until `found` holds, checking every 20 ms; fails naming `what` after a minute. */
async function until(what: string, found: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await found())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** How the process ended. */
function exitOf(server: ServerProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/**
 * A registration whose body is still arriving: the head and half the body sent on a connection of
 * its own, the rest when `finish` is called. `answer` is everything the server wrote back.
 */
function slowRegistration(port: number, requestId: string) {
  const email = `drain-${requestId}-${process.pid}@example.org`;
  const telephone = `078${String((process.pid * 7 + requestId.length) % 10_000_000).padStart(7, '0')}`;
  const body = Buffer.from(JSON.stringify({ first_name: 'Drain', last_name: 'Test', telephone, email }));
  const socket: Socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const answer = new Promise<string>((resolve) =>
    socket.once('close', () => resolve(Buffer.concat(chunks).toString())),
  );
  socket.write(
    `POST /api/clients HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nX-Request-Id: ${requestId}\r\nConnection: keep-alive\r\n\r\n`,
  );
  socket.write(body.subarray(0, body.length / 2));
  return {
    answer,
    finish: () => socket.write(body.subarray(body.length / 2)),
    destroy: () => socket.destroy(),
  };
}

/** True once the server has logged the request with this id as received. */
const received = (server: ServerProcess, requestId: string) =>
  jsonLines(server).some((line) => line.reqId === requestId && line.msg === 'incoming request');

/** True when a new connection to the port is refused (the listener is closed). */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('a server stopped with SIGTERM', () => {
  it('answers ready 503 at once, finishes the request in flight after closing its listener, exits 0', async () => {
    const server = await start({ DRAIN_DELAY_SECONDS: '5', SHUTDOWN_GRACE_SECONDS: '60' });
    const probe = { 'x-request-id': 'ready-probe-1' };
    const ready = await fetch(`${server.base}/ready`, { headers: probe });
    expect(ready.status).toBe(200);
    expect(ready.headers.get('x-request-id')).toBe('ready-probe-1');
    // The structured log names the request by the caller's id.
    await until('the probe logged', () =>
      jsonLines(server).some((line) => line.reqId === 'ready-probe-1' && line.msg === 'request completed'),
    );

    const slow = slowRegistration(server.port, 'slow-body-1');
    await until('the slow request received', () => received(server, 'slow-body-1'));
    const exited = exitOf(server);
    server.child.kill('SIGTERM');

    // Readiness fails at once, while the listener is still open for the load balancer to see it.
    let draining: Response | null = null;
    await until('ready answers 503', async () => {
      const response = await fetch(`${server.base}/ready`, { headers: probe });
      if (response.status === 200) return false;
      draining = response;
      return true;
    });
    const answered = draining as Response | null;
    expect(answered?.status).toBe(503);
    expect(answered?.headers.get('connection')).toBe('close');
    expect(await answered?.json()).toEqual({
      code: 503,
      data: { database: 'ok', storage: 'ok', draining: true },
      error: NOT_READY,
    });

    // After the drain delay the listener closes; the request in flight is still being received.
    await until('the listener closed', () => refused(server.port));
    slow.finish();
    const answer = await slow.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toMatch(/\r\nx-request-id: slow-body-1\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 201, error: null });

    expect(await exited).toEqual({ code: 0, signal: null });
    const lines = jsonLines(server);
    expect(lines.some((line) => typeof line.msg === 'string' && line.msg.startsWith('draining'))).toBe(true);
    expect(lines.some((line) => String(line.msg).startsWith('shutdown grace expired'))).toBe(false);
  }, 120_000);

  it('exits 0 when the grace runs out with a request still in flight', async () => {
    const server = await start({ DRAIN_DELAY_SECONDS: '0', SHUTDOWN_GRACE_SECONDS: '1' });
    // A body that never finishes arriving (the slow-body cutoff, 30 s by default, is far off).
    const stuck = slowRegistration(server.port, 'stuck-body-1');
    await until('the stuck request received', () => received(server, 'stuck-body-1'));
    const exited = exitOf(server);
    server.child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    // Cut by the exit: no answer.
    expect(await stuck.answer).toBe('');
    stuck.destroy();
    expect(jsonLines(server).some((line) => String(line.msg).startsWith('shutdown grace expired'))).toBe(true);
  }, 120_000);
});
