/**
 * Several instances behind nginx, on PostgreSQL and an S3-compatible store (scripts/cluster): the
 * file store's contract on that store, any instance serving what another stored, an instance
 * draining on SIGTERM while nginx sends its traffic elsewhere, a rolling restart and a crash while
 * an applicant uploads, and a load run of 200 applicants whose figures are printed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../scripts/cluster/cluster';
import { fileStoreContract } from '../../server/storage/file-store.contract';
import { s3FileStore } from '../../server/storage/s3-store';
import { PDF } from '../api/helpers';
import {
  api,
  draftOf,
  ONE_ADDRESS_SETTINGS,
  signIn,
  signUp,
  submission,
  SUBMIT,
  upload,
  type Applicant,
} from './applicant';

let cluster: Cluster;
const logs = () => cluster.instances.flatMap((instance) => instance.log);
const direct = (index: number) => `http://127.0.0.1:${cluster.instances[index]!.port}`;

beforeAll(async () => {
  cluster = await startCluster({
    instances: 2,
    env: {
      ...ONE_ADDRESS_SETTINGS,
      DRAIN_DELAY_SECONDS: '2',
      METRICS: 'on',
    },
  });
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
});

fileStoreContract('the cluster’s S3-compatible store', async () => ({
  store: s3FileStore({
    bucket: 'ecopermit',
    prefix: `contract-${randomBytes(4).toString('hex')}/`,
    endpoint: cluster.s3.endpoint,
    region: 'us-east-1',
    ...cluster.s3.credentials,
    forcePathStyle: true,
  }),
  dispose: async () => undefined,
}));

/** A PDF of its own: the fingerprint tells which upload a stored file is. */
const uniquePdf = (label: string, size = 0) =>
  Buffer.concat([PDF, Buffer.from(`% ${label}\n`), Buffer.alloc(size, 0x20)]);

/** A file's SHA-256 (comparing fingerprints: a deep equality over a megabyte takes seconds). */
const sha256 = (content: Buffer | undefined): string | null =>
  content ? createHash('sha256').update(content).digest('hex') : null;

