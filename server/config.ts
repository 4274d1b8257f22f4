/**
 * Server settings read from the environment once at start and checked with zod, so a bad value
 * stops the process with a message naming the variable instead of failing later at first use.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { parseS3Url, type S3Settings } from './storage/s3-settings';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A whole number of at least `min` (0 turns a limit off where its doc says so). */
const count = (fallback: number, min = 1) =>
  z.coerce
    .number({ error: `must be a whole number of at least ${min}` })
    .int({ error: `must be a whole number of at least ${min}` })
    .min(min, { error: `must be a whole number of at least ${min}` })
    .max(1_000_000_000, { error: 'is too large' })
    .default(fallback);

/**
 * The security limits and their defaults (docs/security.md; in one table: docs/operations.md, "Security
 * settings"). Each is one environment variable; the key is its name.
 */
const limitsSchema = {
  LOGIN_MAX_FAILURES: count(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: count(20),
  LOGIN_LOCK_MINUTES: count(15),
  OTP_MAX_GUESSES_PER_CODE: count(5),
  OTP_MAX_GUESSES_PER_HOUR: count(20),
  OTP_RESEND_SECONDS: count(60, 0),
  OTP_MAX_SENDS_PER_HOUR: count(5),
  ACCOUNT_REQUESTS_PER_MINUTE: count(60, 0),
  SESSION_IDLE_HOURS: count(12),
  SESSION_MAX_DAYS: count(30),
  HASH_CONCURRENCY: count(2),
  UPLOAD_MAX_FILES_PER_APPLICATION: count(30),
  UPLOAD_MAX_MB_PER_APPLICATION: count(200),
  UPLOAD_MAX_FILES_PER_DAY: count(100),
  UPLOAD_MAX_MB_PER_DAY: count(500),
  BODY_TIMEOUT_SECONDS: count(30),
  STAFF_KEY_DAYS: count(90),
};

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number from 0 to 65535' })
    .int({ error: 'must be a port number from 0 to 65535' })
    .min(0, { error: 'must be a port number from 0 to 65535' })
    .max(65535, { error: 'must be a port number from 0 to 65535' })
    .default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^postgres(ql)?:\/\//.test(v), {
      message: 'must be empty (SQLite under DATA_DIR) or start with postgres:// or postgresql://',
    }),
  DATABASE_WAIT_SECONDS: count(10),
  DATA_DIR: z.string().min(1).default('./data'),
  STORAGE_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || parsesAsS3(v), {
      message: 'must be empty (files under DATA_DIR/uploads) or s3://bucket or s3://bucket/prefix',
    }),
  S3_ENDPOINT: z
    .string()
    .default('')
    .refine((v) => v === '' || /^https?:\/\/[^/]+/.test(v), { message: 'must be empty (AWS) or an http(s) address' }),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: "must be 'true' (bucket in the path, as MinIO wants) or 'false'" })
    .optional(),
  // No default here: it depends on STORAGE_URL (see `orphanGraceMs`).
  ORPHAN_GRACE_MINUTES: z.coerce
    .number({ error: 'must be a whole number of at least 0' })
    .int({ error: 'must be a whole number of at least 0' })
    .min(0, { error: 'must be a whole number of at least 0' })
    .max(100_000, { error: 'is too large' })
    .optional(),
  SMTP_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^smtps?:\/\//.test(v), { message: 'must start with smtp:// or smtps://' }),
  SMTP_FROM: z.string().default('EcoPermit <no-reply@ecopermit.local>'),
  SMTP_TIMEOUT_SECONDS: count(15),
  PUBLIC_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^https?:\/\/[^/\s]+(\/[^\s]*)?$/.test(v), {
      message: 'must be empty (http://localhost:PORT) or the http(s) address applicants open the portal at',
    }),
  MAIL_POLL_SECONDS: count(5),
  MAIL_RETRY_SECONDS: count(30),
  MAIL_RETRY_MAX_MINUTES: count(60),
  RETENTION_INTERVAL_MS: count(60 * 60 * 1000, 0),
  WEBHOOKS_FILE: z.string().default(''),
  WEBHOOK_POLL_MS: count(1000, 10),
  WEBHOOK_RETRY_MS: count(5000),
  WEBHOOK_MAX_WAIT_MS: count(3_600_000),
  WEBHOOK_MAX_ATTEMPTS: count(12),
  WEBHOOK_TIMEOUT_MS: count(10_000, 100),
  AUTHORITY_NAME: z.string().min(1).default('National Environment Authority'),
  STATIC_DIR: z.string().min(1).default('./dist'),
  SERVICES_DIR: z.string().default(''),
  STUDIO: z
    .enum(['off', 'on', 'open'], {
      error: "must be 'off', 'on' (staff sign-in) or 'open' (no sign-in, for a developer's machine)",
    })
    .default('off'),
  LOOKUPS_DIR: z.string().default(''),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'], {
      error: "must be 'true' (behind a reverse proxy: client addresses from X-Forwarded-For) or 'false'",
    })
    .default('false'),
  SHUTDOWN_GRACE_SECONDS: count(20, 0),
  DRAIN_DELAY_SECONDS: count(0, 0),
  METRICS: z.enum(['off', 'on'], { error: "must be 'off' or 'on' (Prometheus metrics at /metrics)" }).default('off'),
  STAFF_OIDC_ISSUER: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || /^https:\/\/[^/\s]+(\/[^\s]*)?$/.test(v) || /^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(v),
      {
        message:
          "must be empty (the embedded provider at PUBLIC_URL/oidc) or the https address of the staff's OpenID provider",
      },
    ),
  STAFF_OIDC_CLIENT_ID: z.string().default(''),
  STAFF_OIDC_CLIENT_SECRET: z.string().default(''),
  STAFF_OIDC_ROLES_CLAIM: z.string().min(1).default('roles'),
  STAFF_OIDC_NAME_CLAIM: z.string().min(1).default('preferred_username'),
  STAFF_SESSION_HOURS: count(10),
  STAFF_SESSION_IDLE_MINUTES: count(120),
  ...limitsSchema,
});

