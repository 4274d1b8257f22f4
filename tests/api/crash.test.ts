/**
 * The server process killed (SIGKILL) in the middle of a submission, then started again on the same
 * data: what is left is either a draft that can be resumed or a complete submission, and the
 * uploads folder holds exactly the files the database records. Runs on SQLite, and on PostgreSQL in
 * `npm run test:pg` (a database of its own on TEST_API_DATABASE_URL's cluster).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from '../../scripts/server-process';
import { codeInMailLine } from '../../server/mail/deliver';
import { multipart, ownPostgresDatabase, PDF, PLASTICS_MANDATORY as MANDATORY, plasticsBody } from './helpers';

const dataDir = mkdtempSync(join(tmpdir(), 'ecopermit-crash-'));
const PATH = 'clients/applications/plastic-bags-authorization';

let port = 0;
let server: ServerProcess | null = null;
/** On PostgreSQL, the database of this file's server (kept across its restarts). */
let database: Awaited<ReturnType<typeof ownPostgresDatabase>> = null;
const log: string[] = [];

/** Starts the real server process on the shared data (and port, so the client keeps its address). */
async function start(): Promise<void> {
  server = await startServerProcess({
    port,
    log,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      STATIC_DIR: join(dataDir, 'no-portal'),
      LOG_LEVEL: 'warn',
      OTP_RESEND_SECONDS: '0',
    },
  });
}

/** SIGKILL: no shutdown hook, no flush, exactly what a crash or an OOM kill does. */
async function kill(): Promise<void> {
  await server?.stop('SIGKILL');
}

async function api<T = unknown>(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as { data: T; error: string | null } };
}

