/**
 * Staff command: takes the staff transitions of the application's service (its
 * `lifecycle.transitions`, the platform's base included; engine/core/transitions.ts) by name or by the
 * status they reach, with a comment for the applicant, the manually produced certificate, or what a
 * transition takes (a document, a text), through the server's one executor. Uses the server's own database module, settings
 * and services folder. It acts as a staff account (`--as <name>`, else the OS user's name), which must
 * exist and not be removed: its roles (`staff_roles`) are judged by the one staff policy
 * (engine/core/staff-policy.ts), as the staff API's are; the history records each move as `staff:<name>`.
 *
 *   npm run staff -- status <applicationId|app_id> <statusId> [--comment "text"] [--<text> "<html>"]
 *                    [--manual-certificate <file> | --manual]
 *   npm run staff -- <action> <applicationId|app_id> [--file <pdf>] [--<text> "<html>"] [--comment "text"]
 *   npm run staff -- attach <applicationId|app_id> --kind <kind> --file <pdf>   (an internal review document)
 *   npm run staff -- certificate <applicationId|app_id> --file <pdf>   (the certificate of a manual approval)
 *   npm run staff -- add-staff <name> [--role <service>:<role>]...   (an account; prints its key once)
 *   npm run staff -- grant <name> <service|*>:<role> | revoke <name> <service|*>:<role>
 *   npm run staff -- rotate-staff <name> | remove-staff <name> | list-staff
 *   npm run staff -- set-password <name>     (the console's password, read from stdin)
 *   npm run staff -- sign-in-link <name>     (a one-time sign-in link to the console, printed once)
 *   npm run staff -- webhooks dead           (the webhook events given up on)
 *   npm run staff -- webhooks replay <id>    (puts a dead event back in line, same id and body)
 *   npm run staff -- verify-trail [--app <applicationId|app_id>]   (checks the audit trail's chains)
 *   npm run staff -- hold <applicationId|app_id> --reason "text"    (a legal hold: kept from the retention job)
 *   npm run staff -- release-hold <applicationId|app_id>           (lifts it: its retention class applies again)
 *   npm run staff -- help                    (the usage, with the transitions of the loaded services)
 *
 * The transitions it takes by name are those of the loaded services' tables (current and kept
 * versions, transitions/staff-transitions.ts): the usage lists them, an unknown word is refused.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { basename } from 'node:path';
import {
  attachAuthorityDocument,
  attachManualCertificate,
  CERTIFICATE_NOT_PDF,
  moveOptionProblems,
  staffAction,
  staffMove,
} from './staff-decisions';
import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { HttpError, ValidationError } from './http';
import { loadDefinitionsFrom } from './definitions';
import { commitWith, startsAsPdf } from './storage/stored-files';
import type { FileStore } from './storage/file-store';
import { openFileStore } from './storage/open-store';
import {
  createStaff,
  grantProblems,
  grantRole,
  listStaff,
  removeStaff,
  revokeRole,
  rotateStaff,
  staffActorOfName,
  type GrantInput,
} from './staff-accounts';
import { newSignInLink, setStaffPassword, SIGN_IN_LINK_MS } from './staff-auth/credentials';
import { createPasswordHasher } from './security';
import { reviewDocuments, statusKey, transitionsOf, type StaffActor } from '../engine/core';
import { collectStaffTransitions, commandTakes, type StaffTransition } from './transitions/staff-transitions';
import { definitionOfStored } from './applications-store';
import { loadWebhookSubscriptions } from './webhooks/subscriptions';
import { deadWebhooks, replayWebhook } from './webhooks/dead-letters';
import type { Kysely } from 'kysely';
import type { Database } from './db/tables';
import { trailReportText, verifyTrail } from './trail/verify';
import { changeLegalHold } from './retention/legal-hold';

const USAGE = `Usage: npm run staff -- status <applicationId|app_id> <statusId> [--comment "text"] [--<text> "<html>"]
                                   [--manual-certificate <file> | --manual]
       npm run staff -- <action> <applicationId|app_id> [--file <pdf>] [--<text> "<html>"] [--comment "text"]
       npm run staff -- attach <applicationId|app_id> --kind <kind> --file <pdf>
       npm run staff -- certificate <applicationId|app_id> --file <pdf>
       npm run staff -- add-staff <name> [--role <service>:<role>]... | rotate-staff <name> | remove-staff <name>
       npm run staff -- grant <name> <service|*>:<role> | revoke <name> <service|*>:<role> | list-staff
       npm run staff -- set-password <name> | sign-in-link <name>
       npm run staff -- actions <applicationId|app_id> | verify-trail [--app <applicationId|app_id>] | help
       npm run staff -- webhooks dead | webhooks replay <id>
       npm run staff -- hold <applicationId|app_id> --reason "text" | release-hold <applicationId|app_id> [--reason "text"]
  (status, <action>, attach, certificate, hold and release-hold take --as <name>: the staff account acting, else the OS user's name)

  applicationId   numeric id or the app id (e.g. EP-2026-000123)
  statusId        5 department approved, 6 approved, 7 returned, 9 rejected, 10 propose to approve,
                  3 under review; or a status of the service's own (its lifecycle.statuses), reached
                  through the action that reaches it (with its --<text>, e.g. --conditions)
  --comment       comment shown to the applicant (e.g. why it was returned)
  --<text>        the text a transition takes (lifecycle.transitions[].text), as HTML
  --manual-certificate  certificate (PDF) of a manually processed application (approved, 6)
  --manual        processed by hand, the certificate to come (shown as under review until the
                  certificate command files it)
  <action>        a staff transition of the application's service by name (lifecycle.transitions
                  of its service.json and the platform's: approve, return, reject...), with
                  --file <pdf> when it files a document (the transitions of the services are
                  listed below; those of one application's service and status by
                  npm run staff -- actions <applicationId|app_id>)
  attach          files one of the authority's review documents (PDF), kept from the applicant's list;
                  kind: one of the service's lifecycle.reviewDocuments (npm run staff -- actions <app> lists them)
  certificate     files the certificate (PDF) of an application approved with --manual: the
                  applicant then sees it approved, with the certificate
  add-staff       creates an account of the staff API and prints its key (shown once); a key
                  expires after STAFF_KEY_DAYS (90) days; --role grants it a role (repeatable)
  grant, revoke   gives or withdraws a role on a service (its key, or * for every service):
                  viewer reads, reviewer takes the rows of the table, approver also the approver's
                  rows (approve, reject), admin grants roles
  --as            the staff account acting (its roles decide what it may take; four eyes: who
                  proposed an approval does not approve it)
  rotate-staff    gives the account a new key (shown once); the former key is refused at once
  remove-staff    removes the account: its key is refused at once (its name stays in the histories)
  list-staff      the accounts: their roles, created, last used, when the key expires (never the keys)
  set-password    sets the password the account signs in to the console with (the embedded provider),
                  read from stdin (printf '%s' "$PASSWORD" | npm run staff -- set-password <name>);
                  a weak or common one is refused
  sign-in-link    prints a one-time link that signs the account in to the console (valid 24 hours, used
                  once; a new link replaces the former)
  webhooks dead   lists the webhook events given up on (WEBHOOK_MAX_ATTEMPTS failed deliveries): their
                  id, subscription, application, attempts and last error
  webhooks replay puts a dead event back in line (the same id and body), before the later events of its
                  application that wait behind it
  hold            keeps a decided application from the retention job (a legal hold; approver or admin
                  of its service) until release-hold lifts it; both are events of its trail
  verify-trail    recomputes the chains of the trail of changes (every application's, or --app's,
                  and the register of applications made and deleted): prints OK with the counts and
                  the register's head hash (record it elsewhere), or each broken place, and exits with 1`;

/**
 * The command's usage with the staff transitions of the loaded services (their tables, the kept
 * versions' included) as its subcommands: name, what it does, what it takes.
 */
