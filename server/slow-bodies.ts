/**
 * Cuts request bodies that arrive too slowly: a client that opens an upload and then sends nothing,
 * or a byte now and then, would otherwise hold a connection (and a half-written file) for ever.
 *
 * The body is watched in windows of BODY_TIMEOUT_SECONDS: a window in which fewer than
 * `MIN_BODY_BYTES_PER_SECOND` per second arrived ends the request with 408 and closes the
 * connection. An upload (multipart) on a slow mobile line (tens of kilobytes a second) keeps going
 * as long as it keeps moving. Any other body (a JSON form, at most 1 MiB, arriving in milliseconds)
 * must arrive whole within one window: fed just above the minimum rate it would otherwise hold its
 * connection for a quarter of an hour.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const MIN_BODY_BYTES_PER_SECOND = 1024;
export const SLOW_BODY_MESSAGE = 'The request took too long to arrive. Please try again.';

/**
 * Watches every request that has a body. `timeoutMs` is one window; `message` gives the answer's
 * text for the request (in its caller's language).
 */
export function installSlowBodyCutoff(
  app: FastifyInstance,
  timeoutMs: number,
  message: (request: FastifyRequest) => string = () => SLOW_BODY_MESSAGE,
): void {
  // Headers too must arrive within the window (Node's default is a minute).
  app.server.headersTimeout = timeoutMs;
  const minBytesPerWindow = (MIN_BODY_BYTES_PER_SECOND * timeoutMs) / 1000;
  // The watches running: a body never read to its end (a request answered before its body was read,
  // when nothing closes its stream) keeps its watch until the window runs out, after the app closed.
  const watches = new Set<ReturnType<typeof setInterval>>();
  app.addHook('onClose', (_app, done) => {
    for (const watch of watches) clearInterval(watch);
    watches.clear();
    done();
  });

  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const hasBody = Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'] !== undefined;
    if (!hasBody || raw.complete) {
      done();
      return;
    }
    const socket = raw.socket;
    const isUpload = String(raw.headers['content-type'] ?? '')
      .toLowerCase()
      .startsWith('multipart/');
    let windowStart = Date.now();
    let bytesAtWindowStart = socket.bytesRead;
    const stop = () => {
      clearInterval(timer);
      watches.delete(timer);
    };
    const timer = setInterval(
      () => {
        if (raw.complete || raw.destroyed) {
          stop();
          return;
        }
        const now = Date.now();
        if (now - windowStart < timeoutMs) return;
        if (isUpload && socket.bytesRead - bytesAtWindowStart >= minBytesPerWindow) {
          windowStart = now;
          bytesAtWindowStart = socket.bytesRead;
          return;
        }
        stop();
        request.log.warn({ url: request.url }, 'request body too slow: cut');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(408, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
          reply.raw.end(JSON.stringify({ code: 408, data: null, error: message(request) }));
        }
        // The half-read body is abandoned: the upload route removes its partial file when the stream fails.
        setImmediate(() => raw.destroy());
      },
      Math.max(50, Math.min(1000, timeoutMs / 4)),
    );
    timer.unref();
    watches.add(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    done();
  });
}
