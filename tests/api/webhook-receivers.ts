/**
 * Real webhook receivers on 127.0.0.1 for the tests: each records every request it is sent (headers
 * and raw body) and answers as its `answer` says (a status per request, in order). One may be "down":
 * its port chosen but nothing listening (the sender's connection is refused) until `listen()`.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { freePort } from '../../scripts/server-process';

/** One request a receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** What it answered. */
  status: number;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Starts listening (again) on its port. */
  listen(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A receiver at a free port answering each request with `answer(request number from 0, the request)`
 * (204 by default); listening at once unless `down`.
 */
export async function startReceiver(
  options: { answer?: (index: number, request: Omit<Received, 'status'>) => number; down?: boolean } = {},
): Promise<Receiver> {
  const port = await freePort();
  const received: Received[] = [];
  let server: Server | null = null;
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    async listen() {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const got = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
          const status = options.answer?.(received.length, got) ?? 204;
          received.push({ ...got, status });
          response.writeHead(status).end(status >= 300 ? 'not now' : '');
        });
      });
      await new Promise<void>((done) => server?.listen(port, '127.0.0.1', done));
    },
    async close() {
      server?.closeAllConnections();
      await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
      server = null;
    },
  };
  if (!options.down) await receiver.listen();
  return receiver;
}

/** A new Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
