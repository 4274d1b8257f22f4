/**
 * The sender of the queued e-mails (mail-queue.ts, account-mail.ts). Every instance runs one; the
 * lease `mail-sender` lets one of them send at a time, so a message is not sent by two instances at
 * once. Codes and notices go before the e-mails about applications. A message is written when it is
 * sent (in the applicant's language of that moment, with the links of the application's service) and
 * marked sent right after the SMTP server accepts it; a refused or failed delivery is tried again
 * later, each time waiting twice as long (up to a maximum), so a failing SMTP server delays mail and
 * loses none. A request that queues a code wakes the sender, so the code does not wait for the next look.
 */
import { randomUUID } from 'node:crypto';
import { applicationPath, ownRoute, writeStatusEmail, type WrittenEmail } from '../../engine/core';
import { definitionOfStored } from '../applications-store';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { certificatePath } from '../certificates/certificate-path';
import { CODE_EMAIL_KIND, NOTICE_EMAIL_KIND, requestedLanguage, withoutCode, writeAccountMail } from './account-mail';
import { holdLease, releaseLease } from './lease';
import { emailOfMove, STATUS_EMAIL_KIND, type StatusEmailParams } from './mail-queue';

/** One e-mail to deliver. */
export interface OutgoingEmail extends WrittenEmail {
  to: string;
  /** The language it is written in (`en`, `de`...). */
  language: string;
  /** The one-time code it carries: a secret, in the log line only where the log is its only delivery. */
  code?: string;
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
   * How long a sender holds the lease without renewing it: an instance that died (killed, its machine
   * gone) frees it then, and another sends what it left (15 s by default, and at least three looks). It
   * is renewed before each message and, while a delivery waits on a slow SMTP server, every third of this
   * time, so a slow send is not sent again by another instance.
   */
  leaseMs?: number;
  /** Messages taken per look. */
  batch?: number;
  onError?: (err: unknown, messageId: number) => void;
}

export interface MailSender {
  /** Sends what is due now if this instance holds the lease; resolves with the number sent. */
  runOnce(): Promise<number>;
  /**
   * Looks at the queue now, without waiting for the next look (a request queued a code): at once,
   * or right after the run in progress, which read the queue before the message was there.
   */
  wake(): void;
  /** Stops looking, waits for a run in progress and gives the lease up. */
  stop(): Promise<void>;
}

const LEASE = 'mail-sender';

/** The default of `MailSenderOptions.leaseMs`: what a killed sender holds the e-mails back, at most. */
const DEFAULT_LEASE_MS = 15_000;

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
  const leaseMs = options.leaseMs ?? Math.max(DEFAULT_LEASE_MS, options.pollMs * 3);
  let running: Promise<number> | null = null;
  let stopped = false;
  let lookAgain = false;
  // A failing SMTP server pauses the whole queue (the messages keep their order), a little longer
  // after each failure in a row.
  const outage = { failures: 0, until: 0 };

  const runInBackground = () => void runOnce().catch((err: unknown) => options.onError?.(err, 0));
  const runOnce = (): Promise<number> => {
    running ??= sendDue(ctx, options, holder, leaseMs, outage).finally(() => {
      running = null;
      if (lookAgain && !stopped) {
        lookAgain = false;
        runInBackground();
      }
    });
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped && !running) runInBackground();
  }, options.pollMs);
  timer.unref();

  return {
    runOnce,
    wake() {
      if (stopped) return;
      if (running) lookAgain = true;
      else runInBackground();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
      await releaseLease(ctx.db, LEASE, holder).catch(() => undefined);
    },
  };
}

/**
 * One look at the queue while this instance holds the lease: the due messages, codes and notices
 * first, then oldest first.
 */
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
    // Codes and notices tell of no application.
    .leftJoin('applications', 'applications.id', 'mail_queue.application_id')
    .select((eb) => [
      'mail_queue.id',
      'mail_queue.kind',
      'mail_queue.params',
      'mail_queue.attempts',
      'mail_queue.created_at',
      eb
        .selectFrom('otps')
        .select((otps) => otps.fn.max('otps.id').as('newest'))
        .whereRef('otps.client_id', '=', 'mail_queue.client_id')
        .as('newest_otp_id'),
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
    .orderBy('mail_queue.priority')
    .orderBy('mail_queue.id')
    .limit(options.batch ?? 20)
    .execute();
  for (const message of due) {
    // The lease is renewed before each message: one that ran out (a slow server) stops this run.
    if (!(await holdLease(ctx.db, LEASE, holder, leaseMs))) break;
    const written = writeMessage(ctx, options.publicUrl, message);
    if (typeof written === 'string') {
      await finish(ctx, message, `not sent: ${written}`);
      continue;
    }
    try {
      await whileHolding(ctx, holder, leaseMs, options.deliver(written));
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
        if (attempts >= REFUSALS_BEFORE_GIVING_UP) await finish(ctx, message, `not sent: refused ${attempts} times`);
        continue;
      }
      outage.failures += 1;
      outage.until = Date.now() + retryDelayMs(outage.failures, options.retryBaseMs, options.retryMaxMs);
      break;
    }
    outage.failures = 0;
    await finish(ctx, message, null);
    sent += 1;
  }
  return sent;
}