export function staffUsage(transitions: readonly StaffTransition[]): string {
  if (transitions.length === 0) return USAGE;
  const width = Math.max(...transitions.map((transition) => transition.name.length)) + 2;
  const lines = transitions.map(
    (transition) =>
      `  ${transition.name.padEnd(width)}${transition.description}\n  ${' '.repeat(width)}takes ${commandTakes(transition)}`,
  );
  return `${USAGE}\n\nTransitions (npm run staff -- <name> <applicationId|app_id> ...):\n${lines.join('\n')}`;
}

// ---- the console's sign-in (server/staff-auth/credentials.ts) ----------------------------------------

/** The subcommands of the console's sign-in credentials. */
const SIGN_IN_COMMANDS = ['set-password', 'sign-in-link'] as const;

/** Sets an account's console password (from stdin), or prints a one-time sign-in link. */
export type SignInCommand = { command: 'set-password'; name: string } | { command: 'sign-in-link'; name: string };

const isSignInCommand = (command: string | undefined): command is SignInCommand['command'] =>
  (SIGN_IN_COMMANDS as readonly string[]).includes(command ?? '');

/** The password given on stdin: its first line (a terminal's Enter or a pipe's end ends it). */
async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password (the line is shown as you type it): ');
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

/** Runs a sign-in subcommand; its output, or an Error saying why not. */
async function runSignInCommand(
  command: SignInCommand,
  db: Parameters<typeof setStaffPassword>[0],
  config: ReturnType<typeof loadConfig>,
): Promise<string> {
  if (command.command === 'set-password') {
    const password = await passwordFromStdin();
    await refusedAs(command.name, () => setStaffPassword(db, createPasswordHasher(1), command.name, password));
    return `Staff account '${command.name}' has a new password for the console.`;
  }
  const { link, expiresAt } = await refusedAs(command.name, () =>
    newSignInLink(db, config.publicUrl, command.name, SIGN_IN_LINK_MS),
  );
  return `A one-time sign-in link for '${command.name}' (works once, until ${expiresAt}; shown once):\n${link}`;
}

