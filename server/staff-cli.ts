/**
 * Staff command: moves an application to a status along the transitions staff may make
 * (engine/core/status-transitions.ts), with a comment for the applicant, the conditions of a
 * conditional approval, or the manually produced certificate. Uses the server's own database module
 * and settings; the history records the move as `staff:<user>`.
 *
 *   npm run staff -- status <applicationId|app_id> <statusId> [--comment "text"] [--conditions "<html>"]
 *                    [--manual-certificate <file> | --manual]
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { basename, join } from 'node:path';
import { staffMove } from './applications-store';
import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { HttpError, ValidationError } from './http';

const USAGE = `Usage: npm run staff -- status <applicationId|app_id> <statusId> [--comment "text"] [--conditions "<html>"]
                                   [--manual-certificate <file> | --manual]

  applicationId   numeric id or the app id (e.g. EP-2026-000123)
  statusId        5 department approved, 6 approved, 7 returned, 9 rejected, 10 propose to approve,
                  17 TOR approved, 18 conditionally approved (with --conditions), 3 under review
  --comment       comment shown to the applicant (e.g. why it was returned)
  --conditions    the approval conditions of a conditional approval (18), as HTML
  --manual-certificate  certificate file of a manually processed application (approved, 6)
  --manual        processed by hand, the certificate to come (shown as under review until then)`;

export interface StatusCommand {
  application: string;
  statusId: number;
  comment: string | null;
  conditions: string | null;
  certificate: string | null;
  manual: boolean;
}

/** Parses the arguments; throws an Error with the usage text on anything unexpected. */
export function parseStaffArgs(argv: string[]): StatusCommand {
  const [command, application, status, ...rest] = argv;
  const fail = (why: string): never => {
    throw new Error(`${why}\n\n${USAGE}`);
  };
  if (command !== 'status') fail(command ? `Unknown command '${command}'.` : 'Missing command.');
  if (!application) fail('Missing application id.');
  if (!status || !/^[1-9]\d{0,5}$/.test(status)) fail('The status id must be a positive integer.');
  const parsed: StatusCommand = {
    application: application as string,
    statusId: Number(status),
    comment: null,
    conditions: null,
    certificate: null,
    manual: false,
  };
  for (let i = 0; i < rest.length; i += 1) {
    const flag = rest[i];
    const value = rest[i + 1];
    if (flag === '--manual') {
      parsed.manual = true;
      continue;
    }
    if (flag === '--comment' && value !== undefined) parsed.comment = value;
    else if (flag === '--conditions' && value !== undefined) parsed.conditions = value;
    else if (flag === '--manual-certificate' && value !== undefined) parsed.certificate = value;
    else fail(`Unexpected argument '${flag ?? ''}'.`);
    i += 1;
  }
  if (parsed.manual && parsed.certificate) fail('Give --manual-certificate or --manual, not both.');
  if ((parsed.manual || parsed.certificate) && parsed.statusId !== 6)
    fail('A manual process is recorded when the application is approved (status 6).');
  if (parsed.conditions !== null && parsed.statusId !== 18)
    fail('Conditions belong to a conditional approval (status 18).');
  if (parsed.statusId === 18 && !parsed.conditions?.trim()) fail('A conditional approval needs --conditions.');
  return parsed;
}

async function run(argv: string[]): Promise<void> {
  const command = parseStaffArgs(argv);
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database);
    const query = database.db.selectFrom('applications').select(['id', 'app_id', 'status_id']);
    const app = await (
      /^\d+$/.test(command.application)
        ? query.where('id', '=', Number(command.application))
        : query.where('app_id', '=', command.application)
    ).executeTakeFirst();
    if (!app) throw new Error(`No application '${command.application}'.`);
    let manualCertificate: { path: string; name: string } | null = null;
    if (command.certificate) {
      const info = await stat(command.certificate).catch(() => null);
      if (!info?.isFile()) throw new Error(`No file '${command.certificate}'.`);
      const path = `uploads/${randomBytes(16).toString('hex')}`;
      await mkdir(join(config.dataDir, 'uploads'), { recursive: true });
      await copyFile(command.certificate, join(config.dataDir, path));
      manualCertificate = { path, name: basename(command.certificate) };
    }
    try {
      const moved = await staffMove(database.db, database.dialect, app.id, {
        statusId: command.statusId,
        comment: command.comment,
        ...(command.conditions !== null ? { conditions: command.conditions } : {}),
        manualCertificate,
        manual: command.manual,
        actor: `staff:${userInfo().username}`,
      });
      console.log(
        `${moved.app_id}: status ${moved.from} -> ${moved.to}${command.comment ? ` (comment: ${command.comment})` : ''}`,
      );
    } catch (error) {
      if (error instanceof ValidationError) throw new Error(error.fields.map((f) => f.message).join(' '));
      if (error instanceof HttpError) throw new Error(`${app.app_id}: ${error.message}`);
      throw error;
    }
  } finally {
    await database.close();
  }
}

// Run only when executed as a command, not when imported by tests.
if (process.argv[1] && /staff-cli\.ts$/.test(process.argv[1])) {
  run(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
