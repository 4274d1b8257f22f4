/**
 * An S3-compatible server for development and tests: s3rver (from npm) in a process of its own,
 * keeping its objects in a folder. It speaks the calls the file store makes (multipart uploads,
 * copies, ranges, listings, deletes); docs/operations.md says what it does not emulate.
 *
 * It runs through s3rver-process.mjs (s3rver's writes made durable before they answer) with
 * `--openssl-legacy-provider`: its listing's continuation token is DES-encrypted, which
 * OpenSSL 3 keeps in the legacy provider, so any listing longer than one page would fail without it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../server-process';

export interface DevS3 {
  endpoint: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Stops the server, keeping its objects (an outage of the store): the port refuses connections. */
  halt(): Promise<void>;
  /** Starts the halted server again on its port and folder. */
  startAgain(): Promise<void>;
  close(): Promise<void>;
}

/** s3rver's fixed credentials: it checks signatures against these. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Starts s3rver with `args` and resolves once `endpoint` answers. */
async function startProcess(args: string[], endpoint: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`s3rver stopped at start: ${errors}`);
    const answered = await fetch(endpoint).then(
      () => true,
      () => false,
    );
    if (answered) return child;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`s3rver did not answer on ${endpoint}: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops s3rver's process and waits for it to end. */
async function stopProcess(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Starts s3rver on 127.0.0.1 with the given buckets and waits until it answers.
 * @param options.port a free one by default.
 * @param options.directory where objects are kept; a temporary folder removed on close by default.
 */
export async function startDevS3(options: { buckets: string[]; port?: number; directory?: string }): Promise<DevS3> {
  const directory = options.directory ?? mkdtempSync(join(tmpdir(), 'ecopermit-s3-'));
  const port = options.port ?? (await freePort());
  const cli = fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url));
  const args = ['--openssl-legacy-provider', cli, '-d', directory, '-a', '127.0.0.1', '-p', String(port), '-s'];
  for (const bucket of options.buckets) args.push('--configure-bucket', bucket);
  const endpoint = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = await startProcess(args, endpoint);
  return {
    endpoint,
    credentials: CREDENTIALS,
    halt: async () => {
      await stopProcess(child);
      child = null;
    },
    startAgain: async () => {
      child ??= await startProcess(args, endpoint);
    },
    close: async () => {
      await stopProcess(child);
      child = null;
      if (!options.directory) rmSync(directory, { recursive: true, force: true });
    },
  };
}