// ------------------------------------------------------------------------------------------------------

/**
 * The command's own words, not transitions (the definitions' meta-schema keeps a transition from
 * being named as one: schemas/service-definition.schema.json, `transition.name`).
 */
const OWN_COMMANDS = [
  'verify-trail',
  'status',
  'actions',
  'attach',
  'certificate',
  'help',
  'add-staff',
  'grant',
  'revoke',
  'rotate-staff',
  'remove-staff',
  'list-staff',
  'webhooks',
  'hold',
  'release-hold',
  ...SIGN_IN_COMMANDS,
];

/** A command that acts on an application as a staff account. */
interface ActingCommand {
  /** The staff account acting (`--as`); the OS user's name when absent. */
  as?: string;
}

export interface StatusCommand extends ActingCommand {
  command: 'status';
  application: string;
  statusId: number;
  comment: string | null;
  /** Texts an action may take, by name (`--conditions <html>`). */
  texts: Record<string, string>;
  certificate: string | null;
  manual: boolean;
}

/** An action of the application's service, judged against its definition when run. */
export interface ActionCommand extends ActingCommand {
  command: 'action';
  action: string;
  application: string;
  file: string | null;
  comment: string | null;
  texts: Record<string, string>;
}

/** Lists the actions of the application's service. */
export interface ActionsCommand {
  command: 'actions';
  application: string;
}

export interface AttachCommand extends ActingCommand {
  command: 'attach';
  application: string;
  /** One of the service's `lifecycle.reviewDocuments`, judged when the command runs. */
  kind: string;
  file: string;
}

/** Files the certificate of an application approved with its certificate to come (`--manual`). */
export interface CertificateCommand extends ActingCommand {
  command: 'certificate';
  application: string;
  file: string;
}

/** Manages the accounts of the staff API: add (with roles), rotate (a new key) or remove one. */
export type AccountCommand =
  | { command: 'add-staff'; name: string; roles?: GrantInput[] }
  | { command: 'rotate-staff'; name: string }
  | { command: 'remove-staff'; name: string };

/** Grants or withdraws a role on a service (`*`: every service). */
export type RoleCommand =
  { command: 'grant'; name: string; grant: GrantInput } | { command: 'revoke'; name: string; grant: GrantInput };

/** Lists the accounts of the staff API (never their keys). */
export interface ListStaffCommand {
  command: 'list-staff';
}

/** Lists the dead webhook events, or replays one (server/webhooks/dead-letters.ts). */
export type WebhooksCommand =
  { command: 'webhooks'; what: 'dead' } | { command: 'webhooks'; what: 'replay'; id: string };
/** Sets or lifts an application's legal hold (server/retention/legal-hold.ts). */
export type HoldCommand = ActingCommand & {
  application: string;
  reason: string | null;
} & ({ command: 'hold' } | { command: 'release-hold' });

