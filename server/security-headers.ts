/**
 * Security headers of every answer, portal and API alike (helmet's): a strict
 * Content-Security-Policy without inline or evaluated scripts (the portal's form validators are
 * precompiled, so nothing needs `eval`), no framing, no MIME sniffing, no referrer, and answers of
 * the API that carry personal data never stored by a browser or proxy cache.
 *
 * The headers are helmet's, computed once: they depend on the configuration only, never on the
 * request. (@fastify/helmet builds helmet's middleware again for every request, parsing the policy
 * each time: two fifths of what a small API answer cost under load.)
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The portal's policy. Styles may be inline: MUI's emotion writes `<style>` elements at run time;
 * scripts may not, and nothing may be evaluated.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/** What helmet is asked for: the policy above, no framing, no referrer; HSTS is the proxy's. */
const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: { ...CONTENT_SECURITY_POLICY } },
  frameguard: { action: 'deny' as const },
  referrerPolicy: { policy: 'no-referrer' as const },
  // The server may run on plain HTTP on a developer's machine; a proxy in front adds HSTS for its domain.
  strictTransportSecurity: false,
};

/** Runs helmet's middleware once on a stand-in answer and keeps the headers it sets. */
function helmetHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const answer = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => delete headers[name],
    getHeader: (name: string) => headers[name],
  };
  let failure: unknown;
  helmet(HELMET_OPTIONS)({} as IncomingMessage, answer as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}

/** The security headers of every answer. */
export const SECURITY_HEADERS = helmetHeaders();

/**
 * The headers every answer carries, for the few answers written before Fastify's hooks run (an
 * address that cannot be decoded, a request Node cannot parse): the same, and never stored.
 */
export function baseSecurityHeaders(): Record<string, string> {
  return { ...SECURITY_HEADERS, 'Cache-Control': 'no-store' };
}

/**
 * Fastify's `frameworkErrors`: an address that cannot be decoded (`/api/%zz`) or a parameter over the
 * router's length is answered before any hook, so helmet never sees it. It names no resource: 404 with
 * the API's envelope and the security headers, like any other unknown address. `message` translates.
 */
export function answerFrameworkError(message: (request: FastifyRequest, text: string) => string) {
  return (error: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply): void => {
    const known = error.statusCode !== undefined && error.statusCode < 500;
    const code = known ? 404 : 500;
    void reply
      .code(code)
      .headers({ ...baseSecurityHeaders(), 'X-Request-Id': request.id })
      .send({ code, data: null, error: message(request, known ? 'Not found' : 'server error') });
  };
}

/**
 * Fastify's `clientErrorHandler`: a request Node cannot parse, headers over the size limit or too slow
 * to arrive. The answer is written to the socket (there is no request to reply to), with the security
 * headers, then the connection is closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ code, data: null, error: STATUS_CODES[code] ?? 'Bad Request' });
  const headers = {
    ...baseSecurityHeaders(),
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  if (socket.writable) {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${code} ${STATUS_CODES[code] ?? ''}\r\n${lines.join('')}\r\n${body}`);
  }
  socket.destroy(error);
}

/** Sets the headers on every answer of the root instance: static files, API answers and errors. */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(SECURITY_HEADERS);
    done();
  });
}

/**
 * `Cache-Control: no-store` on every API answer except the public reference lists (lookups,
 * services), which hold nothing personal. Login answers a token, so even public POSTs are covered.
 */
export function installNoStore(api: FastifyInstance): void {
  api.addHook('onSend', (request, reply, payload, done) => {
    const publicRead = request.routeOptions.config.public === true && request.method === 'GET';
    if (!publicRead && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}

/**
 * Cache-Control of a file of the portal's build: the hashed files under `assets/` never change under
 * their name, so browsers keep them a year without asking; anything else (index.html, which names the
 * current hashes) is checked with the server on every visit so a new release shows at once.
 */
export function portalCacheControl(path: string): string {
  return /(?:^|[/\\])assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