/** The SHA-256 of a stored file downloaded through `base`, or null when refused. */
async function download(base: string, token: string, path: string): Promise<string | null> {
  const response = await fetch(`${base}/api/service/download-attachment?file=${encodeURIComponent(path)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.ok ? sha256(Buffer.from(await response.arrayBuffer())) : null;
}

describe('any instance serves any request', () => {
  it('answers health, readiness and metrics on every instance', async () => {
    for (const index of [0, 1]) {
      expect((await api(direct(index), 'GET', 'health')).status).toBe(200);
      expect((await api(direct(index), 'GET', 'ready')).status).toBe(200);
      const metrics = await fetch(`${direct(index)}/metrics`).then((response) => response.text());
      expect(metrics).toMatch(/^# HELP /m);
    }
  });

  it('reads through one instance the file another stored, and passes nginx’s request id on', async () => {
    const applicant = await signUp(cluster.address, logs, 1, `any-${process.pid}`);
    const { data } = await signIn(cluster.address, applicant.email);
    const draft = await draftOf(cluster.address, applicant, data.token);
    const content = uniquePdf('stored by the first instance');
    const stored = await upload(direct(0), data.token, draft, content);
    expect(stored.status).toBe(201);
    expect(await download(direct(1), data.token, stored.data.path)).toBe(sha256(content));
    expect(await download(cluster.address, data.token, stored.data.path)).toBe(sha256(content));

    const through = await fetch(`${cluster.address}/api/health`);
    expect(through.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('an instance that drains', () => {
  it('answers 503 to readiness, finishes what it holds, exits 0, and nginx sends the rest elsewhere', async () => {
    const applicant = await signUp(cluster.address, logs, 2, `drain-${process.pid}`);
    const { data } = await signIn(cluster.address, applicant.email);
    const draft = await draftOf(cluster.address, applicant, data.token);
    const first = cluster.instances[0]!;
    const child = first.process!.child;
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

    // An upload in flight on the first instance as it is told to stop.
    const inFlight = upload(direct(0), data.token, draft, uniquePdf('in flight', 3 * 1024 * 1024));
    await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGTERM');

    let sawNotReady = false;
    const answers: number[] = [];
    while (child.exitCode === null) {
      const ready = await api(direct(0), 'GET', 'ready');
      if (ready.status === 503) sawNotReady = true;
      answers.push((await api(cluster.address, 'GET', 'services')).status);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(sawNotReady).toBe(true);
    expect((await inFlight).status).toBe(201);
    expect(await exited).toBe(0);
    // Through nginx, nothing failed while it drained and after it was gone.
    expect(answers.length).toBeGreaterThan(5);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    for (let i = 0; i < 10; i += 1) expect((await api(cluster.address, 'GET', 'services')).status).toBe(200);

    first.process = null;
    await first.start();
  }, 120_000);
});

/** Waits until instance `index` (restarted: its counters start at 0) has stored an upload sent through nginx. */
async function servesUploads(index: number): Promise<void> {
  const stored =
    /^http_requests_total\{[^}]*route="\/api\/applications\/upload\/file"[^}]*status_code="201"[^}]*\} [1-9]/m;
  for (let i = 0; i < 300; i += 1) {
    const metrics = await fetch(`${direct(index)}/metrics`).then((response) => response.text());
    if (stored.test(metrics)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`instance ${index + 1} took no upload through nginx in 30 s`);
}

describe('a rolling restart and a crash while an applicant uploads', () => {
  it('loses no upload, keeps every file readable from each instance, and submits', async () => {
    const applicant = await signUp(cluster.address, logs, 3, `crash-${process.pid}`);
    const { data } = await signIn(cluster.address, applicant.email);
    const draft = await draftOf(cluster.address, applicant, data.token);
    const [first, second] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];

    let running = true;
    const sent = new Map<string, Buffer>();
    let answered = 0;
    const refused: string[] = [];
    // Five documents, each sent again and again (a draft keeps the latest of each).
    const workers = [1, 2, 3, 4, 5].map(async (document) => {
      const description = document === 1 ? 'Company registration certificate' : `Supporting document ${document}`;
      for (let round = 0; running; round += 1) {
        const content = uniquePdf(`${description} ${round}`, 1024 * 1024);
        const answer = await upload(cluster.address, data.token, draft, content, description);
        answered += 1;
        if (answer.status === 201) sent.set(description, content);
        else refused.push(`${description}: ${answer.status} ${answer.error}`);
      }
    });
    await new Promise((r) => setTimeout(r, 500));
    await first.stop('SIGTERM');
    await first.start();
    // A rolling restart waits until the restarted instance takes uploads through nginx again before it
    // stops the next one.
    await servesUploads(0);
    await second.stop('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    await second.start();
    await new Promise((r) => setTimeout(r, 500));
    running = false;
    await Promise.all(workers);

    if (refused.length > 0) console.log(readFileSync(cluster.nginxErrorLog, 'utf8'));
    expect(answered).toBeGreaterThan(10);
    expect(refused).toEqual([]);
    const detail = await api<{ application_attachments: Array<{ description: string; path: string }> }>(
      cluster.address,
      'GET',
      `application/${draft}`,
      { token: data.token },
    );
    expect(detail.data.application_attachments.map((a) => a.description).sort()).toEqual([...sent.keys()].sort());
    for (const attachment of detail.data.application_attachments) {
      for (const base of [direct(0), direct(1)])
        expect(await download(base, data.token, attachment.path)).toBe(sha256(sent.get(attachment.description)));
    }
    const submitted = await api(cluster.address, 'POST', SUBMIT, {
      token: data.token,
      body: submission(applicant, draft),
    });
    expect(submitted.status).toBe(200);
  }, 180_000);
});

/** The p-th percentile of `values` (milliseconds). */
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ?? 0;

/** Runs `task` for every item, `concurrency` at a time. */
async function inPool<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

describe('a load run through nginx', () => {
  it('signs in and submits 200 applicants with no error and no lost submission (figures printed)', async () => {
    const count = 200;
    const applicants: Applicant[] = [];
    await inPool(
      Array.from({ length: count }, (_, i) => i),
      10,
      async (i) => void applicants.push(await signUp(cluster.address, logs, 1000 + i, `load-${process.pid}`)),
    );

    const timings: Record<string, number[]> = { 'sign-in': [], draft: [], upload: [], submit: [] };
    const errors: string[] = [];
    const submitted: Array<{ applicant: Applicant; token: string; draft: number }> = [];
    const timed = async <T extends { status: number; error: string | null }>(step: string, run: () => Promise<T>) => {
      const start = performance.now();
      const answer = await run();
      timings[step]!.push(performance.now() - start);
      if (answer.status < 200 || answer.status >= 300) errors.push(`${step}: ${answer.status} ${answer.error}`);
      return answer;
    };
    const started = performance.now();
    await inPool(applicants, 50, async (applicant) => {
      const login = await timed('sign-in', () => signIn(cluster.address, applicant.email));
      const token = login.data?.token;
      if (!token) return;
      const draft = await timed('draft', () =>
        api<{ id: number }>(cluster.address, 'POST', 'client/application/1', {
          token,
          body: { client_id: applicant.id },
        }),
      );
      if (!draft.data?.id) return;
      await timed('upload', () => upload(cluster.address, token, draft.data.id));
      const sent = await timed('submit', () =>
        api(cluster.address, 'POST', SUBMIT, { token, body: submission(applicant, draft.data.id) }),
      );
      if (sent.status === 200) submitted.push({ applicant, token, draft: draft.data.id });
    });
    const seconds = (performance.now() - started) / 1000;

    console.log(`load run: ${count} applicants through nginx to 2 instances in ${seconds.toFixed(1)} s`);
    for (const [step, values] of Object.entries(timings))
      console.log(
        `  ${step.padEnd(8)} n=${values.length} p50=${percentile(values, 50).toFixed(0)} ms ` +
          `p95=${percentile(values, 95).toFixed(0)} ms p99=${percentile(values, 99).toFixed(0)} ms`,
      );
    expect(errors).toEqual([]);
    expect(submitted.length).toBe(count);
    // Nothing lost: every submission reads back as submitted, from either instance.
    await inPool(submitted, 20, async ({ token, draft }, index = draft % 2) => {
      const detail = await api<{ application_status_id: number }>(direct(index), 'GET', `application/${draft}`, {
        token,
      });
      expect(detail.data.application_status_id).toBe(2);
    });
  }, 600_000);
});