/** Checks the audit trail (server/trail/verify.ts): every application's chain, or one's. */
export interface VerifyTrailCommand {
  command: 'verify-trail';
  application?: string;
}

/** Prints the usage, with the transitions of the loaded services. */
export interface HelpCommand {
  command: 'help';
}

export type StaffCommand =
  | StatusCommand
  | ActionCommand
  | ActionsCommand
  | AttachCommand
  | CertificateCommand
  | AccountCommand
  | RoleCommand
  | ListStaffCommand
  | SignInCommand
  | WebhooksCommand
  | VerifyTrailCommand
  | HoldCommand
  | HelpCommand;

/** `--name value` pairs after the application (a flag without a value is refused). */
function options(rest: readonly string[], fail: (why: string) => never): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i] ?? '';
    const value = rest[i + 1];
    if (!/^--[a-z][a-z0-9-]*$/.test(flag) || value === undefined) fail(`Unexpected argument '${flag}'.`);
    pairs.push([flag.slice(2), value as string]);
  }
  return pairs;
}

/**
 * Parses the arguments; throws an Error with the usage text on anything unexpected. With the staff
 * transitions of the loaded services (`transitions`), a word that is neither the command's own nor
 * one of theirs is refused, naming them; without, any word is taken as a transition's name, judged
 * when it runs.
 */
export function parseStaffArgs(argv: string[], transitions?: readonly StaffTransition[]): StaffCommand {
  const fail = (why: string): never => {
    throw new Error(`${why}\n\n${staffUsage(transitions ?? [])}`);
  };
  const at = argv.indexOf('--as');
  const as = at > 0 ? argv[at + 1] : undefined;
  if (at > 0 && (!as || as.startsWith('--'))) fail('--as needs the name of a staff account.');
  const parsed = parseActing(at > 0 ? [...argv.slice(0, at), ...argv.slice(at + 2)] : argv, fail, transitions);
  if (as === undefined) return parsed;
  if (!ACTING.includes(parsed.command))
    fail(`--as is for the commands that act on an application (${ACTING.join(', ')}, a transition).`);
  return { ...parsed, as } as StaffCommand;
}

/** The commands that act on an application as a staff account (`--as`). */
const ACTING: ReadonlyArray<StaffCommand['command']> = [
  'status',
  'action',
  'attach',
  'certificate',
  'hold',
  'release-hold',
];

/** A grant as the command takes it: `<service>:<role>` (`*:<role>` on every service). */
function parseGrant(text: string | undefined, fail: (why: string) => never): GrantInput {
  const colon = text?.lastIndexOf(':') ?? -1;
  if (!text || colon <= 0 || colon === text.length - 1)
    fail(`A role is given as <service>:<role> (or *:<role>, every service); not '${text ?? ''}'.`);
  return { service: (text as string).slice(0, colon), role: (text as string).slice(colon + 1) };
}

