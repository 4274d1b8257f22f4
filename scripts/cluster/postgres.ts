/**
 * A throwaway PostgreSQL cluster from Debian's packages (as `npm run test:pg` makes): initdb in a
 * temporary folder, one server on 127.0.0.1, removed on stop. Installs the package when missing and
 * running as root.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ThrowawayPostgres {
  /** Connection URL of the database `name`. */
  url(name: string): string;
  createDatabase(name: string): void;
  /**
   * `pg_ctl restart -m fast`, what a failover, a minor upgrade or a managed database's maintenance
   * does: every connection is ended, the server is away for a moment, then takes new ones.
   */
  restart(): void;
  /** Stops the server (fast: connections ended), keeping its data, until `startAgain`. */
  halt(): void;
  /** Starts the halted server again on its port. */
  startAgain(): void;
  /** Stops the server and removes its folder. */
  stop(): void;
}

const isRoot = () => process.getuid?.() === 0;

/** The newest Debian PostgreSQL's bin folder, installing the package first when there is none. */
function postgresBin(): string {
  const find = () =>
    existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
          .find((bin) => existsSync(join(bin, 'postgres')))
      : undefined;
  let bin = find();
  if (!bin && isRoot()) {
    console.log('== installing Debian postgresql');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    bin = find();
  }
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install postgresql (as root).');
  return bin;
}

/** Runs a PostgreSQL tool as the postgres user when root (initdb refuses root). */
function asPostgres(command: string, args: string[]): void {
  if (isRoot()) {
    const quoted = [command, ...args].map((part) => `'${part.replace(/'/g, "'\\''")}'`).join(' ');
    execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', quoted], { stdio: ['ignore', 'ignore', 'inherit'] });
  } else execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Starts a cluster on `port`, trusting local connections as `postgres`. */
export function startThrowawayPostgres(port: number): ThrowawayPostgres {
  const bin = postgresBin();
  const folder = mkdtempSync(join(tmpdir(), 'ecopermit-pg-'));
  if (isRoot()) execFileSync('chown', ['postgres', folder]);
  const data = join(folder, 'data');
  asPostgres(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pgCtl = (...args: string[]) =>
    asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-l', join(folder, 'log'), ...args]);
  pgCtl('-o', options, '-w', 'start');
  return {
    restart: () => pgCtl('-o', options, '-m', 'fast', '-w', 'restart'),
    halt: () => pgCtl('-m', 'fast', '-w', 'stop'),
    startAgain: () => pgCtl('-o', options, '-w', 'start'),
    url: (name) => `postgres://postgres@127.0.0.1:${port}/${name}`,
    createDatabase: (name) =>
      asPostgres(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]),
    stop: () => {
      try {
        asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
