/**
 * Another process holding SQLite's write lock on a database file, as the staff command or a backup
 * does for a moment: the server's writes wait for it (the busy timeout), then fail.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface SqliteLock {
  /** Commits and ends the holder; resolves once it has exited. */
  release(): Promise<void>;
}

/**
 * Starts a process that takes the write lock of `file` (`BEGIN IMMEDIATE`) and resolves once it holds
 * it; the lock is held until `release`, or `releaseAfterMs` by the holder itself.
 */
export async function lockSqlite(file: string, releaseAfterMs?: number): Promise<SqliteLock> {
  const script = `
    const db = require('better-sqlite3')(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    console.log('locked');
    const release = () => { db.exec('COMMIT'); db.close(); console.log('released'); process.exit(0); };
    const after = Number(process.argv[2]);
    if (after > 0) setTimeout(release, after);
    process.stdin.on('data', release);
  `;
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['-e', script, file, String(releaseAfterMs ?? 0)],
    { cwd: process.cwd() },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The holder may have let go by itself as `release` writes to it.
  child.stdin.on('error', () => undefined);
  const lines = createInterface({ input: child.stdout });
  await new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => line === 'locked' && resolve());
    void exited.then(() => reject(new Error('the lock holder exited before it held the lock')));
  });
  return {
    async release() {
      if (child.exitCode === null) child.stdin.write('release\n');
      await exited;
    },
  };
}