/** `parseStaffArgs` without `--as`. */
function parseActing(
  argv: string[],
  fail: (why: string) => never,
  transitions?: readonly StaffTransition[],
): StaffCommand {
  const [command, application, ...rest] = argv;
  if (!command || !/^[a-z][a-z0-9-]*$/.test(command))
    fail(command ? `Unknown command '${command}'.` : 'Missing command.');
  if (command === 'help') {
    if (application) fail(`Unexpected argument '${application}'.`);
    return { command: 'help' };
  }
  if (transitions && !OWN_COMMANDS.includes(command as string) && !transitions.some((t) => t.name === command))
    fail(
      `Unknown command '${command ?? ''}'. The transitions of the services are: ${transitions.map((t) => t.name).join(', ')}.`,
    );
  if (command === 'add-staff') {
    if (!application || application.startsWith('--')) fail(`${command} needs one name.`);
    const roles = options(rest, fail).map(([flag, value]) =>
      flag === 'role' ? parseGrant(value, fail) : fail(`Unexpected argument '--${flag}'.`),
    );
    return { command, name: application as string, ...(roles.length > 0 ? { roles } : {}) };
  }
  if (command === 'grant' || command === 'revoke') {
    if (!application || rest.length !== 1) fail(`${command} needs a name and <service>:<role>.`);
    const grant = parseGrant(rest[0], fail);
    return command === 'grant'
      ? { command, name: application as string, grant }
      : { command, name: application as string, grant };
  }
  if (command === 'rotate-staff' || command === 'remove-staff') {
    if (!application || rest.length > 0) fail(`${command} needs one name.`);
    return { command, name: application as string };
  }
  if (isSignInCommand(command)) {
    if (!application || rest.length > 0) fail(`${command} needs one name.`);
    return { command, name: application as string };
  }
  if (command === 'list-staff') {
    if (application) fail(`Unexpected argument '${application}'.`);
    return { command: 'list-staff' };
  }
  if (command === 'webhooks') {
    if (application === 'dead' && rest.length === 0) return { command, what: 'dead' };
    if (application === 'replay' && rest.length === 1 && /^msg_[A-Za-z0-9_-]+$/.test(rest[0] ?? ''))
      return { command, what: 'replay', id: rest[0] as string };
    fail('webhooks takes dead, or replay <id> (a msg_ id that webhooks dead lists).');
  }
  if (command === 'verify-trail') {
    if (application === undefined) return { command };
    if (application !== '--app' || rest.length !== 1 || !rest[0] || rest[0].startsWith('--'))
      fail('verify-trail takes --app <applicationId|app_id>, or nothing.');
    return { command, application: rest[0] as string };
  }
  if (!application || application.startsWith('--')) fail('Missing application id.');
  if (command === 'actions') {
    if (rest.length > 0) fail(`Unexpected argument '${rest[0] ?? ''}'.`);
    return { command: 'actions', application: application as string };
  }
  if (command === 'hold' || command === 'release-hold') {
    const pairs = options(rest, fail);
    const reason = pairs.find(([name]) => name === 'reason')?.[1];
    if (pairs.some(([name]) => name !== 'reason') || pairs.length > 1)
      fail(`${command} takes --reason "text", and nothing else.`);
    if (command === 'hold' && !reason?.trim()) fail('hold needs --reason "text": why the application is held.');
    return { command, application: application as string, reason: reason ?? null };
  }
  if (command === 'certificate') {
    const pairs = options(rest, fail);
    const file = pairs.find(([name]) => name === 'file')?.[1];
    if (!file || pairs.length !== 1) fail('certificate needs --file <pdf>, and nothing else.');
    return { command: 'certificate', application: application as string, file: file as string };
  }
  if (command !== 'status' && command !== 'attach') {
    const parsed: ActionCommand = {
      command: 'action',
      action: command as string,
      application: application as string,
      file: null,
      comment: null,
      texts: {},
    };
    for (const [name, value] of options(rest, fail)) {
      if (name === 'file') parsed.file = value;
      else if (name === 'comment') parsed.comment = value;
      else parsed.texts[name] = value;
    }
    return parsed;
  }
  if (command === 'attach') {
    const options: Record<string, string> = {};
    for (let i = 0; i < rest.length; i += 2) {
      const flag = rest[i] ?? '';
      const value = rest[i + 1];
      if ((flag !== '--kind' && flag !== '--file') || value === undefined) fail(`Unexpected argument '${flag}'.`);
      options[flag] = value as string;
    }
    const kind = options['--kind'];
    if (!kind || !/^[a-z][a-z0-9-]*$/.test(kind)) fail('attach needs --kind, a review document of the service.');
    if (!options['--file']) fail('attach needs --file <pdf>.');
    return {
      command: 'attach',
      application: application as string,
      kind: kind as string,
      file: options['--file'] as string,
    };
  }
  const [status, ...flags] = rest;
  if (!status || !/^[1-9]\d{0,5}$/.test(status)) fail('The status id must be a positive integer.');
  const parsed: StatusCommand = {
    command: 'status',
    application: application as string,
    statusId: Number(status),
    comment: null,
    texts: {},
    certificate: null,
    manual: false,
  };
  for (let i = 0; i < flags.length; i += 1) {
    const flag = flags[i];
    const value = flags[i + 1];
    if (flag === '--manual') {
      parsed.manual = true;
      continue;
    }
    if (flag === '--comment' && value !== undefined) parsed.comment = value;
    else if (flag === '--manual-certificate' && value !== undefined) parsed.certificate = value;
    else if (flag && /^--[a-z][a-z0-9-]*$/.test(flag) && value !== undefined) parsed.texts[flag.slice(2)] = value;
    else fail(`Unexpected argument '${flag ?? ''}'.`);
    i += 1;
  }
  // The one judgement of a move's options, as the staff API's (staff-decisions.ts).
  const problems = moveOptionProblems({
    statusId: parsed.statusId,
    manual: parsed.manual,
    certificate: parsed.certificate !== null,
  });
  if (problems.length > 0) fail(problems.map((problem) => problem.message).join(' '));
  return parsed;
}

