/**
 * Bench piece: the staff console with 100,000 submitted applications over the services. The queue
 * list, filtered and sorted, at 20 connections, against the applicant's list at the same load in the
 * same run (its p99 is what the queue's is judged by); then the export of all 100,000 as CSV: rows per
 * second, and the server's memory growth while it streams.
 */
import autocannon from 'autocannon';
import { formsOf } from '../../engine/core';
import { nowIso, migrateToLatest, openDatabase } from '../../server/db/database';
import { loadDefinitionsFrom } from '../../server/definitions';
import { createStaff } from '../../server/staff-accounts';
import { insertQueueApplications } from '../bulk-applications';
import { figure, type BenchPiece } from './figures';
import { insertApplications, rssKb, signIn, withServer, type RunningServer } from './server';

const KB = 1024;
const APPLICATIONS = 100_000;
const CONNECTIONS = 20;

type Request = { method: 'GET'; path: string; headers: Record<string, string> };

/** The p99 (ms) of `requests` at CONNECTIONS after a warm-up at the same load; errors counted. */
async function loaded(url: string, requests: Request[]) {
  await autocannon({ url, connections: CONNECTIONS, duration: 3, requests });
  const load = await autocannon({ url, connections: CONNECTIONS, duration: 10, requests });
  return { load, errors: load.errors + load.non2xx + load.timeouts };
}

/** A staff key with the reviewer role on every service, and the queue's applications, written to the server's database. */
async function seed(server: RunningServer, clientIds: number[]): Promise<string> {
  const database = openDatabase({ databaseUrl: '', dataDir: server.dataDir });
  try {
    await migrateToLatest(database);
    const { id, key } = await createStaff(database.db, 'bench.reviewer');
    await database.db
      .insertInto('staff_roles')
      .values({ staff_id: id, service: '*', role: 'reviewer', granted_by: 'bench', granted_at: nowIso() })
      .execute();
    const services = loadDefinitionsFrom().definitions.map((definition) => ({
      id: definition.id,
      record: formsOf(definition)[0]?.view.record ?? '',
    }));
    await insertQueueApplications(database.db, {
      clientIds,
      services,
      count: APPLICATIONS,
      assignee: 'bench.reviewer',
    });
    return key;
  } finally {
    await database.close();
  }
}

/**
 * Reads the export at `url` to its end: its rows (CSV lines but the header: the queue's applications
 * and the applicant's submitted ones), the time, the server's peak memory.
 */
async function exportOf(server: RunningServer, url: string, key: string) {
  const pid = server.child.pid ?? 0;
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 10);
  const started = performance.now();
  let lines = 0;
  try {
    const answer = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
    if (!answer.ok || !answer.body) throw new Error(`the export was answered ${answer.status}`);
    const decoder = new TextDecoder();
    const reader = answer.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read())
      lines += decoder.decode(read.value, { stream: true }).split('\r\n').length - 1;
  } finally {
    clearInterval(sampler);
  }
  return { rows: lines - 1, seconds: (performance.now() - started) / 1000, growthMb: (peak - before) / KB };
}

export function queuePiece(): BenchPiece {
  return {
    name: 'staff queue',
    ids: ['queue_p99_ms', 'queue_p99_vs_list_x', 'export_rows_per_s', 'export_rss_mb'],
    run: () =>
      withServer(undefined, async (server) => {
        const applicant = await signIn(server, 'queue-applicant', '0780000010');
        await insertApplications(server.dataDir, applicant.id, 60);
        const key = await seed(server, [applicant.id]);
        const origin = server.base.replace(/\/api$/, '');
        const staff = { Authorization: `Bearer ${key}` };
        // Filtered and sorted as a reviewer reads it: one service's new applications, newest first;
        // a service's whole queue oldest first; their own, newest first.
        const queue = await loaded(origin, [
          { method: 'GET', path: '/api/staff/queue?service=plastics&status=submitted&sort=-submitted', headers: staff },
          { method: 'GET', path: '/api/staff/queue?service=disposal&sort=submitted&size=50', headers: staff },
          { method: 'GET', path: '/api/staff/queue?mine=true&sort=-submitted', headers: staff },
        ]);
        const list = await loaded(origin, [
          {
            method: 'GET',
            path: `/api/clients/applications/${applicant.id}?page=1`,
            headers: { Authorization: `Bearer ${applicant.token}` },
          },
        ]);
        const exported = await exportOf(server, `${server.base}/staff/queue/export?format=csv`, key);
        const measured = queue.errors === 0 && list.errors === 0;
        return [
          figure(
            'queue_p99_ms',
            queue.errors === 0 ? queue.load.latency.p99 : Number.NaN,
            `${queue.load.requests.average} req/s, ${queue.errors} errors, p50 ${queue.load.latency.p50} ms`,
          ),
          figure(
            'queue_p99_vs_list_x',
            measured ? queue.load.latency.p99 / list.load.latency.p99 : Number.NaN,
            `${queue.load.latency.p99} ms vs ${list.load.latency.p99} ms; list ${list.load.requests.average} req/s, ${list.errors} errors`,
          ),
          figure(
            'export_rows_per_s',
            exported.rows >= APPLICATIONS ? Math.round(exported.rows / exported.seconds) : Number.NaN,
            `${exported.rows} rows in ${exported.seconds.toFixed(1)} s`,
          ),
          figure('export_rss_mb', Number(exported.growthMb.toFixed(1))),
        ];
      }),
  };
}
