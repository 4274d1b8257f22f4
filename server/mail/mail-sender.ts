/**
 * The sender of the queued e-mails (mail-queue.ts). Every instance runs one; the lease `mail-sender`
 * lets one of them send at a time, so a message is not sent by two instances at once. A message is
 * written when it is sent (in the applicant's language of that moment, with the links of the
 * application's service) and marked sent right after the SMTP server accepts it; a refused or failed
 * delivery is tried again later, each time waiting twice as long (up to a maximum), so a failing SMTP
 * server delays mail and loses none.
 */
import { randomUUID } from 'node:crypto';
import { applicationPath, ownRoute, statusEmail, writeStatusEmail, type WrittenEmail } from '../../engine/core';
import { definitionOfStored } from '../applications-store';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { certificatePath } from '../routes/certificates';
import { holdLease, releaseLease } from './lease';
import { STATUS_EMAIL_KIND, type StatusEmailParams } from './mail-queue';

/** One e-mail to deliver. */
export interface OutgoingEmail extends WrittenEmail {
  to: string;
  /** The language it is written in (`en`, `de`...). */
  language: string;
}

/** Hands an e-mail to the SMTP server (or the log); throws when it was not accepted. */
export type Deliver = (email: OutgoingEmail) => Promise<void>;

export interface MailSenderOptions {
  deliver: Deliver;
  /** The portal's address, the start of every link (no trailing slash). */
  publicUrl: string;
  /** How often the queue is looked at. */
  pollMs: number;
  /** The wait before the first retry of a failed message; doubled for each further failure. */
  retryBaseMs: number;
  retryMaxMs: number;
  /**
   * How long a sender holds the lease without renewing it (an instance that died frees it then); longer
   * than a delivery may take (deliver.ts's timeouts), so a slow send is not sent again by another.
   */
  leaseMs?: number;
  /** Messages taken per look. */
  batch?: number;
  onError?: (err: unknown, messageId: number) => void;
}

export interface MailSender {
  /** Sends what is due now if this instance holds the lease; resolves with the number sent. */
  runOnce(): Promise<number>;
  /** Stops looking, waits for a run in progress and gives the lease up. */
  stop(): Promise<void>;
}

const LEASE = 'mail-sender';

/** Refusals of one message (not failures of the server) after which it is no longer tried. */
const REFUSALS_BEFORE_GIVING_UP = 12;

/** The wait before the next attempt after `attempts` failed ones: base, 2 x base, 4 x base..., capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

type SenderContext = Pick<AppContext, 'db' | 'definitions' | 'archived' | 'messages'>;

/** Starts the sender of this instance; `stop` it before the database closes. */
export function startMailSender(ctx: SenderContext, options: MailSenderOptions): MailSender {
  const holder = randomUUID();
  const leaseMs = options.leaseMs ?? Math.max(60_000, options.pollMs * 3);
  let running: Promise<number> | null = null;
  let stopped = false;
  // A failing SMTP server pauses the whole queue (the messages keep their order), a little longer
  // after each failure in a row.
  const outage = { failures: 0, until: 0 };

  const runOnce = (): Promise<number> => {
    running ??= sendDue(ctx, options, holder, leaseMs, outage).finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped && !running) runOnce().catch((err: unknown) => options.onError?.(err, 0));
  }, options.pollMs);
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
      await releaseLease(ctx.db, LEASE, holder).catch(() => undefined);
    },
  };
}

