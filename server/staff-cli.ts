/**
 * Staff command: moves an application to a status with a comment for the applicant, optionally
 * attaching the manually produced certificate. Uses the server's own database module and settings.
 *
 *   npm run staff -- status <applicationId|app_id> <statusId> [--comment "text"] [--manual-certificate <file>]
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { moveStatus } from './applications-store';
import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';

const USAGE = `Usage: npm run staff -- status <applicationId|app_id> <statusId> [--comment "text"] [--manual-certificate <file>]

  applicationId   numeric id or the app id (e.g. EP-2026-000123)
  statusId        2 submitted, 5 department approved, 6 approved, 7 returned, 9 rejected,
                  10 propose to approve, 17 TOR approved, 18 conditionally approved, ...
  --comment       comment shown to the applicant (e.g. why it was returned)
  --manual-certificate  certificate file for a manually processed application`;

export interface StatusCommand {
  application: string;
  statusId: number;
  comment: string | null;
  certificate: string | null;
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
  let comment: string | null = null;
  let certificate: string | null = null;
  for (let i = 0; i < rest.length; i += 1) {
    const flag = rest[i];
    const value = rest[i + 1];
    if (flag === '--comment' && value !== undefined) comment = value;
    else if (flag === '--manual-certificate' && value !== undefined) certificate = value;
    else fail(`Unexpected argument '${flag ?? ''}'.`);
    i += 1;
  }
  return { application: application as string, statusId: Number(status), comment, certificate };
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
    await moveStatus(database.db, app.id, { statusId: command.statusId, comment: command.comment, manualCertificate });
    console.log(
      `${app.app_id}: status ${app.status_id} -> ${command.statusId}${command.comment ? ` (comment: ${command.comment})` : ''}`,
    );
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
