/**
 * The request id of every log line and answer: the caller's `X-Request-Id` when it is a plain token
 * (a load balancer or another service tracing a call through several instances), otherwise a new
 * random one. It is sent back in the `X-Request-Id` header of every answer, so a client reporting a
 * problem can name the log lines of its request.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id may be: short, and nothing that could forge or break a log line. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Fastify's `genReqId`: the incoming `X-Request-Id` when acceptable, otherwise a random UUID.
 * (Fastify's own `requestIdHeader` takes the header as it comes, whatever it holds, so the app
 * leaves it off and reads the header here.)
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
}

/** Sends the request id back on every answer that goes through Fastify's hooks. Call it first. */
export function installRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('X-Request-Id', request.id);
    done();
  });
}
