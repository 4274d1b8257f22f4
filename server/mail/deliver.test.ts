// @module-tag dialect-free: no database.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliver } from './deliver';

/** A mail server that accepts connections and never writes a byte (no greeting, no reply). */
let hanging: Server;
const sockets = new Set<Socket>();
beforeAll(async () => {
  hanging = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.resume();
  });
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => hanging.close(() => resolve()));
});

describe('delivery by SMTP', () => {
  it('gives up on a server that accepts and never answers after SMTP_TIMEOUT_SECONDS, not nodemailer’s 30 s or more', async () => {
    const address = hanging.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const deliver = createDeliver(`smtp://127.0.0.1:${port}`, 'EcoPermit <no-reply@example.org>', {
      timeoutMs: 300,
      log: () => undefined,
    });
    const delivery = deliver({ to: 'ana@example.org', language: 'en', subject: 'Hello', text: 'Hello', html: '' });
    // Within the test's own limit (20 s): nodemailer's default wait for the greeting alone is 30 s.
    await expect(delivery).rejects.toMatchObject({ code: 'ETIMEDOUT' });
  });
});
