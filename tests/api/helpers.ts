/**
 * API test helpers: a server on a fresh database (SQLite in a temporary DATA_DIR, or a PostgreSQL
 * database of its own on the PostgreSQL run), whose e-mail delivery (the real one: SMTP when the test
 * sets SMTP_URL) also records a line per delivered message, and a signed-in user made through the
 * real registration flow; or such a database alone, for a module's own tests (`freshDatabase`).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { type Services } from '../../server/applications-store';
import { moveStatus, type ExecutorContext } from '../../server/transitions/execute';
import { DEFAULT_SERVICES_DIR, loadDefinitionsFrom } from '../../server/definitions';
import { migrateToLatest, openDatabase, type OpenDatabase } from '../../server/db/database';
import { CODE_EMAIL_KIND, type CodeParams } from '../../server/mail/account-mail';
import { codeInMailLine, createDeliver, mailLine } from '../../server/mail/deliver';
import type { Deliver } from '../../server/mail/mail-sender';
import { createStaff, grantRole } from '../../server/staff-accounts';

export interface TestServer {
  app: FastifyInstance;
  config: ServerConfig;
  /**
   * One line per delivered message, in the log's shape (`[mail] To ...`) with a code always shown:
   * what each recipient received, read by `otpFor`.
   */
  lines: string[];
  /** The server's own log lines of the deliveries (a code mailed by SMTP is not in them). */
  log: string[];
  /** A second connection to the same database, for arranging and inspecting rows. */
  database: OpenDatabase;
  /** The services the server judges by, for the store's functions (`staffMove`, `staffAction`). */
  services: Services;
  close(): Promise<void>;
}

/** What the executor of the transitions needs of a test server (`staffMove`, `staffAction`, ...). */
export function executorOf(server: Pick<TestServer, 'database' | 'services'>): ExecutorContext {
  return { db: server.database.db, dialect: server.database.dialect, ...server.services };
}

/**
 * A staff account `name` with `roles` (`<service>:<role>`, `*` for every service; an approver on
 * every service when none is given): its staff key.
 */
export async function staffKeyWith(
  server: Pick<TestServer, 'database' | 'services'>,
  name: string,
  roles: readonly string[] = ['*:approver'],
): Promise<string> {
  const { key } = await createStaff(server.database.db, name);
  const services = server.services.definitions.map((definition) => definition.key);
  for (const role of roles) {
    const colon = role.lastIndexOf(':');
    await grantRole(
      server.database.db,
      name,
      { service: role.slice(0, colon), role: role.slice(colon + 1) },
      services,
      'test',
    );
  }
  return key;
}

/** A config for a temporary data folder (no portal, silent logs). */
export function testConfig(extra: Record<string, string> = {}): ServerConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'ecopermit-api-'));
  return loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    STATIC_DIR: join(dataDir, 'no-portal'),
    DATABASE_URL: process.env.TEST_API_DATABASE_URL ?? '',
    // Tests register many accounts from one address; the per-address cap has tests of its own.
    ACCOUNT_REQUESTS_PER_MINUTE: '0',
    OTP_RESEND_SECONDS: '0',
    // The retention job runs when a test asks, with its own clock (tests/api/retention.test.ts).
    RETENTION_INTERVAL_MS: '0',
    // The services and reference data under test: another folder when SERVICES_DIR / LOOKUPS_DIR say so.
    ...(process.env.SERVICES_DIR ? { SERVICES_DIR: process.env.SERVICES_DIR } : {}),
    ...(process.env.LOOKUPS_DIR ? { LOOKUPS_DIR: process.env.LOOKUPS_DIR } : {}),
    ...extra,
  });
}

/**
 * The folder of the services under test (SERVICES_DIR, else the repository's services/); its parent
 * holds their fixtures/, as in the repository.
 */
export function servicesUnderTest(): string {
  return process.env.SERVICES_DIR ? resolve(process.env.SERVICES_DIR) : DEFAULT_SERVICES_DIR;
}

/** A copy of the services under test and their fixtures in a new temporary folder, answered. */
export function servicesCopyIn(prefix: string): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const repository = join(servicesUnderTest(), '..');
  cpSync(join(repository, 'services'), join(root, 'services'), { recursive: true });
  cpSync(join(repository, 'fixtures'), join(root, 'fixtures'), { recursive: true });
  return root;
}

let databases = 0;