/** A file given to the command, as a move takes it: stored under its key, with its name, size and kind. */
type GivenFile = { path: string; name: string; size: number; pdf: boolean };

/**
 * Copies a file given to the command into the file store and runs `move` with it; the stored file
 * is removed again when the move is refused.
 * @param pdfOnly the refusal for a file that is not a PDF (by its first bytes), when only a PDF will do.
 */
async function withGivenFile<T>(
  files: FileStore,
  file: string,
  pdfOnly: string | null,
  move: (given: GivenFile) => Promise<T>,
): Promise<T> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new Error(`No file '${file}'.`);
  const received = await files.receive(createReadStream(file));
  const pdf = startsAsPdf(received.head);
  if (pdfOnly && !pdf) {
    await files.discard(received.temporaryKey);
    throw new Error(`'${file}': ${pdfOnly}`);
  }
  return commitWith(files, received, (path) => move({ path, name: basename(file), size: received.size, pdf }));
}

/** A grant as the command writes it: `<service>:<role>`. */
function grantText(grant: GrantInput): string {
  return `${grant.service}:${grant.role}`;
}

/** Runs one move; a refusal becomes an Error with the reason. */
async function refusedAs<T>(appId: string, move: () => Promise<T>, staff?: StaffActor) {
  try {
    return await move();
  } catch (error) {
    if (error instanceof ValidationError) throw new Error(error.fields.map((f) => f.message).join(' '));
    // A refusal of the staff policy says how the account gets the role it lacks.
    const hint =
      staff && error instanceof HttpError && error.statusCode === 403 && !error.message.startsWith('Four eyes')
        ? ` (npm run staff -- grant ${staff.name} <service|*>:<role>)`
        : '';
    if (error instanceof HttpError) throw new Error(`${appId}: ${error.message}${hint}`);
    throw error;
  }
}

