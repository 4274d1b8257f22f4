/**
 * The API server in a Node process of its own, for the bench and the tests that need a real process
 * (killing it, measuring its memory): `node --import tsx server/main.ts`, so the pid is the server's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  port: number;
  /** The API base, `http://127.0.0.1:<port>/api`. */
  base: string;
  child: ChildProcess;
  /** Lines the process wrote (stdout and stderr), e.g. the `[mail]` lines that show codes without SMTP. */
  log: string[];
  /** Sends `signal` (SIGTERM by default; SIGKILL is a crash) and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the server on `port` (a free one by default) with `env` added to this process's
 * environment, and resolves once it answers `GET /api/services`. Lines go to `log` (a new list by
 * default; pass one to keep a log across restarts).
 * @throws Error with the log when the process exits or does not answer within `timeoutMs`.
 */
export async function startServerProcess(options: {
  env: Record<string, string>;
  port?: number;
  log?: string[];
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const log = options.log ?? [];
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', ...options.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => log.push(...chunk.toString('utf8').split('\n'));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const base = `http://127.0.0.1:${port}/api`;
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill(signal);
    await exited;
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${log.join('\n')}`);
    const answered = await fetch(`${base}/services`)
      .then((response) => response.ok)
      .catch(() => false);
    if (answered) return { port, base, child, log, stop };
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`the server did not start:\n${log.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
