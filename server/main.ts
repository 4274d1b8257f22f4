/**
 * Starts the API server (and the built portal when present) on HOST:PORT. SIGTERM drains it
 * (server/draining.ts) and exits 0; so does SIGINT, without the drain delay.
 */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { drainAndClose } from './draining';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    // A settings file judged against the services (WEBHOOKS_FILE) stops the start as a setting does.
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  let address: string;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(
        `Port ${config.port} on ${config.host} is already in use: stop the other server or choose another port (PORT=8081 npm start).`,
      );
      process.exit(1);
    }
    throw error;
  }
  console.log(`EcoPermit listening on ${address} (API at ${address}/api/)`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // A second signal (npm and the terminal both pass Ctrl+C on) changes nothing: the grace bounds the wait.
      if (stopping) return;
      stopping = true;
      // SIGTERM is the orchestrator's: the load balancer gets the drain delay to notice. Ctrl+C stops at once.
      const delayMs = signal === 'SIGTERM' ? config.drainDelayMs : 0;
      drainAndClose(app, { delayMs, graceMs: config.shutdownGraceMs }).then(
        (outcome) => {
          if (outcome === 'grace-expired') {
            app.log.warn(
              { inFlight: app.drain.inFlight },
              'shutdown grace expired: exiting with requests still in flight (SHUTDOWN_GRACE_SECONDS)',
            );
          }
          process.exit(0);
        },
        (error: unknown) => {
          console.error('closing the server failed:', error instanceof Error ? error.message : error);
          process.exit(1);
        },
      );
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
