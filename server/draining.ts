/**
 * Draining: how an instance leaves the load balancer's pool without cutting a request.
 *
 * On SIGTERM the instance is marked draining: `/api/ready` answers 503 at once, so the load balancer
 * stops sending it new requests, while everything else is still served. After DRAIN_DELAY_SECONDS
 * (the time the load balancer takes to notice) the listener closes: no new connection is accepted,
 * idle kept-alive connections are closed, and the requests in flight get SHUTDOWN_GRACE_SECONDS to
 * finish. From the signal on, every answer carries `Connection: close`: a client holding a kept-alive
 * connection would otherwise keep sending to this instance, and its next request opens a connection
 * to another one instead.
 */
import type { FastifyInstance } from 'fastify';

/** The draining state of one app instance. */
export interface Drain {
  /** True from the stop signal on. */
  readonly draining: boolean;
  /** Requests received and not yet answered (or abandoned by their client). */
  readonly inFlight: number;
  /** Marks the instance draining; calling it again changes nothing. */
  start(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's draining state (server/draining.ts). */
    drain: Drain;
  }
}

/**
 * Decorates `app` with its `drain` and installs the hooks that count requests in flight and close
 * connections after each answer once draining. Call it before any route is registered.
 */
export function installDraining(app: FastifyInstance): Drain {
  let draining = false;
  let inFlight = 0;
  const drain: Drain = {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    start() {
      draining = true;
    },
  };
  app.decorate('drain', drain);
  // Counted by Fastify's hooks rather than a 'close' listener on each response: several modules
  // listen there already, and one more takes a response past Node's warning of ten listeners.
  const counted = new WeakSet<object>();
  const finished = (request: object) => {
    if (counted.delete(request)) inFlight -= 1;
  };
  app.addHook('onRequest', (request, _reply, done) => {
    inFlight += 1;
    counted.add(request);
    done();
  });
  // An answer sent, or its client gone (whichever comes: the request is counted off once).
  app.addHook('onResponse', (request, _reply, done) => {
    finished(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    finished(request);
    done();
  });
  // onSend, not onRequest: a request that was already in flight at the signal must close its
  // connection too.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) void reply.header('Connection', 'close');
    done(null, payload);
  });
  return drain;
}

/** How `drainAndClose` ended. */
export type ShutdownOutcome =
  /** Every request in flight was answered and the app closed (database and stores too). */
  | 'drained'
  /** Requests were still in flight when the grace ran out. */
  | 'grace-expired';

/**
 * Drains `app` and closes it: draining at once, the listener closed `delayMs` later, then at most
 * `graceMs` for the requests in flight. The caller exits the process either way; on
 * 'grace-expired' the requests still in flight are cut by that exit.
 * @throws the error of an onClose hook that failed.
 */
export async function drainAndClose(
  app: FastifyInstance,
  options: { delayMs: number; graceMs: number },
): Promise<ShutdownOutcome> {
  app.drain.start();
  app.log.info(
    { delayMs: options.delayMs, graceMs: options.graceMs, inFlight: app.drain.inFlight },
    'draining: readiness answers 503; the listener closes after the drain delay',
  );
  if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<ShutdownOutcome>((resolve) => {
    timer = setTimeout(() => resolve('grace-expired'), options.graceMs);
  });
  // app.close() stops accepting connections, closes the idle ones and resolves once the requests in
  // flight are answered and the onClose hooks (the database) have run.
  const closed = app.close().then((): ShutdownOutcome => 'drained');
  // A close failing after the grace ran out is of no interest: the process is exiting.
  closed.catch(() => undefined);
  try {
    return await Promise.race([closed, expired]);
  } finally {
    clearTimeout(timer);
  }
}
