/**
 * A local cluster as a deployment runs one: a throwaway PostgreSQL, an S3-compatible server
 * (s3rver), two instances of the server on them, and Debian's nginx in front
 * (deploy/nginx/cluster.conf). Used by `npm run cluster` and `npm run test:cluster`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPortalIfStale } from '../build-portal.mjs';
import { freePort, startServerProcess, type ServerProcess } from '../server-process';
import { startDevS3, type DevS3 } from './dev-s3';
import { startThrowawayPostgres, type ThrowawayPostgres } from './postgres';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** nginx's configuration, kept in the repository: it names these ports. */
export const NGINX_CONF = join(root, 'deploy', 'nginx', 'cluster.conf');
export const NGINX_PORT = 8090;
export const INSTANCE_PORTS = [8091, 8092] as const;
export const BUCKET = 'ecopermit';

/** One instance of the server: its process while it runs, and its log across restarts. */
export interface Instance {
  readonly port: number;
  readonly log: string[];
  process: ServerProcess | null;
  /** Starts it (again) on its port. */
  start(): Promise<void>;
  /** SIGTERM drains and exits; SIGKILL is a crash. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  /** nginx's address: `http://127.0.0.1:8090`. */
  address: string;
  instances: Instance[];
  databaseUrl: string;
  /** The cluster's PostgreSQL server, to restart or halt it (an outage). */
  postgres: ThrowawayPostgres;
  s3: DevS3;
  /** The settings every instance runs with. */
  env: Record<string, string>;
  /** nginx's error log (refused and retried requests). */
  nginxErrorLog: string;
  stop(): Promise<void>;
}

function nginxBinary(): string {
  const known = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
  if (known) return known;
  if (process.getuid?.() !== 0) throw new Error('nginx is not installed: apt-get install nginx (as root).');
  console.log('== installing Debian nginx');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return nginxBinary();
}

async function answers(url: string): Promise<boolean> {
  return fetch(url).then(
    (response) => response.status < 500,
    () => false,
  );
}

/** Starts nginx with the kept configuration, its logs and temporary files in `folder`. */
async function startNginx(folder: string): Promise<ChildProcess> {
  mkdirSync(join(folder, 'logs'), { recursive: true });
  const child = spawn(nginxBinary(), ['-p', folder, '-c', NGINX_CONF, '-e', join(folder, 'logs', 'error.log')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 15_000;
  while (!(await answers(`http://127.0.0.1:${NGINX_PORT}/api/health`))) {
    if (child.exitCode !== null) throw new Error(`nginx stopped at start (see ${folder}/logs/error.log)`);
    if (Date.now() > deadline) throw new Error('nginx did not answer');
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

/**
 * Starts the cluster. The instances serve the portal of `dist/`, built first when older than its sources.
 * @param options.instances 1 or 2 (the ports nginx knows).
 * @param options.env settings added to every instance's (limits for a load run, log level...).
 */
export async function startCluster(
  options: { instances?: number; env?: Record<string, string> } = {},
): Promise<Cluster> {
  const count = Math.min(Math.max(options.instances ?? 2, 1), INSTANCE_PORTS.length);
  const folder = mkdtempSync(join(tmpdir(), 'ecopermit-cluster-'));
  // nginx's workers run as an unprivileged user when started by root: they must reach the run
  // folder to keep request bodies of more than 1 MB on disk (mkdtemp makes it the owner's alone).
  chmodSync(folder, 0o755);
  const stops: Array<() => Promise<void> | void> = [() => rmSync(folder, { recursive: true, force: true })];
  const stop = async () => {
    for (const step of stops.reverse()) await Promise.resolve(step()).catch(() => undefined);
  };
  try {
    // A local cluster serves a build made for trying, not for release: its twins quickly compressed
    // (PORTAL_COMPRESSION, unless set), as the test suites build theirs.
    if (!buildPortalIfStale(join(root, 'dist'), { PORTAL_COMPRESSION: 'fast', ...process.env }))
      throw new Error('The portal build failed; see the messages above.');
    const pg: ThrowawayPostgres = startThrowawayPostgres(await freePort());
    stops.push(() => pg.stop());
    pg.createDatabase('ecopermit');
    const s3 = await startDevS3({ buckets: [BUCKET], directory: join(folder, 's3') });
    stops.push(() => s3.close());
    const env: Record<string, string> = {
      DATABASE_URL: pg.url('ecopermit'),
      STORAGE_URL: `s3://${BUCKET}/files`,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
      TRUST_PROXY: 'true',
      // The e-mails' links lead to the load balancer, not to the instance that sent them.
      PUBLIC_URL: `http://127.0.0.1:${NGINX_PORT}`,
      STATIC_DIR: join(root, 'dist'),
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    const instances = INSTANCE_PORTS.slice(0, count).map((port, index): Instance => {
      const log: string[] = [];
      const dataDir = join(folder, `instance-${index + 1}`);
      const instance: Instance = {
        port,
        log,
        process: null,
        async start() {
          instance.process = await startServerProcess({ port, log, env: { ...env, DATA_DIR: dataDir } });
        },
        async stop(signal = 'SIGTERM') {
          await instance.process?.stop(signal);
          instance.process = null;
        },
      };
      return instance;
    });
    stops.push(() => Promise.all(instances.map((instance) => instance.stop('SIGKILL'))).then(() => undefined));
    // Together, as a deployment starts them: the migrations run once (an advisory lock).
    await Promise.all(instances.map((instance) => instance.start()));
    const nginx = await startNginx(folder);
    stops.push(async () => {
      if (nginx.exitCode !== null) return;
      const exited = new Promise((done) => nginx.once('exit', done));
      nginx.kill('SIGQUIT');
      await exited;
    });
    return {
      address: `http://127.0.0.1:${NGINX_PORT}`,
      instances,
      databaseUrl: pg.url('ecopermit'),
      postgres: pg,
      s3,
      env,
      nginxErrorLog: join(folder, 'logs', 'error.log'),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