/**
 * On the PostgreSQL run (TEST_API_DATABASE_URL), a database of its own for one test server, dropped
 * when it closes, so servers never see each other's rows or attempt counters; null on SQLite, where
 * every server has its own file anyway. Files that start server processes of their own use it too, so
 * files can run side by side on one PostgreSQL cluster.
 */
export async function ownPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.TEST_API_DATABASE_URL ?? '';
  if (!base) return null;
  databases += 1;
  const name = `ecopermit_t${process.pid}_${databases}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  return {
    url: base.replace(/\/[^/]*$/, `/${name}`),
    // Without FORCE: a closed pool's connections may still be on their way out, and forcing them would
    // make their clients report a termination. The drop waits until they are gone instead.
    drop: async () => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          await admin(`drop database if exists ${name}`);
          return;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    },
  };
}

/**
 * A fresh database at the latest migration, without a server: SQLite in a temporary folder, or a
 * PostgreSQL database of its own on the PostgreSQL run (TEST_API_DATABASE_URL), so a test of a module
 * that opens the database runs on both. `close` closes and removes it.
 */
export async function freshDatabase(): Promise<{ database: OpenDatabase; close(): Promise<void> }> {
  const own = await ownPostgresDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'ecopermit-db-'));
  const database = openDatabase({ databaseUrl: own?.url ?? '', dataDir });
  await migrateToLatest(database);
  return {
    database,
    async close() {
      await database.close();
      await own?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The server's own delivery (createDeliver: SMTP when configured, its log lines into `log`) that also
 * records each delivered message into `lines`, the code shown, once the delivery succeeded.
 */
function recordingDeliver(config: ServerConfig, lines: string[], log: string[]): Deliver {
  const deliver = createDeliver(config.smtpUrl, config.smtpFrom, {
    timeoutMs: config.smtpTimeoutMs,
    log: (line) => log.push(line),
  });
  return async (email) => {
    await deliver(email);
    lines.push(mailLine(email, { showCode: true }));
  };
}

/** `options` with the recording delivery, unless the test brings a delivery of its own. */
function withRecording(options: BuildOptions, config: ServerConfig, lines: string[], log: string[]): BuildOptions {
  return { ...options, mail: { deliver: recordingDeliver(config, lines, log), ...options.mail } };
}

/** Starts a server on a fresh database. */
export async function startServer(extra: Record<string, string> = {}, options: BuildOptions = {}): Promise<TestServer> {
  const own = await ownPostgresDatabase();
  const config = testConfig({ ...(own ? { DATABASE_URL: own.url } : {}), ...extra });
  const lines: string[] = [];
  const log: string[] = [];
  const app = await buildApp(config, withRecording(options, config, lines, log));
  await app.ready();
  const database = openDatabase(config);
  const services: Services = options.definitions
    ? { definitions: options.definitions, archived: options.archived ?? [] }
    : loadDefinitionsFrom(options.servicesDir ?? config.servicesDir ?? undefined);
  const server: TestServer = {
    app,
    config,
    lines,
    log,
    database,
    services,
    async close() {
      await database.close();
      await server.app.close();
      await own?.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/**
 * Stops `server` and starts it again on the same data (database and files), as a new release would:
 * `options` may give other definitions (another `servicesDir`). The delivered lines go on.
 */
export async function restartServer(server: TestServer, options: BuildOptions = {}): Promise<void> {
  await server.app.close();
  server.app = await buildApp(server.config, withRecording(options, server.config, server.lines, server.log));
  await server.app.ready();
}

/** How long `sendQueuedMail` and `otpFor` run the sender before giving up. */
const MAIL_WAIT_MS = 10_000;

/**
 * Runs the server's e-mail sender until no queued message `waiting` selects is left unsent (any
 * message due now, by default), or fails after MAIL_WAIT_MS naming the last error.
 */
export async function sendQueuedMail(
  server: TestServer,
  waiting: (row: { kind: string; params: string }) => boolean = () => true,
): Promise<void> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    await server.app.mailSender.runOnce();
    const unsent = (
      await server.database.db
        .selectFrom('mail_queue')
        .select(['kind', 'params', 'last_error'])
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', new Date().toISOString())
        .execute()
    ).filter(waiting);
    if (unsent.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`${unsent.length} queued e-mail(s) not sent: ${unsent[0]?.last_error ?? 'no error'}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The newest code sent to a recipient: the sender is run until no code for them waits, then the code
 * is read from the newest delivered line.
 */