/** The security limits, in the units the code uses. */
export interface SecurityLimits {
  /** Failed sign-ins of one account before it is locked for `lockMs`. */
  loginFailuresPerAccount: number;
  /** Failed sign-ins from one address (any accounts) before it is locked for `lockMs`. */
  loginFailuresPerAddress: number;
  lockMs: number;
  otpGuessesPerCode: number;
  otpGuessesPerHour: number;
  /** At most one code sent per account (and per e-mail or phone asked for) in this time; 0: no pause. */
  otpResendMs: number;
  otpSendsPerHour: number;
  /** Requests per minute and address on the public account routes; 0: no limit. */
  accountRequestsPerMinute: number;
  sessionIdleMs: number;
  sessionMaxMs: number;
  hashConcurrency: number;
  uploadFilesPerApplication: number;
  uploadBytesPerApplication: number;
  uploadFilesPerDay: number;
  uploadBytesPerDay: number;
  /** A request body that has not arrived after this long and is trickling slower than the minimum rate is cut. */
  bodyTimeoutMs: number;
  /** A staff key is refused this long after it was made (`npm run staff -- rotate-staff` makes a new one). */
  staffKeyMs: number;
}

/** Where files are kept: this machine's disk, or an S3-compatible store. */
export type StorageSettings = { backend: 'local' } | ({ backend: 's3' } & S3Settings);

const parsesAsS3 = (url: string) => {
  try {
    parseS3Url(url);
    return true;
  } catch {
    return false;
  }
};