async function run(argv: string[]): Promise<void> {
  const config = loadConfig();
  const services = loadDefinitionsFrom(config.servicesDir ?? undefined);
  const transitions = collectStaffTransitions(services);
  const command = parseStaffArgs(argv, transitions);
  if (command.command === 'help') {
    console.log(staffUsage(transitions));
    return;
  }
  const database = openDatabase(config);
  const files = await openFileStore(config);
  const serviceKeys = services.definitions.map((definition) => definition.key);
  // Who grants through the command: the OS user (the command is for who runs the server).
  const grantedBy = `command:${userInfo().username}`;
  try {
    await migrateToLatest(database);
    if (command.command === 'add-staff') {
      const roles = command.roles ?? [];
      const problems = grantProblems(roles, serviceKeys, () => 'role');
      if (problems.length > 0) throw new Error(problems.map((problem) => problem.message).join(' '));
      const created = await refusedAs(command.name, () => createStaff(database.db, command.name));
      for (const grant of roles) await grantRole(database.db, command.name, grant, serviceKeys, grantedBy);
      console.log(
        `Staff account '${command.name}' created${roles.length > 0 ? ` (${roles.map(grantText).join(', ')})` : ''}. Its key, shown once:\n${created.key}`,
      );
      if (roles.length === 0)
        console.log(
          `It has no role yet: npm run staff -- grant ${command.name} <service|*>:<viewer|reviewer|approver|admin>`,
        );
      return;
    }
    if (command.command === 'grant' || command.command === 'revoke') {
      const roles = await refusedAs(command.name, () =>
        command.command === 'grant'
          ? grantRole(database.db, command.name, command.grant, serviceKeys, grantedBy)
          : revokeRole(database.db, command.name, command.grant, serviceKeys),
      );
      console.log(
        `${command.name}: ${command.command === 'grant' ? 'granted' : 'withdrawn'} ${grantText(command.grant)}; ` +
          `roles now: ${roles.length > 0 ? roles.map(grantText).join(', ') : 'none'}`,
      );
      return;
    }
    if (command.command === 'rotate-staff') {
      const rotated = await refusedAs(command.name, () => rotateStaff(database.db, command.name));
      console.log(
        `Staff account '${command.name}' has a new key (the former one is refused). Shown once:\n${rotated.key}`,
      );
      return;
    }
    if (command.command === 'remove-staff') {
      await refusedAs(command.name, () => removeStaff(database.db, command.name));
      console.log(`Staff account '${command.name}' removed: its key is refused from now on.`);
      return;
    }
    if (command.command === 'set-password' || command.command === 'sign-in-link') {
      console.log(await runSignInCommand(command, database.db, config));
      return;
    }
    if (command.command === 'webhooks') {
      // The command is for who runs the server: every service's events, as its grants are.
      const every = () => true;
      if (command.what === 'replay') {
        const event = await replayWebhook(database.db, command.id, every, () => '');
        console.log(`${event.id} (${event.type} of ${event.app_id} for ${event.subscription}) is back in line.`);
        return;
      }
      const dead = await deadWebhooks(database.db, every);
      if (dead.length === 0) console.log('No dead webhook events.');
      for (const event of dead)
        console.log(
          `${event.id}  ${event.subscription}  ${event.type} of ${event.app_id} (${event.service}), ` +
            `${event.attempts} attempts from ${event.created_at}; last: ${event.last_error ?? 'no error'}`,
        );
      return;
    }
    if (command.command === 'list-staff') {
      const accounts = await listStaff(database.db, config.limits.staffKeyMs);
      if (accounts.length === 0) console.log('No staff accounts (npm run staff -- add-staff <name>).');
      for (const account of accounts)
        console.log(
          `${account.name}: roles ${account.roles.length > 0 ? account.roles.map(grantText).join(', ') : 'none'}, ` +
            `created ${account.created_at}, last used ${account.last_used_at ?? 'never'}, ` +
            (account.removed_at ? `removed ${account.removed_at}` : `key expires ${account.key_expires_at}`),
        );
      return;
    }
    if (command.command === 'verify-trail') {
      const only =
        command.application === undefined ? undefined : await trailApplicationId(database.db, command.application);
      const report = await verifyTrail(database.db, only);
      console.log(trailReportText(report));
      if (report.problems.length > 0) process.exitCode = 1;
      return;
    }
    const query = database.db
      .selectFrom('applications')
      .select(['id', 'app_id', 'status_id', 'service_id', 'definition_version']);
    const app = await (
      /^\d+$/.test(command.application)
        ? query.where('id', '=', Number(command.application))
        : query.where('app_id', '=', command.application)
    ).executeTakeFirst();
    if (!app) throw new Error(`No application '${command.application}'.`);
    // The account acting: its roles are judged by the staff policy, as the staff API's are.
    const staff =
      command.command === 'actions'
        ? undefined
        : await refusedAs(app.app_id, () => staffActorOfName(database.db, command.as ?? userInfo().username));
    const actor = `staff:${staff?.name ?? userInfo().username}`;

    // The command's moves tell the webhook subscriptions as the server's do.
    const webhooks = {
      subscriptions: loadWebhookSubscriptions(config.webhooks.file, services.definitions),
      publicUrl: config.publicUrl,
    };
    const executor = { db: database.db, dialect: database.dialect, ...services, webhooks };
    if (command.command === 'hold' || command.command === 'release-hold') {
      console.log(await runHold(executor, app, command, staff));
      return;
    }

    if (command.command === 'attach') {
      const done = await refusedAs(
        app.app_id,
        () =>
          withGivenFile(files, command.file, 'The document must be a PDF.', (given) =>
            attachAuthorityDocument(database.db, services, app.id, command.kind, given, staff),
          ),
        staff,
      );
      console.log(
        `${done.app_id}: '${done.description}' filed (${basename(command.file)}), not shown to the applicant`,
      );
      return;
    }

    if (command.command === 'certificate') {
      const done = await refusedAs(
        app.app_id,
        () =>
          withGivenFile(files, command.file, CERTIFICATE_NOT_PDF, (given) =>
            attachManualCertificate(executor, app.id, given, actor, staff),
          ),
        staff,
      );
      console.log(`${done.app_id}: certificate filed (${basename(command.file)}); the applicant sees it approved`);
      return;
    }

    if (command.command === 'actions') {
      const definition = definitionOfStored(services, app);
      // Every staff row of the service's transition table, by name (the rows of one name together).
      const rows = transitionsOf(definition).filter((row) => row.by === 'staff');
      for (const name of new Set(rows.map((row) => row.name))) {
        const named = rows.filter((row) => row.name === name);
        const first = named[0] as (typeof named)[number];
        const from = [...new Set(named.flatMap((row) => row.from))].map((id) => statusKey(definition, id));
        console.log(
          `${name}: ${first.description ?? `moves it to ${statusKey(definition, first.to)}`} (at ${from.join(', ')}` +
            `${first.document ? '; --file <pdf>' : ''}${first.text ? `; --${first.text.name} <html>` : ''}` +
            `; ${first.role ?? 'reviewer'}${first.separateFrom ? `, not who took ${first.separateFrom.join(', ')}` : ''})`,
        );
      }
      for (const document of reviewDocuments(definition))
        console.log(`attach --kind ${document.kind}: files '${document.description}' (PDF)`);
      return;
    }

    if (command.command === 'action') {
      const act = (document: GivenFile | null) =>
        staffAction(executor, app.id, command.action, {
          comment: command.comment,
          texts: command.texts,
          document,
          actor,
          staff,
        });
      // The action judges its document (its own words for a file that is not a PDF).
      const given = command.file;
      const done = await refusedAs(
        app.app_id,
        () => (given ? withGivenFile(files, given, null, act) : act(null)),
        staff,
      );
      console.log(
        `${done.app_id}: status ${done.from} -> ${done.to} (${command.action}${given ? `, ${basename(given)}` : ''})`,
      );
      return;
    }

    const move = (certificate: GivenFile | null) =>
      staffMove(executor, app.id, {
        statusId: command.statusId,
        comment: command.comment,
        texts: command.texts,
        manualCertificate: certificate ? { path: certificate.path, name: certificate.name } : null,
        manual: command.manual,
        actor,
        staff,
      });
    const certificate = command.certificate;
    const moved = await refusedAs(
      app.app_id,
      () => (certificate ? withGivenFile(files, certificate, CERTIFICATE_NOT_PDF, move) : move(null)),
      staff,
    );
    console.log(
      `${moved.app_id}: status ${moved.from} -> ${moved.to}${command.comment ? ` (comment: ${command.comment})` : ''}`,
    );
  } finally {
    await files.close();
    await database.close();
  }
}