export async function otpFor(server: TestServer, recipient: string): Promise<string> {
  await sendQueuedMail(
    server,
    (row) => row.kind === CODE_EMAIL_KIND && (JSON.parse(row.params) as CodeParams).recipient === recipient,
  );
  for (let i = server.lines.length - 1; i >= 0; i -= 1) {
    const code = codeInMailLine(server.lines[i] ?? '', recipient);
    if (code) return code;
  }
  throw new Error(`no code for ${recipient}`);
}

export interface Envelope<T = unknown> {
  code: number;
  data: T;
  error: string | null;
}

/** Injects a JSON call and returns status and parsed envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; body?: unknown; address?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Envelope<T>; response: LightMyRequestResponse }> {
  const response = await app.inject({
    method,
    url: `/api/${url.replace(/^\/+/, '')}`,
    headers: { ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    ...(options.address ? { remoteAddress: options.address } : {}),
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  });
  return { status: response.statusCode, body: response.json<Envelope<T>>(), response };
}

export interface TestUser {
  id: number;
  token: string;
  email: string;
  telephone: string;
  password: string;
}

let counter = 0;

/** Registers, confirms the code as delivered, sets a password and signs in. */
export async function signUp(
  server: TestServer,
  overrides: { email?: string; telephone?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const email = overrides.email ?? `user${counter}-${process.pid}@example.org`;
  const telephone =
    overrides.telephone ?? `07${String(counter).padStart(4, '0')}${String(process.pid % 10000).padStart(4, '0')}`;
  const password = 'Correct-Horse-9';
  const registered = await call<{ id: number }>(server.app, 'POST', 'clients', {
    body: { first_name: 'Alice', last_name: 'Uwase', other_name: '', telephone, email },
  });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const otp = await otpFor(server, email);
  const confirmed = await call<{ password_token: string }>(server.app, 'POST', 'client/confirm-otp', {
    body: { username: email, otp },
  });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
  const set = await call(server.app, 'POST', 'client/password', {
    body: { username: email, password, password_token: confirmed.body.data.password_token },
  });
  if (set.status !== 200) throw new Error(`password failed: ${JSON.stringify(set.body)}`);
  const login = await call<{ id: number; token: string }>(server.app, 'POST', 'clients/login', {
    body: { username: email, password },
  });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { id: login.body.data.id, token: login.body.data.token, email, telephone, password };
}

/**
 * Makes every `insert` or `update` of a client that sets `column` to `value` lose a race: a trigger
 * inserts another client holding that value just before, in the same statement, exactly as a
 * concurrent request committing first would, so the write fails on the unique index (and the
 * statement, the other client included, is undone). Races otherwise depend on timing; this one
 * happens every time, on SQLite and PostgreSQL. Answers a function that removes the trigger.
 */
export async function loseClientRace(
  server: TestServer,
  event: 'insert' | 'update',
  column: 'email' | 'telephone',
  value: string,
): Promise<() => Promise<void>> {
  const { db, dialect } = server.database;
  if (!/^[\w.@+-]+$/.test(value)) throw new Error(`not a plain value: ${value}`);
  const rival = {
    email: column === 'email' ? value : 'rival@example.invalid',
    telephone: column === 'telephone' ? value : '0000000000',
  };
  const insertRival = `insert into clients (uid, first_name, last_name, email, telephone, confirmed, created_at)
    values ('rival', 'Rival', 'Client', '${rival.email}', '${rival.telephone}', 0, '2000-01-01T00:00:00.000Z')`;
  const when = `new.${column} = '${value}' and new.uid <> 'rival'`;
  if (dialect === 'sqlite') {
    await sql
      .raw(`create trigger lose_race before ${event} on clients when ${when} begin ${insertRival}; end`)
      .execute(db);
    return async () => void (await sql.raw('drop trigger lose_race').execute(db));
  }
  await sql
    .raw(`create function lose_race() returns trigger language plpgsql as $$ begin ${insertRival}; return new; end $$`)
    .execute(db);
  await sql
    .raw(`create trigger lose_race before ${event} on clients for each row when (${when}) execute function lose_race()`)
    .execute(db);
  return async () => {
    await sql.raw('drop trigger lose_race on clients').execute(db);
    await sql.raw('drop function lose_race()').execute(db);
  };
}

let tins = 0;

/** A valid company body for the given client, with a TIN of its own (TINs are unique across clients). */
export function companyBody(clientId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  tins += 1;
  return {
    name: 'Green Packaging Ltd',
    company_category_id: 1,
    type_registration: 'Company',
    tin: `1${String(process.pid % 10000).padStart(4, '0')}${String(tins).padStart(4, '0')}`,
    telephone: '0788123456',
    email: 'info@green.example',
    avgMonthlyPlasticQuantity: '',
    activities: 'Retail',
    address: 'KN 3 Rd, Kigali',
    contact_person_name: 'Jane Uwase',
    contact_person_job_title: 'Manager',
    contact_person_phone: '0788000111',
    contact_person_email: 'jane@green.example',
    province_id: 2,
    district_id: 201,
    sector_id: null,
    cell_id: null,
    client_id: clientId,
    ...overrides,
  };
}

/** Builds a multipart/form-data payload with fields and one file. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer; type?: string; field?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ecopermit${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a file to an application through the API, as the wizard does (multipart). */
export async function attach(
  server: TestServer,
  user: TestUser,
  applicationId: number,
  description: string,
  file: { name: string; content: Buffer } = { name: 'document.pdf', content: PDF },
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipart(
    { application_id: String(applicationId), description },
    { ...file, type: 'application/octet-stream' },
  );
  return server.app.inject({
    method: 'POST',
    url: '/api/applications/upload/file',
    payload,
    headers: { ...headers, authorization: `Bearer ${user.token}` },
  });
}

/** A new application of `user` for `serviceId`, moved to `statusId` by staff (2: submitted). */
export async function applicationAt(
  server: TestServer,
  user: TestUser,
  serviceId: number,
  statusId: number,
): Promise<{ id: number; app_id: string }> {
  const draft = await call<{ id: number; app_id: string }>(server.app, 'POST', `client/application/${serviceId}`, {
    token: user.token,
    body: { client_id: user.id },
  });
  if (draft.status !== 201) throw new Error(`draft failed: ${JSON.stringify(draft.body)}`);
  if (statusId !== 1) await moveStatus(server.database.db, draft.body.data.id, { statusId });
  return draft.body.data;
}

/** The mandatory document of the plastics service (fixtures/lookups/service-attachments.json). */
export const PLASTICS_MANDATORY = 'Company registration certificate';

/** A signed-up client with a company and a plastics draft that holds its mandatory document. */
export async function applicantWithDraft(
  server: TestServer,
): Promise<{ user: TestUser; company: number; draft: number }> {
  const user = await signUp(server);
  const company = (
    await call<{ id: number }>(server.app, 'POST', 'companies', { token: user.token, body: companyBody(user.id) })
  ).body.data.id;
  const draft = (await applicationAt(server, user, 1, 1)).id;
  const attached = await attach(server, user, draft, PLASTICS_MANDATORY);
  if (attached.statusCode !== 201) throw new Error(`upload failed: ${attached.body}`);
  return { user, company, draft };
}

/** A plastics submission of a company as the wizard sends it (application area 1 with its item 1). */
export function plasticsBody(
  to: { clientId: number; company: number; applicationId: number },
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    is_company: true,
    company_id: to.company,
    company_representative: 'Jane',
    plastic_type_id: 1,
    import_purchase: 'import',
    origin: 'Kenya',
    quantity_measure_id: 1,
    quantity: 10,
    consumption_area_id: 1,
    items: [1],
    plastics_finished_usage: 'Local Sale',
    description: 'Carry bags',
    client_id: to.clientId,
    application_id: to.applicationId,
    service_id: 1,
    is_submitted: true,
    ...overrides,
  };
}

/** A tiny valid PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A PNG signature plus filler. */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);

/** What a run of the staff command answered: whether it succeeded, its exit code, its outputs. */
export interface StaffCommandRun {
  ok: boolean;
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the staff command (`server/staff-cli.ts`, the real one) with `args` on `server`'s database. */
export function staffCommand(server: Pick<TestServer, 'config'>, args: string[]): Promise<StaffCommandRun> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/staff-cli.ts', ...args],
      {
        env: {
          ...process.env,
          DATA_DIR: server.config.dataDir,
          DATABASE_URL: server.config.databaseUrl,
          LOG_LEVEL: 'silent',
        },
      },
      (error, stdout, stderr) => done({ ok: !error, code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