/** The checked settings of one server process. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Empty: SQLite file `<dataDir>/ecopermit.sqlite`; otherwise a PostgreSQL connection URL. */
  databaseUrl: string;
  /**
   * How long a query waits for the database (a PostgreSQL connection, SQLite's lock held by another
   * process) before its request answers 503.
   */
  databaseWaitMs: number;
  /** Absolute folder for the SQLite file and, with local storage, the uploads. */
  dataDir: string;
  storage: StorageSettings;
  /**
   * Temporary and unrecorded files younger than this are kept by the start's sweep: the uploads
   * other instances have in flight. 0 with local storage (one process owns its disk), 60 minutes
   * with S3, unless set.
   */
  orphanGraceMs: number;
  smtpUrl: string;
  smtpFrom: string;
  /** The longest wait for the SMTP server's connection, greeting and each answer. */
  smtpTimeoutMs: number;
  /** The portal's address as applicants open it (no trailing slash): the start of the e-mails' links. */
  publicUrl: string;
  /** The e-mail queue's sender: how often it looks, and the retry waits (doubled per failure, capped). */
  mail: { pollMs: number; retryBaseMs: number; retryMaxMs: number };
  /**
   * Time between runs of the retention job (server/retention/), which deletes decided applications past
   * their class; 0: it does not run (the tests' default, which run it with their own clock).
   */
  retentionIntervalMs: number;
  /** The webhooks' subscriptions file and sender (server/webhooks/, docs/operations.md#webhooks). */
  webhooks: WebhookSettings;
  /** Printed on certificates. */
  authorityName: string;
  /** Absolute folder of the built portal; skipped when missing. */
  staticDir: string;
  /** Folder of the service definitions; the repository's services/ when unset. */
  servicesDir?: string;
  /** The analyst studio: off, on (staff sign-in) or open (no sign-in). */
  studio: 'off' | 'on' | 'open';
  /** Folder of the seeded reference data; the repository's fixtures/lookups/ when unset. */
  lookupsDir?: string;
  logLevel: (typeof logLevels)[number];
  /** Behind a reverse proxy: the client address comes from X-Forwarded-For. */
  trustProxy: boolean;
  /** After the stop signal and the drain delay, requests in flight get this long to finish before the process exits. */
  shutdownGraceMs: number;
  /** From SIGTERM, readiness answers 503 this long before the listener closes, so the load balancer stops first. */
  drainDelayMs: number;
  /** Prometheus metrics at `/metrics` (otherwise 404). */
  metrics: boolean;
  /** How the staff sign in to the console (server/staff-auth/). */
  staffSignIn: StaffSignInSettings;
  limits: SecurityLimits;
}

/** Where the webhook subscriptions are declared, and how their sender delivers and retries. */
export interface WebhookSettings {
  /** The JSON file of the subscriptions (schemas/webhooks.schema.json); null: no webhooks. */
  file: string | null;
  /** How often the outbox is looked at. */
  pollMs: number;
  /** The wait after a first failed delivery, doubled after each further failure... */
  retryBaseMs: number;
  /** ...up to this longest wait. */
  maxWaitMs: number;
  /** Failed attempts after which an event is dead (kept for staff to replay). */
  maxAttempts: number;
  /** The longest a receiver may take to answer one delivery. */
  timeoutMs: number;
}

/** The staff console's OpenID Connect sign-in: the provider, the console's client, its claims, its sessions. */
export interface StaffSignInSettings {
  /** The staff's OpenID provider; null: the embedded one, at `${publicUrl}/oidc`. */
  issuer: string | null;
  /** The console's client at the provider; empty with the embedded one: made once and kept in the database. */
  clientId: string;
  clientSecret: string;
  /** The ID token claim listing the roles (`<service>:<role>` values, engine/core/staff-policy.ts). */
  rolesClaim: string;
  /** The ID token claim naming the staff member (their name in the histories). */
  nameClaim: string;
  /** A console session ends this long after sign-in... */
  sessionMaxMs: number;
  /** ...or this long after its last request. */
  sessionIdleMs: number;
}

const MINUTE = 60_000;
const MEGABYTE = 1024 * 1024;

/** Thrown when the environment holds a value the server cannot use. */
export class ConfigError extends Error {}