/** Sets or lifts an application's legal hold as the command's staff account; what to print. */
async function runHold(
  ctx: Parameters<typeof changeLegalHold>[0],
  app: { id: number; app_id: string },
  command: HoldCommand,
  staff: StaffActor | undefined,
): Promise<string> {
  const hold = command.command === 'hold';
  const done = await refusedAs(
    app.app_id,
    () => changeLegalHold(ctx, app.id, staff as StaffActor, { hold, reason: command.reason }),
    staff,
  );
  return hold
    ? `${done.app_id}: on legal hold (${done.legal_hold_reason ?? ''}): the retention job keeps it until release-hold`
    : `${done.app_id}: legal hold lifted: its retention class applies again`;
}

/**
 * The id of the application `given` names (its id or app id) for the trail's check: an id no
 * application has any more is checked as such (the register may name it); an app id must be found.
 */
async function trailApplicationId(db: Kysely<Database>, given: string): Promise<number> {
  if (/^\d+$/.test(given)) return Number(given);
  const found = await db.selectFrom('applications').select('id').where('app_id', '=', given).executeTakeFirst();
  const registered = found
    ? undefined
    : await db.selectFrom('trail_register').select('application_id').where('app_id', '=', given).executeTakeFirst();
  const id = found?.id ?? registered?.application_id;
  if (id === undefined) throw new Error(`No application '${given}'.`);
  return id;
}

// Run only when executed as a command, not when imported by tests.
if (process.argv[1] && /staff-cli\.ts$/.test(process.argv[1])) {
  run(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
