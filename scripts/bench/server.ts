/**
 * The bench's server: the real API in a process of its own (its memory can be read), on a fresh
 * SQLite database, optionally serving a built portal; and the API calls the pieces need.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '../../server/db/database';
import { codeInMailLine } from '../../server/mail/deliver';
import { insertBulkApplications } from '../bulk-applications';
import { startServerProcess, type ServerProcess } from '../server-process';

export interface RunningServer extends ServerProcess {
  dataDir: string;
}

/** Starts the server on a new data folder; `staticDir` is the portal it serves (none by default). */
export async function startServer(staticDir?: string): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ecopermit-bench-'));
  const server = await startServerProcess({
    env: { DATA_DIR: dataDir, DATABASE_URL: '', STATIC_DIR: staticDir ?? join(dataDir, 'none'), LOG_LEVEL: 'warn' },
    timeoutMs: 30_000,
  });
  return { ...server, dataDir };
}

/** Runs `measure` with a started server, then stops it and removes its data. */
export async function withServer<T>(
  staticDir: string | undefined,
  measure: (server: RunningServer) => Promise<T>,
): Promise<T> {
  const server = await startServer(staticDir);
  try {
    return await measure(server);
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

export async function post(
  base: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ code: number; data: Record<string, unknown> }> {
  const response = await fetch(`${base}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; data: Record<string, unknown> };
}

/** Registers and signs in a client through the API, reading the OTP from the server log. */
export async function signIn(
  server: RunningServer,
  name: string,
  telephone: string,
): Promise<{ id: number; token: string; stored: Record<string, unknown> }> {
  const email = `${name}@example.org`;
  await post(server.base, 'clients', { first_name: 'Bench', last_name: name, other_name: '', telephone, email });
  let otp = '';
  for (let i = 0; i < 100 && !otp; i += 1) {
    otp = server.log.map((line) => codeInMailLine(line, email)).find(Boolean) ?? '';
    if (!otp) await new Promise((r) => setTimeout(r, 50));
  }
  const confirmed = await post(server.base, 'client/confirm-otp', { username: email, otp });
  // The password step needs the single-use secret the confirmed code answered.
  await post(server.base, 'client/password', {
    username: email,
    password: 'bench-password',
    password_token: confirmed.data?.password_token,
  });
  const login = await post(server.base, 'clients/login', { username: email, password: 'bench-password' });
  return { id: Number(login.data.id), token: String(login.data.token), stored: login.data };
}

export async function insertApplications(dataDir: string, clientId: number, count: number): Promise<void> {
  const database = openDatabase({ databaseUrl: '', dataDir });
  await migrateToLatest(database);
  await insertBulkApplications(database.db, clientId, count);
  await database.close();
}

export function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}
