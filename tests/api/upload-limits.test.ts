/**
 * Uploads under pressure: quotas per application and per client and day, interrupted uploads that
 * leave nothing behind, leftovers of a crash swept at start, and bodies that arrive too slowly.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { SLOW_BODY_MESSAGE } from '../../server/slow-bodies';
import { attach, call, multipart, PDF, signUp, startServer, type TestServer, type TestUser } from './helpers';

const draftOf = async (server: TestServer, user: TestUser) =>
  (
    await call<{ id: number }>(server.app, 'POST', 'client/application/1', {
      token: user.token,
      body: { client_id: user.id },
    })
  ).body.data.id;

const uploadsOnDisk = (server: TestServer) => readdirSync(join(server.config.dataDir, 'uploads'));

/** A PDF of about `kilobytes` KB. */
const pdfOf = (kilobytes: number) => Buffer.concat([PDF, Buffer.alloc(kilobytes * 1024, 0x20)]);

const until = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('upload quotas', () => {
  let server: TestServer;
  let alice: TestUser;
  beforeAll(async () => {
    server = await startServer({
      UPLOAD_MAX_FILES_PER_APPLICATION: '2',
      UPLOAD_MAX_MB_PER_APPLICATION: '1',
      UPLOAD_MAX_FILES_PER_DAY: '5',
    });
    alice = await signUp(server);
  });
  afterAll(async () => server.close());

  it('refuses a file beyond the files or megabytes of one application, keeping nothing on disk', async () => {
    const byCount = await draftOf(server, alice);
    expect((await attach(server, alice, byCount, 'a')).statusCode).toBe(201);
    expect((await attach(server, alice, byCount, 'b')).statusCode).toBe(201);
    const before = uploadsOnDisk(server).length;
    const third = await attach(server, alice, byCount, 'c');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({
      code: 409,
      data: null,
      error: 'This application already holds the most files allowed (2 files, 1 MB in all).',
    });
    expect(uploadsOnDisk(server)).toHaveLength(before);

    const bySize = await draftOf(server, alice);
    expect((await attach(server, alice, bySize, 'a', { name: 'a.pdf', content: pdfOf(600) })).statusCode).toBe(201);
    expect((await attach(server, alice, bySize, 'b', { name: 'b.pdf', content: pdfOf(600) })).statusCode).toBe(409);
  });

  it('refuses a client beyond the files of the day with 429, whatever the application', async () => {
    // Three stored above; two more fit in the day.
    const other = await draftOf(server, alice);
    expect((await attach(server, alice, other, 'a')).statusCode).toBe(201);
    expect((await attach(server, alice, other, 'b')).statusCode).toBe(201);
    const more = await draftOf(server, alice);
    const refused = await attach(server, alice, more, 'a');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(
      "You have reached today's upload limit (5 files, 500 MB). Please try again tomorrow.",
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
    // Another client is not affected.
    const bob = await signUp(server);
    expect((await attach(server, bob, await draftOf(server, bob), 'a')).statusCode).toBe(201);
  });

  it('holds the per-application quota under concurrent uploads', async () => {
    const bob = await signUp(server);
    const id = await draftOf(server, bob);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => attach(server, bob, id, `file ${n}`)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(2);
  });
});

describe('upload quota of the day in megabytes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ UPLOAD_MAX_MB_PER_DAY: '1', UPLOAD_MAX_MB_PER_APPLICATION: '10' });
  });
  afterAll(async () => server.close());

  it('refuses a file beyond the megabytes of the day with 429; a refused file uses none of them', async () => {
    const alice = await signUp(server);
    const first = await draftOf(server, alice);
    expect((await attach(server, alice, first, 'a', { name: 'a.pdf', content: pdfOf(600) })).statusCode).toBe(201);
    const before = uploadsOnDisk(server);
    const second = await draftOf(server, alice);
    const refused = await attach(server, alice, second, 'b', { name: 'b.pdf', content: pdfOf(600) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 429,
      data: null,
      error: "You have reached today's upload limit (100 files, 1 MB). Please try again tomorrow.",
    });
    expect(uploadsOnDisk(server)).toEqual(before);
    // What is left of the day still takes a smaller file.
    expect((await attach(server, alice, second, 'c', { name: 'c.pdf', content: pdfOf(300) })).statusCode).toBe(201);
  });
});

/** Opens a raw connection to a listening server. */
function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** What the server sends until it closes the connection, `enough` says so, or `ms` pass. */
function readAll(
  socket: Socket,
  ms = 8000,
  enough: (text: string) => boolean = () => false,
): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    let text = '';
    const timer = setTimeout(() => resolve({ text, closed: false }), ms);
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      if (enough(text)) {
        clearTimeout(timer);
        resolve({ text, closed: false });
      }
    });
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
  });
}

