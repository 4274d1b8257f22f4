/**
 * Bench piece: the API under load (50 connections on the list, statistics and detail calls of a
 * client with 60 applications), the list page with 100,000 applications in the database, and the
 * server's memory while a 20 MB file uploads.
 */
import { spawn } from 'node:child_process';
import { writeFileSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../server-process';
import { figure, type BenchPiece } from './figures';
import { insertApplications, post, rssKb, signIn, withServer } from './server';

const KB = 1024;
/** How many pages of the large client's list are asked, one after the other. */
const LIST_PAGES = 300;
const BASELINE = resolve(fileURLToPath(new URL('./baseline-server.ts', import.meta.url)));

type Request = { method: 'GET'; path: string; headers: Record<string, string> };

/**
 * The p99 (ms) of `requests` at 50 connections against `url` after a warm-up at the same load: a
 * running server is warm (the first seconds of a process load and compile its modules), and that is
 * start-up, not latency under load. Errors count every failed, non-2xx or timed-out answer.
 */
async function loaded(url: string, requests: Request[]) {
  await autocannon({ url, connections: 50, duration: 3, requests });
  const load = await autocannon({ url, connections: 50, duration: 10, requests });
  return { load, errors: load.errors + load.non2xx + load.timeouts };
}

/** Runs `measure` with the baseline server answering `answers` (path -> body) from memory. */
async function withBaseline<T>(
  dataDir: string,
  answers: Record<string, unknown>,
  measure: (url: string) => Promise<T>,
) {
  const file = join(dataDir, 'baseline-answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', BASELINE, file, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((ready, fail) => {
      child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && ready());
      child.once('exit', (code) => fail(new Error(`the baseline server exited (${code})`)));
    });
    return await measure(`http://127.0.0.1:${port}`);
  } finally {
    child.kill();
  }
}

export function apiPiece(): BenchPiece {
  return {
    name: 'API',
    ids: ['api_p99_ms', 'api_p99_vs_baseline_x', 'list_100k_p50_ms', 'upload_rss_mb'],
    run: () =>
      withServer(undefined, async (server) => {
        // One client with 100,000 applications for the list budget; one with a dashboard's worth for the load.
        const large = await signIn(server, 'large', '0780000000');
        await insertApplications(server.dataDir, large.id, 100_000);
        const headers = { Authorization: `Bearer ${large.token}` };
        const typical = await signIn(server, 'typical', '0780000001');
        await insertApplications(server.dataDir, typical.id, 60);
        const typicalHeaders = { Authorization: `Bearer ${typical.token}` };
        const list = (await (
          await fetch(`${server.base}/clients/applications/${typical.id}?page=1`, { headers: typicalHeaders })
        ).json()) as { data: { items?: Array<{ id: number }> } };
        const detailId = list.data.items?.[0]?.id;
        if (!detailId) throw new Error('the typical client has no applications listed');

        // Pages 1 to 300, each asked once: the server keeps a page it has answered (server/client-answers.ts),
        // so asking one page again would measure the kept text, not the query.
        const single = await autocannon({
          url: server.base.replace(/\/api$/, ''),
          connections: 1,
          amount: LIST_PAGES,
          requests: Array.from({ length: LIST_PAGES }, (_, i) => ({
            method: 'GET' as const,
            path: `/api/clients/applications/${large.id}?page=${i + 1}`,
            headers,
          })),
        });

        const requests: Request[] = [
          { method: 'GET', path: `/api/clients/applications/${typical.id}?page=1`, headers: typicalHeaders },
          { method: 'GET', path: `/api/client/statistics/${typical.id}`, headers: typicalHeaders },
          { method: 'GET', path: `/api/application/${detailId}`, headers: typicalHeaders },
        ];
        const { load, errors } = await loaded(server.base.replace(/\/api$/, ''), requests);
        // The same answers, from memory, by a minimal Fastify route in a process of its own.
        const answers: Record<string, unknown> = {};
        for (const request of requests)
          answers[request.path] = await (
            await fetch(`${server.base.replace(/\/api$/, '')}${request.path}`, { headers: request.headers })
          ).json();
        const baseline = await withBaseline(server.dataDir, answers, (url) => loaded(url, requests));

        // A 20 MB upload: the server's resident memory while it streams the file to disk.
        const draft = await post(server.base, `client/application/1`, { client_id: large.id }, large.token);
        const file = join(server.dataDir, 'big.pdf');
        writeFileSync(file, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20 * 1024 * 1024 - 9, 0x20)]));
        const form = new FormData();
        form.append('application_id', String(draft.data.id));
        form.append('description', 'Company registration certificate');
        form.append('file', new Blob([readFileSync(file)], { type: 'application/pdf' }), 'big.pdf');
        const pid = server.child.pid ?? 0;
        const before = rssKb(pid);
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 10);
        const uploaded = await fetch(`${server.base}/applications/upload/file`, {
          method: 'POST',
          headers,
          body: form,
        });
        clearInterval(sampler);
        if (!uploaded.ok) throw new Error(`the 20 MB upload was answered ${uploaded.status}`);

        return [
          figure(
            'api_p99_ms',
            // Errors make the figure fail whatever the latency.
            errors === 0 ? load.latency.p99 : Number.NaN,
            `${load.requests.average} req/s, ${errors} errors, p50 ${load.latency.p50} ms`,
          ),
          figure(
            'api_p99_vs_baseline_x',
            errors === 0 && baseline.errors === 0 ? load.latency.p99 / baseline.load.latency.p99 : Number.NaN,
            `${load.latency.p99} ms vs ${baseline.load.latency.p99} ms; baseline ${baseline.load.requests.average} req/s, ${baseline.errors} errors`,
          ),
          figure(
            'list_100k_p50_ms',
            single.latency.p50,
            `p99 ${single.latency.p99} ms, 1 connection, pages 1 to ${LIST_PAGES} once each`,
          ),
          figure('upload_rss_mb', Number(((peak - before) / KB).toFixed(1))),
        ];
      }),
  };
}