/**
 * Waits for `delivery` while renewing the lease every third of its time: a delivery may wait on a slow
 * SMTP server for longer than the lease (up to SMTP_TIMEOUT_SECONDS per answer), and the lease must not
 * run out meanwhile, or another instance would send the same message.
 */
async function whileHolding<T>(ctx: SenderContext, holder: string, leaseMs: number, delivery: Promise<T>): Promise<T> {
  const renewal = setInterval(() => {
    // A failed renewal is tried at the next tick; the next message's own renewal decides whether to go on.
    holdLease(ctx.db, LEASE, holder, leaseMs).catch(() => undefined);
  }, leaseMs / 3);
  try {
    return await delivery;
  } finally {
    clearInterval(renewal);
  }
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

/**
 * Marks a message done (sent, or not sent with the reason in `note`). A code leaves the row with it:
 * once sent or given up, the plain code is erased (what confirms it is the `otps` row's hash).
 */
async function finish(
  ctx: SenderContext,
  message: Pick<QueuedMessage, 'id' | 'kind' | 'params'>,
  note: string | null,
): Promise<void> {
  await ctx.db
    .updateTable('mail_queue')
    .set({
      sent_at: nowIso(),
      // A sent message keeps the error of its last failed attempt, if any: what delayed it.
      ...(note === null ? {} : { last_error: note }),
      ...(message.kind === CODE_EMAIL_KIND ? { params: withoutCode(message.params) } : {}),
    })
    .where('id', '=', message.id)
    .where('sent_at', 'is', null)
    .execute();
}

interface QueuedMessage {
  id: number;
  kind: string;
  params: string;
  created_at: string;
  newest_otp_id: number | null;
  email: string;
  first_name: string;
  language: string | null;
  decision_emails: number;
  application_id: number | null;
  app_id: string | null;
  service_id: number | null;
  status_id: number | null;
  definition_version: number | null;
  certificate_token: string | null;
}

/**
 * The e-mail a queued message is, or why it is not sent (turned off since, no address, no template,
 * a code expired or replaced).
 */
function writeMessage(ctx: SenderContext, publicUrl: string, message: QueuedMessage): OutgoingEmail | string {
  // A code in the language of the page that asked for it; anything else in the account's.
  const wanted = requestedLanguage(message.kind, message.params) ?? message.language;
  const language = wanted && ctx.messages.languages.has(wanted) ? wanted : undefined;
  const translate = (english: string) => ctx.messages.translateKey(english, language);
  if (message.kind === CODE_EMAIL_KIND || message.kind === NOTICE_EMAIL_KIND)
    return writeAccountMail(message, language, translate, publicUrl);
  if (message.kind !== STATUS_EMAIL_KIND) return `unknown kind ${message.kind}`;
  const application = applicationOf(message);
  if (!application) return 'the application is gone';
  if (message.decision_emails !== 1) return 'the applicant turned these e-mails off';
  if (!message.email.includes('@')) return 'the applicant has no e-mail address';
  const params = JSON.parse(message.params) as StatusEmailParams;
  const definition = definitionOfStored(ctx, application);
  const email = emailOfMove(definition, params);
  if (!definition || !email) return `no e-mail for status ${params.status}`;
  const page = (route: string) => `${publicUrl}${applicationPath(route, application.id)}`;
  const link =
    email.link === 'certificate' && application.certificate_token
      ? `${publicUrl}/api/${certificatePath(application.certificate_token)}`
      : page(ownRoute(definition, email.link === 'edit' ? 'edit' : 'view'));
  const written = writeStatusEmail(
    email,
    {
      app_id: application.app_id,
      service: ctx.messages.translate(definition.title, language),
      name: message.first_name,
      comment: lifecycleComment(definition, params.comment, translate),
    },
    { link, profile: `${publicUrl}/profile` },
    translate,
  );
  return { ...written, to: message.email, language: language ?? 'en' };
}

/**
 * The comment of a move in the e-mail's language: a comment its service's lifecycle wrote (a
 * transition's `comment`, English as stored) is a text of the definition and is translated by the
 * service's catalogue; a comment staff wrote themselves is their own words, kept as written.
 */
function lifecycleComment(
  definition: { lifecycle?: { transitions: ReadonlyArray<{ comment?: string }> } },
  comment: string | null,
  translate: (english: string) => string,
): string | null {
  if (comment === null) return null;
  const written = definition.lifecycle?.transitions.some((transition) => transition.comment === comment);
  return written ? translate(comment) : comment;
}

/** The application a status message tells of, as the left join read it (null: none). */
function applicationOf(message: QueuedMessage) {
  const { application_id: id, app_id, service_id, status_id, definition_version } = message;
  if (id === null || app_id === null || service_id === null || status_id === null || definition_version === null)
    return null;
  return { id, app_id, service_id, status_id, definition_version, certificate_token: message.certificate_token };
}
