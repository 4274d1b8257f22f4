/**
 * The cluster's dependencies fail one at a time, as an operator sees them fail: PostgreSQL restarted
 * (what a failover, a minor upgrade or a managed database's maintenance does) idle and under load,
 * PostgreSQL stopped a while, the S3-compatible store stopped and started again. Both instances
 * survive each; while a dependency is away, requests answer 503 naming it (JSON, `Retry-After`, the
 * caller's language) and readiness fails; once it is back they serve again by themselves, and every
 * answer that said "done" reads back.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../scripts/cluster/cluster';
import { PDF } from '../api/helpers';
import { api, draftOf, ONE_ADDRESS_SETTINGS, signIn, signUp, submission, SUBMIT, upload } from './applicant';

let cluster: Cluster;
const logs = () => cluster.instances.flatMap((instance) => instance.log);
const direct = (index: number) => `http://127.0.0.1:${cluster.instances[index]!.port}`;
const bases = () => [cluster.address, direct(0), direct(1)];

beforeAll(async () => {
  cluster = await startCluster({
    instances: 2,
    env: {
      ...ONE_ADDRESS_SETTINGS,
      DATABASE_WAIT_SECONDS: '2',
    },
  });
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
});

const MESSAGES = {
  database: {
    ru: 'База данных сейчас недоступна. Повторите попытку через несколько секунд.',
    de: 'Die Datenbank ist im Moment nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden erneut.',
  },
  files: {
    es: 'El almacén de archivos no está disponible en este momento. Vuelva a intentarlo en unos segundos.',
  },
};

interface Envelope {
  code?: number;
  data?: unknown;
  error?: string | null;
}

/** The envelope in an answer's text, or null when it is not JSON (a proxy's own page). */
function envelopeOf(text: string): Envelope | null {
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    return null;
  }
}

/** A call with its answer's status, `Retry-After` and envelope (a connection failure is status 0). */
async function raw(url: string, init: RequestInit = {}) {
  try {
    const response = await fetch(url, init);
    const text = await response.text();
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: envelopeOf(text), text };
  } catch (error) {
    return { status: 0, retryAfter: null, body: null, text: String(error) };
  }
}

/** Both instances' processes are running (none exited on the outage). */
function expectBothRunning(): void {
  for (const instance of cluster.instances) {
    expect(instance.process?.child.exitCode, instance.log.slice(-20).join('\n')).toBeNull();
    expect(instance.process?.child.signalCode).toBeNull();
  }
}