async function upload(token: string, applicationId: number) {
  const { payload, headers } = multipart(
    { application_id: String(applicationId), description: MANDATORY },
    { name: 'certificate.pdf', content: PDF },
  );
  const response = await fetch(`http://127.0.0.1:${port}/api/applications/upload/file`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${token}` },
    body: new Uint8Array(payload),
  });
  return response.status;
}

let token = '';
let clientId = 0;
let company = 0;

async function signIn(): Promise<void> {
  const email = `crash-${process.pid}@example.org`;
  const phone = `079${String(process.pid % 10_000_000).padStart(7, '0')}`;
  const since = log.length;
  await api('POST', 'clients', { first_name: 'Crash', last_name: 'Test', telephone: phone, email });
  let otp = '';
  for (let i = 0; i < 100 && !otp; i += 1) {
    otp =
      log
        .slice(since)
        .map((line) => codeInMailLine(line, email))
        .find(Boolean) ?? '';
    if (!otp) await new Promise((r) => setTimeout(r, 50));
  }
  const confirmed = await api<{ password_token: string }>('POST', 'client/confirm-otp', { username: email, otp });
  await api('POST', 'client/password', {
    username: email,
    password: 'Crash-Test-Pass-1',
    password_token: confirmed.body.data.password_token,
  });
  const login = await api<{ id: number; token: string }>('POST', 'clients/login', {
    username: email,
    password: 'Crash-Test-Pass-1',
  });
  token = login.body.data.token;
  clientId = login.body.data.id;
  company = (
    await api<{ id: number }>(
      'POST',
      'companies',
      {
        name: 'Crash Ltd',
        company_category_id: 1,
        type_registration: 'Company',
        tin: `9${String(process.pid).padStart(8, '0')}`,
        telephone: '0788123456',
        email: 'crash@example.org',
        activities: 'Retail',
        address: 'Kigali',
        contact_person_job_title: 'Manager',
        contact_person_phone: '0788000111',
        contact_person_email: 'boss@example.org',
        client_id: clientId,
      },
      token,
    )
  ).body.data.id;
}

const draft = async () =>
  (await api<{ id: number }>('POST', 'client/application/1', { client_id: clientId }, token)).body.data.id;

const submission = (applicationId: number) => plasticsBody({ clientId, company, applicationId });

interface Detail {
  application_status_id: number;
  auth_plastic_bags: Record<string, unknown> | null;
  application_attachments: Array<{ path: string; description: string }>;
  application_flow_histories: Array<{ application_status_id: number }>;
}

/**
 * Either a draft (no record, no history) or a complete submission (record, its mandatory document,
 * one history entry); and the files on disk are exactly the recorded ones.
 */
async function expectConsistent(applicationId: number): Promise<Detail> {
  const detail = (await api<Detail>('GET', `application/${applicationId}`, undefined, token)).body.data;
  if (detail.application_status_id === 1) {
    expect(detail.auth_plastic_bags).toBeNull();
    expect(detail.application_flow_histories).toEqual([]);
  } else {
    expect(detail.application_status_id).toBe(2);
    expect(detail.auth_plastic_bags).not.toBeNull();
    expect(detail.application_attachments.map((a) => a.description)).toContain(MANDATORY);
    expect(detail.application_flow_histories.map((h) => h.application_status_id)).toEqual([2]);
  }
  for (const attachment of detail.application_attachments)
    expect(existsSync(join(dataDir, attachment.path))).toBe(true);
  return detail;
}

/** Every file in the uploads folder is recorded by some application of the client. */
async function recordedFiles(applications: number[]): Promise<string[]> {
  const paths: string[] = [];
  for (const id of applications) {
    const detail = (await api<Detail>('GET', `application/${id}`, undefined, token)).body.data;
    paths.push(...detail.application_attachments.map((a) => a.path.slice('uploads/'.length)));
  }
  return paths.sort();
}

const onDisk = () => readdirSync(join(dataDir, 'uploads')).sort();

beforeAll(async () => {
  port = await freePort();
  database = await ownPostgresDatabase();
  await start();
  await signIn();
}, 120_000);

afterAll(async () => {
  await kill();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed mid-submission', () => {
  const applications: number[] = [];

  it('during an upload: restarts with a resumable draft and no partial file', async () => {
    const id = await draft();
    applications.push(id);
    const { payload, headers } = multipart(
      { application_id: String(id), description: MANDATORY },
      { name: 'big.pdf', content: Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024, 0x20)]) },
    );
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/applications/upload/file HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, payload.length / 2));
    const deadline = Date.now() + 10_000;
    while (!onDisk().some((name) => name.endsWith('.part'))) {
      if (Date.now() > deadline) throw new Error('the upload never started writing');
      await new Promise((r) => setTimeout(r, 20));
    }
    await kill();
    socket.destroy();
    expect(onDisk().some((name) => name.endsWith('.part'))).toBe(true);

    await start();
    expect(onDisk()).toEqual(await recordedFiles(applications));
    const detail = await expectConsistent(id);
    expect(detail.application_status_id).toBe(1);
    expect(detail.application_attachments).toEqual([]);
    // Resumed: the file again, then the submit.
    expect(await upload(token, id)).toBe(201);
    expect((await api('POST', PATH, submission(id), token)).status).toBe(200);
    expect((await expectConsistent(id)).application_status_id).toBe(2);
  }, 120_000);

  it('between the upload and the call that submits: restarts with the draft and its file', async () => {
    const id = await draft();
    applications.push(id);
    expect(await upload(token, id)).toBe(201);
    await kill();
    await start();
    const detail = await expectConsistent(id);
    expect(detail.application_status_id).toBe(1);
    expect(detail.application_attachments.map((a) => a.description)).toEqual([MANDATORY]);
    expect(onDisk()).toEqual(await recordedFiles(applications));
    expect((await api('POST', PATH, submission(id), token)).status).toBe(200);
    expect((await expectConsistent(id)).application_status_id).toBe(2);
  }, 120_000);

  it('during the call that submits: restarts with a draft or the whole submission, never half', async () => {
    const outcomes = new Set<number>();
    for (const delay of [0, 2, 5, 10, 20]) {
      const id = await draft();
      applications.push(id);
      expect(await upload(token, id)).toBe(201);
      const sent = api('POST', PATH, submission(id), token).catch(() => null);
      await new Promise((r) => setTimeout(r, delay));
      await kill();
      await sent;
      await start();
      const detail = await expectConsistent(id);
      outcomes.add(detail.application_status_id);
      // A draft is resumed by submitting again.
      if (detail.application_status_id === 1) {
        expect((await api('POST', PATH, submission(id), token)).status).toBe(200);
        await expectConsistent(id);
      }
    }
    expect(onDisk()).toEqual(await recordedFiles(applications));
    expect([...outcomes].every((s) => s === 1 || s === 2)).toBe(true);
  }, 180_000);

  it('between the calls of a submit in several calls (a Basel licence): a draft until the record call', async () => {
    const IMPORT = 3;
    const form = JSON.parse(
      readFileSync(
        resolve(__dirname, '../../fixtures/import-licence/basel/valid/waste-oil-for-incineration.json'),
        'utf8',
      ),
    ) as Record<string, unknown>;
    const { waste_identifications: _codes, transit_states: _transit, ...record } = form;
    const id = (await api<{ id: number }>('POST', `client/application/${IMPORT}`, { client_id: clientId }, token)).body
      .data.id;
    applications.push(id);
    for (const description of ['Material safety data sheet', 'Proforma invoice']) {
      const { payload, headers } = multipart(
        { application_id: String(id), description },
        { name: 'document.pdf', content: PDF },
      );
      const response = await fetch(`http://127.0.0.1:${port}/api/applications/upload/file`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${token}` },
        body: new Uint8Array(payload),
      });
      expect(response.status).toBe(201);
    }
    const steps = [
      () =>
        api(
          'POST',
          'waste-identifications-applicant',
          {
            application_id: id,
            wasteIdentifications: [{ waste_identification_id: 7, code: 'Y8' }],
          },
          token,
        ),
      () =>
        api(
          'POST',
          'transit-states',
          {
            application_id: id,
            transit_states: [
              { state_of_dispatch: 'Uganda', state_of_transit: 'Kenya', state_of_destination: 'Rwanda' },
            ],
          },
          token,
        ),
    ];
    for (const step of steps) {
      expect((await step()).status).toBe(200);
      await kill();
      await start();
      const detail = (await api<Detail & { basel_convention: unknown }>('GET', `application/${id}`, undefined, token))
        .body.data;
      expect(detail.application_status_id).toBe(1);
      expect(detail.basel_convention).toBeNull();
      expect(detail.application_flow_histories).toEqual([]);
    }
    const saved = await api(
      'POST',
      'clients/applications/application-basel-convention',
      {
        ...record,
        company_id: company,
        client_id: clientId,
        is_submitted: true,
        application_id: id,
        service_id: IMPORT,
      },
      token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const done = (await api<Detail & { basel_convention: unknown }>('GET', `application/${id}`, undefined, token)).body
      .data;
    expect(done.application_status_id).toBe(2);
    expect(done.basel_convention).not.toBeNull();
    expect(done.application_flow_histories.map((h) => h.application_status_id)).toEqual([2]);
    expect(onDisk()).toEqual(await recordedFiles(applications));
  }, 120_000);
});
