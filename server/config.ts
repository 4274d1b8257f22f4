/**
 * Server settings read from the environment once at start and checked with zod, so a bad value
 * stops the process with a message naming the variable instead of failing later at first use.
 */
import { resolve } from 'node:path';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^smtps?:\/\//.test(v), { message: 'must start with smtp:// or smtps://' }),
  SMTP_FROM: z.string().default('EcoPermit <no-reply@ecopermit.local>'),
  AUTHORITY_NAME: z.string().min(1).default('National Environment Authority'),
  STATIC_DIR: z.string().min(1).default('./dist'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
});

/** The checked settings of one server process. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Empty: SQLite file `<dataDir>/ecopermit.sqlite`; otherwise a PostgreSQL connection URL. */
  databaseUrl: string;
  /** Absolute folder for the SQLite file and uploads. */
  dataDir: string;
  smtpUrl: string;
  smtpFrom: string;
  /** Printed on certificates. */
  authorityName: string;
  /** Absolute folder of the built portal; skipped when missing. */
  staticDir: string;
  logLevel: (typeof logLevels)[number];
}

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
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    authorityName: e.AUTHORITY_NAME,
    staticDir: resolve(e.STATIC_DIR),
    logLevel: e.LOG_LEVEL,
  };
}