/** Waits until both instances answer readiness 200 again (they recover by themselves: no restart). */
async function bothReady(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const states = await Promise.all([0, 1].map((index) => raw(`${direct(index)}/api/ready`)));
    if (states.every((state) => state.status === 200)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the instances did not become ready again within 60 s');
}

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

describe('PostgreSQL restarted or stopped', () => {
  it('both instances survive a restart while idle and serve right after', async () => {
    const applicant = await signUp(cluster.address, logs, 1, `idle-${process.pid}`);
    const { data } = await signIn(cluster.address, applicant.email);
    // Both instances hold idle connections in their pools.
    for (const base of bases())
      expect((await api(base, 'GET', `client/statistics/${applicant.id}`, { token: data.token })).status).toBe(200);
    for (let restart = 0; restart < 3; restart += 1) {
      cluster.postgres.restart();
      await bothReady();
      expectBothRunning();
      for (const base of bases())
        expect((await api(base, 'GET', `client/statistics/${applicant.id}`, { token: data.token })).status).toBe(200);
    }
  }, 120_000);

  it('answers 503 naming the database while it is stopped, then serves again by itself', async () => {
    const applicant = await signUp(cluster.address, logs, 2, `stopped-${process.pid}`);
    const { data } = await signIn(cluster.address, applicant.email);
    const draft = await draftOf(cluster.address, applicant, data.token);
    cluster.postgres.halt();
    try {
      for (const index of [0, 1]) {
        const ready = await raw(`${direct(index)}/api/ready`);
        expect(ready.status).toBe(503);
        expect(ready.body?.data).toMatchObject({ database: 'failing', storage: 'ok' });
      }
      for (const base of bases()) {
        const read = await raw(`${base}/api/application/${draft}`, {
          headers: { authorization: `Bearer ${data.token}`, 'accept-language': 'ru' },
        });
        expect(read.status, read.text).toBe(503);
        expect(read.retryAfter).toBe('5');
        expect(read.body).toEqual({ code: 503, data: { unavailable: 'database' }, error: MESSAGES.database.ru });
        const save = await raw(`${base}/api/client/application/${draft}/draft`, {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${data.token}`,
            'accept-language': 'de',
            'content-type': 'application/json',
          },
          body: JSON.stringify({ answers: { description: 'kept by the portal meanwhile' } }),
        });
        expect(save.status, save.text).toBe(503);
        expect(save.body?.error).toBe(MESSAGES.database.de);
      }
      expectBothRunning();
    } finally {
      cluster.postgres.startAgain();
    }
    await bothReady();
    expectBothRunning();
    const saved = await api(cluster.address, 'PUT', `client/application/${draft}/draft`, {
      token: data.token,
      body: { answers: { description: 'saved once it was back' } },
    });
    expect(saved.status).toBe(200);
  }, 120_000);

  it('loses no acknowledged write when it restarts under load, and every instance survives', async () => {
    const count = 16;
    const applicants = await Promise.all(
      Array.from({ length: count }, (_, i) => signUp(cluster.address, logs, 100 + i, `load-${process.pid}`)),
    );
    const sessions = await Promise.all(
      applicants.map(async (applicant) => {
        const { data } = await signIn(cluster.address, applicant.email);
        return {
          applicant,
          token: data.token,
          draft: await draftOf(cluster.address, applicant, data.token),
          acknowledged: -1,
          tried: -1,
        };
      }),
    );
    const failures = new Map<string, number>();
    let running = true;
    // Each applicant saves its draft again and again, each time with the next round's answer.
    const savers = sessions.map(async (session) => {
      for (let round = 0; running; round += 1) {
        session.tried = round;
        const answer = await raw(`${cluster.address}/api/client/application/${session.draft}/draft`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ answers: { description: `round ${round}` } }),
        });
        if (answer.status === 200) session.acknowledged = round;
        else {
          const kind = `${answer.status} ${answer.body?.error ?? answer.text.slice(0, 80)}`;
          failures.set(kind, (failures.get(kind) ?? 0) + 1);
          // What the portal does after a 503: wait a moment, then save again.
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    });
    const acknowledgedSoFar = () => sessions.reduce((sum, session) => sum + session.acknowledged + 1, 0);
    for (let restart = 0; restart < 2; restart += 1) {
      const before = acknowledgedSoFar();
      while (acknowledgedSoFar() < before + 3 * count) await new Promise((resolve) => setTimeout(resolve, 50));
      cluster.postgres.restart();
    }
    // Saving again after the last restart, everyone once more.
    const after = sessions.map((session) => session.acknowledged);
    while (sessions.some((session, i) => session.acknowledged <= after[i]!))
      await new Promise((resolve) => setTimeout(resolve, 50));
    running = false;
    await Promise.all(savers);
    console.log(
      `PostgreSQL restarted twice under ${count} applicants saving drafts: ` +
        `${acknowledgedSoFar()} saves acknowledged; refused: ${JSON.stringify(Object.fromEntries(failures))}`,
    );
    expectBothRunning();
    // Refusals, if any, were the database's 503: never a server error or a broken connection.
    for (const kind of failures.keys()) expect(kind).toMatch(/^503 The database is unavailable/);

    for (const session of sessions) {
      const detail = await api<{ draft: { answers: { description?: string } } }>(
        cluster.address,
        'GET',
        `application/${session.draft}`,
        { token: session.token },
      );
      const stored = Number(/^round (\d+)$/.exec(detail.data.draft.answers.description ?? '')?.[1] ?? -1);
      // The last acknowledged save is kept (or a later one whose answer was lost with its connection).
      expect(stored).toBeGreaterThanOrEqual(session.acknowledged);
      expect(stored).toBeLessThanOrEqual(session.tried);
      const uploaded = await upload(cluster.address, session.token, session.draft);
      expect(uploaded.status).toBe(201);
      const sent = await api(cluster.address, 'POST', SUBMIT, {
        token: session.token,
        body: submission(session.applicant, session.draft),
      });
      expect(sent.status).toBe(200);
    }
  }, 240_000);
});

describe('the file store stopped', () => {
  it('answers 503 naming the file store on uploads and downloads, then works again without a restart', async () => {
    const applicant = await signUp(cluster.address, logs, 3, `store-${process.pid}`);
    const { data } = await signIn(cluster.address, applicant.email);
    const draft = await draftOf(cluster.address, applicant, data.token);
    const kept = Buffer.concat([PDF, Buffer.from(`% stored before the outage ${process.pid}\n`)]);
    const stored = await upload(cluster.address, data.token, draft, kept);
    expect(stored.status).toBe(201);
    const download = (base: string) =>
      raw(`${base}/api/service/download-attachment?file=${encodeURIComponent(stored.data.path)}`, {
        headers: { authorization: `Bearer ${data.token}`, 'accept-language': 'es' },
      });

    await cluster.s3.halt();
    try {
      for (const index of [0, 1]) {
        const ready = await raw(`${direct(index)}/api/ready`);
        expect(ready.status).toBe(503);
        expect(ready.body?.data).toMatchObject({ database: 'ok', storage: 'failing' });
      }
      for (const base of bases()) {
        const refused = await download(base);
        expect(refused.status, refused.text).toBe(503);
        expect(refused.retryAfter).toBe('5');
        expect(refused.body).toEqual({ code: 503, data: { unavailable: 'files' }, error: MESSAGES.files.es });
      }
      const failed = await upload(cluster.address, data.token, draft, PDF, 'Supporting document');
      expect(failed.status).toBe(503);
      expect(failed.error).toBe('The file store is unavailable at the moment. Please try again in a few seconds.');
      // Applications that need no file go on.
      expect((await api(cluster.address, 'GET', `application/${draft}`, { token: data.token })).status).toBe(200);
      expectBothRunning();
    } finally {
      await cluster.s3.startAgain();
    }
    await bothReady();
    for (const base of bases()) {
      const again = await download(base);
      expect(again.status).toBe(200);
    }
    const uploaded = await upload(cluster.address, data.token, draft, PDF, 'Supporting document');
    expect(uploaded.status).toBe(201);
    const detail = await api<{ application_attachments: Array<{ path: string }> }>(
      cluster.address,
      'GET',
      `application/${draft}`,
      { token: data.token },
    );
    expect(detail.data.application_attachments.map((a) => a.path).sort()).toEqual(
      [stored.data.path, uploaded.data.path].sort(),
    );
    const body = await fetch(`${cluster.address}/api/service/download-attachment?file=${stored.data.path}`, {
      headers: { authorization: `Bearer ${data.token}` },
    });
    expect(sha256(Buffer.from(await body.arrayBuffer()))).toBe(sha256(kept));
  }, 120_000);
});