/** One look at the queue: the due messages, oldest first, while this instance holds the lease. */
async function sendDue(
  ctx: SenderContext,
  options: MailSenderOptions,
  holder: string,
  leaseMs: number,
  outage: { failures: number; until: number },
) {
  let sent = 0;
  if (Date.now() < outage.until) return sent;
  if (!(await holdLease(ctx.db, LEASE, holder, leaseMs))) return sent;
  const due = await ctx.db
    .selectFrom('mail_queue')
    .innerJoin('clients', 'clients.id', 'mail_queue.client_id')
    .innerJoin('applications', 'applications.id', 'mail_queue.application_id')
    .select([
      'mail_queue.id',
      'mail_queue.kind',
      'mail_queue.params',
      'mail_queue.attempts',
      'clients.email',
      'clients.first_name',
      'clients.language',
      'clients.decision_emails',
      'applications.id as application_id',
      'applications.app_id',
      'applications.service_id',
      'applications.status_id',
      'applications.definition_version',
      'applications.certificate_token',
    ])
    .where('mail_queue.sent_at', 'is', null)
    .where('mail_queue.next_attempt_at', '<=', nowIso())
    .orderBy('mail_queue.id')
    .limit(options.batch ?? 20)
    .execute();
  for (const message of due) {
    // The lease is renewed before each message: one that ran out (a slow server) stops this run.
    if (!(await holdLease(ctx.db, LEASE, holder, leaseMs))) break;
    const written = writeMessage(ctx, options.publicUrl, message);
    if (typeof written === 'string') {
      await finish(ctx, message.id, `not sent: ${written}`);
      continue;
    }
    try {
      await options.deliver(written);
    } catch (err) {
      const attempts = message.attempts + 1;
      const serverDown = isServerFailure(err);
      await ctx.db
        .updateTable('mail_queue')
        .set({
          attempts,
          // This message alone is refused (its address): it waits, the others go on. A server that is
          // down keeps it first in line.
          ...(serverDown
            ? {}
            : {
                next_attempt_at: new Date(
                  Date.now() + retryDelayMs(attempts, options.retryBaseMs, options.retryMaxMs),
                ).toISOString(),
              }),
          last_error: String((err as Error)?.message ?? err).slice(0, 500),
        })
        .where('id', '=', message.id)
        .execute();
      options.onError?.(err, message.id);
      if (!serverDown) {
        // An address the server keeps refusing for days is given up on, with the reason kept.
        if (attempts >= REFUSALS_BEFORE_GIVING_UP) await finish(ctx, message.id, `not sent: refused ${attempts} times`);
        continue;
      }
      outage.failures += 1;
      outage.until = Date.now() + retryDelayMs(outage.failures, options.retryBaseMs, options.retryMaxMs);
      break;
    }
    outage.failures = 0;
    await finish(ctx, message.id, null);
    sent += 1;
  }
  return sent;
}

/**
 * Whether a delivery failed because of the SMTP server rather than the message: no connection, a
 * timeout, or a temporary (4xx) answer. nodemailer names the first by `code`.
 */
export function isServerFailure(err: unknown): boolean {
  const { code, responseCode } = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  return (
    typeof code !== 'string' ||
    ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'EPROTOCOL', 'ETLS'].includes(code)
  );
}

async function finish(ctx: SenderContext, id: number, note: string | null): Promise<void> {
  await ctx.db
    .updateTable('mail_queue')
    // A sent message keeps the error of its last failed attempt, if any: what delayed it.
    .set({ sent_at: nowIso(), ...(note === null ? {} : { last_error: note }) })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .execute();
}

interface QueuedMessage {
  kind: string;
  params: string;
  email: string;
  first_name: string;
  language: string | null;
  decision_emails: number;
  application_id: number;
  app_id: string;
  service_id: number;
  status_id: number;
  definition_version: number;
  certificate_token: string | null;
}

/** The e-mail a queued message is, or why it is not sent (turned off since, no address, no template). */
function writeMessage(ctx: SenderContext, publicUrl: string, message: QueuedMessage): OutgoingEmail | string {
  if (message.kind !== STATUS_EMAIL_KIND) return `unknown kind ${message.kind}`;
  if (message.decision_emails !== 1) return 'the applicant turned these e-mails off';
  if (!message.email.includes('@')) return 'the applicant has no e-mail address';
  const params = JSON.parse(message.params) as StatusEmailParams;
  const definition = definitionOfStored(ctx, message);
  const email = statusEmail(definition, params.status);
  if (!definition || !email) return `no e-mail for status ${params.status}`;
  const language = message.language && ctx.messages.languages.has(message.language) ? message.language : undefined;
  const translate = (english: string) => ctx.messages.translateKey(english, language);
  const page = (route: string) => `${publicUrl}${applicationPath(route, message.application_id)}`;
  const link =
    email.link === 'certificate' && message.certificate_token
      ? `${publicUrl}/api/${certificatePath(message.certificate_token)}`
      : page(ownRoute(definition, email.link === 'edit' ? 'edit' : 'view'));
  const written = writeStatusEmail(
    email,
    {
      app_id: message.app_id,
      service: ctx.messages.translate(definition.title, language),
      name: message.first_name,
      comment: params.comment,
    },
    { link, profile: `${publicUrl}/profile` },
    translate,
  );
  return { ...written, to: message.email, language: language ?? 'en' };
}