/**
 * Reads and checks the settings. Empty strings count as "not set" so `PORT=` in a shell keeps the default.
 * @throws ConfigError listing every bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const input: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && (value !== '' || key === 'DATABASE_URL' || key === 'SMTP_URL'))
      input[key] = value.trim();
  }
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid server settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STAFF_OIDC_ISSUER && !e.STAFF_OIDC_CLIENT_ID)
    throw new ConfigError(
      'Invalid server settings:\n  STAFF_OIDC_CLIENT_ID: must be set with STAFF_OIDC_ISSUER (the console is a client of that provider)',
    );
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseWaitMs: e.DATABASE_WAIT_SECONDS * 1000,
    dataDir: resolve(e.DATA_DIR),
    storage: e.STORAGE_URL
      ? {
          backend: 's3',
          ...parseS3Url(e.STORAGE_URL),
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // Self-hosted stores (an endpoint is set) mostly want the bucket in the path; AWS wants it in the host.
          forcePathStyle: (e.S3_FORCE_PATH_STYLE ?? String(e.S3_ENDPOINT !== '')) === 'true',
        }
      : { backend: 'local' },
    orphanGraceMs: (e.ORPHAN_GRACE_MINUTES ?? (e.STORAGE_URL ? 60 : 0)) * MINUTE,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    smtpTimeoutMs: e.SMTP_TIMEOUT_SECONDS * 1000,
    publicUrl: (e.PUBLIC_URL || `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    mail: {
      pollMs: e.MAIL_POLL_SECONDS * 1000,
      retryBaseMs: e.MAIL_RETRY_SECONDS * 1000,
      retryMaxMs: e.MAIL_RETRY_MAX_MINUTES * MINUTE,
    },
    retentionIntervalMs: e.RETENTION_INTERVAL_MS,
    webhooks: {
      file: e.WEBHOOKS_FILE ? resolve(e.WEBHOOKS_FILE) : null,
      pollMs: e.WEBHOOK_POLL_MS,
      retryBaseMs: e.WEBHOOK_RETRY_MS,
      maxWaitMs: e.WEBHOOK_MAX_WAIT_MS,
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    },
    authorityName: e.AUTHORITY_NAME,
    staticDir: resolve(e.STATIC_DIR),
    ...(e.SERVICES_DIR ? { servicesDir: resolve(e.SERVICES_DIR) } : {}),
    studio: e.STUDIO,
    ...(e.LOOKUPS_DIR ? { lookupsDir: resolve(e.LOOKUPS_DIR) } : {}),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    drainDelayMs: e.DRAIN_DELAY_SECONDS * 1000,
    metrics: e.METRICS === 'on',
    staffSignIn: {
      issuer: e.STAFF_OIDC_ISSUER ? e.STAFF_OIDC_ISSUER.replace(/\/+$/, '') : null,
      clientId: e.STAFF_OIDC_CLIENT_ID,
      clientSecret: e.STAFF_OIDC_CLIENT_SECRET,
      rolesClaim: e.STAFF_OIDC_ROLES_CLAIM,
      nameClaim: e.STAFF_OIDC_NAME_CLAIM,
      sessionMaxMs: e.STAFF_SESSION_HOURS * 60 * MINUTE,
      sessionIdleMs: e.STAFF_SESSION_IDLE_MINUTES * MINUTE,
    },
    limits: {
      loginFailuresPerAccount: e.LOGIN_MAX_FAILURES,
      loginFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      lockMs: e.LOGIN_LOCK_MINUTES * MINUTE,
      otpGuessesPerCode: e.OTP_MAX_GUESSES_PER_CODE,
      otpGuessesPerHour: e.OTP_MAX_GUESSES_PER_HOUR,
      otpResendMs: e.OTP_RESEND_SECONDS * 1000,
      otpSendsPerHour: e.OTP_MAX_SENDS_PER_HOUR,
      accountRequestsPerMinute: e.ACCOUNT_REQUESTS_PER_MINUTE,
      sessionIdleMs: e.SESSION_IDLE_HOURS * 60 * MINUTE,
      sessionMaxMs: e.SESSION_MAX_DAYS * 24 * 60 * MINUTE,
      hashConcurrency: e.HASH_CONCURRENCY,
      uploadFilesPerApplication: e.UPLOAD_MAX_FILES_PER_APPLICATION,
      uploadBytesPerApplication: e.UPLOAD_MAX_MB_PER_APPLICATION * MEGABYTE,
      uploadFilesPerDay: e.UPLOAD_MAX_FILES_PER_DAY,
      uploadBytesPerDay: e.UPLOAD_MAX_MB_PER_DAY * MEGABYTE,
      bodyTimeoutMs: e.BODY_TIMEOUT_SECONDS * 1000,
      staffKeyMs: e.STAFF_KEY_DAYS * 24 * 60 * MINUTE,
    },
  };
}
