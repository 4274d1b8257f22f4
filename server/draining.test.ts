// @module-tag dialect-free: no database.
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { drainAndClose, installDraining } from './draining';

/** A listening app whose `GET /slow` answers only when `release` is called. */
async function appWithSlowRoute() {
  const app = Fastify();
  installDraining(app);
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived = () => undefined as void;
  const reached = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  app.get('/slow', async () => {
    arrived();
    await released;
    return { slow: 'done' };
  });
  app.get('/fast', async () => ({ fast: 'done' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return { app, port, release, reached };
}

/**
 * One GET on a kept-alive connection of its own (as a browser or a proxy would send it); resolves
 * with the answer, rejects when the connection fails.
 */
function get(port: number, path: string): Promise<{ status: number; connection: string | undefined; body: string }> {
  const agent = new Agent({ keepAlive: true });
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const sent = httpRequest({ port, host: '127.0.0.1', path, agent }, (response: IncomingMessage) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
      );
    });
    sent.on('error', reject);
    sent.end();
  }).finally(() => agent.destroy());
}

describe('drainAndClose', () => {
  it('lets a request in flight finish, refuses new connections, and resolves drained', async () => {
    const { app, port, release, reached } = await appWithSlowRoute();
    const slow = get(port, '/slow');
    await reached;
    expect(app.drain.inFlight).toBe(1);
    const closing = drainAndClose(app, { delayMs: 0, graceMs: 60_000 });
    expect(app.drain.draining).toBe(true);
    // The listener is closed: a new connection is refused while the slow request is still open.
    let refused: unknown = null;
    for (let attempt = 0; refused === null && attempt < 200; attempt += 1) {
      refused = await get(port, '/fast').then(
        () => null,
        (error: unknown) => error,
      );
    }
    expect((refused as NodeJS.ErrnoException | null)?.code).toBe('ECONNREFUSED');
    release();
    expect(await slow).toEqual({ status: 200, connection: 'close', body: '{"slow":"done"}' });
    expect(await closing).toBe('drained');
    expect(app.drain.inFlight).toBe(0);
  });

  it('resolves grace-expired when a request is still in flight after the grace', async () => {
    const { app, port, release, reached } = await appWithSlowRoute();
    const slow = get(port, '/slow').catch((error: unknown) => error);
    await reached;
    expect(await drainAndClose(app, { delayMs: 0, graceMs: 1 })).toBe('grace-expired');
    expect(app.drain.inFlight).toBe(1);
    release();
    await slow;
    await app.close();
  });

  it('keeps serving while draining (the drain delay), each answer closing its connection', async () => {
    const { app, port, release } = await appWithSlowRoute();
    expect((await get(port, '/fast')).connection).not.toBe('close');
    app.drain.start();
    expect(await get(port, '/fast')).toEqual({ status: 200, connection: 'close', body: '{"fast":"done"}' });
    release();
    await app.close();
  });
});
