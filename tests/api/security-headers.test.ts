// @module-tag dialect-free: headers and static files are set by the server, not by any query.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, startServer, type TestServer, type TestUser } from './helpers';

let server: TestServer;
let alice: TestUser;
const portal = mkdtempSync(join(tmpdir(), 'ecopermit-portal-'));
const BIG_SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ row: i })))};\n`;
beforeAll(async () => {
  mkdirSync(join(portal, 'assets'), { recursive: true });
  writeFileSync(join(portal, 'index.html'), '<!doctype html><title>EcoPermit</title>');
  writeFileSync(join(portal, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  // A built asset with its precompressed twins, as vite-plugin-precompress writes them.
  writeFileSync(join(portal, 'assets', 'big-4d5e6f.js'), BIG_SCRIPT);
  writeFileSync(join(portal, 'assets', 'big-4d5e6f.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(join(portal, 'assets', 'big-4d5e6f.js.gz'), gzipSync(BIG_SCRIPT));
  // The build's note to its tools (scripts/build-portal.mjs), and one a tool may keep in a folder.
  writeFileSync(join(portal, '.compression'), 'fast\n');
  mkdirSync(join(portal, '.vite'));
  writeFileSync(join(portal, '.vite', 'manifest.json'), '{}');
  server = await startServer({ STATIC_DIR: portal });
  alice = await signUp(server);
});
afterAll(async () => {
  await server.close();
  rmSync(portal, { recursive: true, force: true });
});

function expectBrowserHeaders(response: LightMyRequestResponse): void {
  const csp = String(response.headers['content-security-policy']);
  const directives = new Map(
    csp.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(csp).not.toContain('unsafe-eval');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-frame-options']).toBe('DENY');
}

describe('security headers', () => {
  it('are on the portal page, its assets and every kind of API answer', async () => {
    const answers = [
      await server.app.inject({ method: 'GET', url: '/dashboard' }),
      await server.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' }),
      (await call(server.app, 'GET', 'services')).response,
      (await call(server.app, 'GET', `companies/${alice.id}`, { token: alice.token })).response,
      (await call(server.app, 'GET', `companies/${alice.id}`)).response,
      (await call(server.app, 'POST', 'clients/login', { body: { username: 'x' } })).response,
      await server.app.inject({ method: 'GET', url: '/api/nothing' }),
    ];
    for (const answer of answers) expectBrowserHeaders(answer);
  });

  it('are on HEAD answers, error envelopes and answers refused before any route runs', async () => {
    const inject = (method: 'GET' | 'HEAD' | 'POST', url: string, headers = {}, payload?: string) =>
      server.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
    const answers = {
      'HEAD page': await inject('HEAD', '/dashboard'),
      'HEAD asset': await inject('HEAD', '/assets/app-1a2b3c.js'),
      'HEAD API': await inject('HEAD', '/api/services'),
      'malformed JSON': await inject('POST', '/api/clients/login', { 'content-type': 'application/json' }, '{x}'),
      'unknown body type': await inject('POST', '/api/clients/login', { 'content-type': 'text/x-unknown' }, 'x'),
      'body too large': await inject(
        'POST',
        '/api/clients/login',
        { 'content-type': 'application/json' },
        `{"a":"${'x'.repeat(1_100_000)}"}`,
      ),
      'undecodable API address': await inject('GET', '/api/%zz'),
      'undecodable page address': await inject('GET', '/%zz'),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.statusCode]))).toEqual({
      'HEAD page': 200,
      'HEAD asset': 200,
      'HEAD API': 200,
      'malformed JSON': 400,
      'unknown body type': 415,
      'body too large': 413,
      'undecodable API address': 404,
      'undecodable page address': 404,
    });
    for (const answer of Object.values(answers)) expectBrowserHeaders(answer);
    // An address that cannot be decoded answers the API's envelope, never stored.
    expect(answers['undecodable API address'].json()).toEqual({ code: 404, data: null, error: 'Not found' });
    expect(answers['undecodable API address'].headers['cache-control']).toBe('no-store');
  });

  it('are on the answer to a request the server cannot parse', async () => {
    const listening = await startServer();
    try {
      await listening.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = listening.app.server.address() as { port: number };
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
        socket.on('close', () => resolve(text));
        socket.on('error', () => resolve(text));
        socket.write('NOT HTTP AT ALL\r\n\r\n');
      });
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
      const headers = Object.fromEntries(
        head
          .split('\r\n')
          .slice(1)
          .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      expectBrowserHeaders({ headers } as unknown as LightMyRequestResponse);
      expect(headers['cache-control']).toBe('no-store');
      expect(JSON.parse(body)).toEqual({ code: 400, data: null, error: 'Bad Request' });
    } finally {
      await listening.close();
    }
  });

  it('forbid storing authenticated answers and the sign-in answer', async () => {
    const own = await call(server.app, 'GET', `client/statistics/${alice.id}`, { token: alice.token });
    expect(own.response.headers['cache-control']).toBe('no-store');
    const login = await call(server.app, 'POST', 'clients/login', {
      body: { username: alice.email, password: alice.password },
    });
    expect(login.status).toBe(200);
    expect(login.response.headers['cache-control']).toBe('no-store');
    const refused = await call(server.app, 'GET', `client/statistics/${alice.id}`);
    expect(refused.response.headers['cache-control']).toBe('no-store');
    // Public reference lists hold nothing personal.
    const services = await call(server.app, 'GET', 'services');
    expect(services.response.headers['cache-control']).toBeUndefined();
  });

  it('serve the precompressed twin the browser accepts, hashed assets for a year and the page revalidated', async () => {
    const asset = (encoding: string) =>
      server.app.inject({ method: 'GET', url: '/assets/big-4d5e6f.js', headers: { 'accept-encoding': encoding } });
    const br = await asset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await asset('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    for (const answer of [br, gz, plain]) {
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // The page names the current hashes: the browser asks again on every visit (index and app routes).
    for (const url of ['/', '/index.html', '/dashboard']) {
      const page = await server.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a file the build does not hold with 404, not the app shell, and never sends its notes', async () => {
    for (const url of ['/assets/gone-1a2b3c.js', '/assets/old.css', '/favicon-old.png', '/assets/']) {
      const missing = await server.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type'], url).toMatch(/^application\/json/);
    }
    // The build's own notes are not files of the portal.
    for (const url of ['/.compression', '/.vite/manifest.json']) {
      const note = await server.app.inject({ method: 'GET', url });
      expect(note.body, url).not.toContain('fast');
      expect(note.body, url).not.toBe('{}');
    }
    const route = await server.app.inject({ method: 'GET', url: '/view-application?appId=3' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toMatch(/^text\/html/);
  });
});