describe('interrupted and slow bodies (a listening server)', () => {
  let server: TestServer;
  let alice: TestUser;
  let port: number;
  beforeAll(async () => {
    server = await startServer({ BODY_TIMEOUT_SECONDS: '1' });
    alice = await signUp(server);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => server.close());

  /** Headers and the first part of a multipart upload whose declared length is never reached. */
  async function startUpload(): Promise<{ socket: Socket; rest: Buffer }> {
    const id = await draftOf(server, alice);
    const { payload, headers } = multipart(
      { application_id: String(id), description: 'Company registration certificate' },
      { name: 'big.pdf', content: pdfOf(512) },
    );
    const socket = await open(port);
    socket.write(
      `POST /api/applications/upload/file HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${alice.token}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    const half = Math.floor(payload.length / 2);
    socket.write(payload.subarray(0, half));
    return { socket, rest: payload.subarray(half) };
  }

  it('removes the partial file of an upload whose connection drops', async () => {
    const { socket } = await startUpload();
    await until(() => uploadsOnDisk(server).some((name) => name.endsWith('.part')));
    socket.destroy();
    await until(() => uploadsOnDisk(server).length === 0);
  });

  it('cuts an upload that stops arriving with 408 and removes its partial file', async () => {
    const { socket } = await startUpload();
    const answer = await readAll(socket);
    expect(answer.closed).toBe(true);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408/);
    expect(answer.text).toContain(SLOW_BODY_MESSAGE);
    await until(() => uploadsOnDisk(server).length === 0);
  });

  it('cuts a JSON body trickling a byte at a time', async () => {
    const socket = await open(port);
    const body = JSON.stringify({ username: 'someone@example.org', password: 'x'.repeat(200) });
    socket.write(
      `POST /api/clients/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const reading = readAll(socket);
    let sent = 0;
    const trickle = setInterval(() => {
      if (!socket.destroyed && sent < body.length) socket.write(body[sent++] ?? '');
    }, 100);
    const answer = await reading;
    clearInterval(trickle);
    expect(answer.closed).toBe(true);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408/);
    expect(sent).toBeLessThan(body.length);
  });

  it('cuts a JSON body that keeps moving but has not arrived within the window', async () => {
    const socket = await open(port);
    const body = JSON.stringify({ username: 'someone@example.org', password: 'x'.repeat(100_000) });
    socket.write(
      `POST /api/clients/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const reading = readAll(socket);
    // About 20 KB a second, far above the minimum rate an upload must keep: the whole would take 5 seconds.
    let sent = 0;
    const feed = setInterval(() => {
      if (!socket.destroyed && sent < body.length) socket.write(body.slice(sent, (sent += 2000)));
    }, 100);
    const answer = await reading;
    clearInterval(feed);
    expect(answer.closed).toBe(true);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408/);
    expect(sent).toBeLessThan(body.length);
  });

  it('lets a slow but moving upload finish', async () => {
    const { socket, rest } = await startUpload();
    const reading = readAll(socket, 15000, (text) => text.includes('"code":201'));
    // About 100 KB a second: slow, but far above the minimum rate.
    for (let offset = 0; offset < rest.length; offset += 20 * 1024) {
      socket.write(rest.subarray(offset, offset + 20 * 1024));
      await new Promise((r) => setTimeout(r, 200));
    }
    const answer = await reading;
    expect(answer.text).toMatch(/^HTTP\/1\.1 201/);
    socket.destroy();
  });
});

describe('leftovers of an interrupted run', () => {
  it('are swept at start: partial files and files no record points to; recorded files stay', async () => {
    const server = await startServer();
    const { config } = server;
    const alice = await signUp(server);
    const id = await draftOf(server, alice);
    const kept = (await attach(server, alice, id, 'Company registration certificate')).json<{
      data: { path: string };
    }>().data.path;
    await server.app.close();
    const uploads = join(config.dataDir, 'uploads');
    mkdirSync(uploads, { recursive: true });
    writeFileSync(join(uploads, `${'a'.repeat(32)}.part`), 'half a file');
    writeFileSync(join(uploads, 'b'.repeat(32)), 'a file whose record was never written');

    const restarted = await buildApp(config);
    try {
      expect(readdirSync(uploads)).toEqual([kept.slice('uploads/'.length)]);
      expect(existsSync(join(config.dataDir, kept))).toBe(true);
    } finally {
      await restarted.close();
      await server.close();
    }
  });
});
