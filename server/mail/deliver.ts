/**
 * Where a written e-mail goes: always one log line (`[mail] To <recipient> (<language>): <subject>
 * <detail>`, the local way to read it), and the SMTP server when SMTP_URL is set and the recipient is
 * an e-mail address. A phone number has no gateway: its log line is its only delivery.
 */
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Deliver, OutgoingEmail } from './mail-sender';

/**
 * The log line of an e-mail; tests and the end-to-end harness read links and codes by this shape. The
 * detail is the code of a code message when `showCode` (the log is its only delivery: a code mailed
 * stays out of the log, which more people read than the mailbox), else the text's first link.
 */
export function mailLine(email: OutgoingEmail, options: { showCode: boolean }): string {
  const detail =
    email.code !== undefined ? (options.showCode ? email.code : '') : (/https?:\/\/\S+/.exec(email.text)?.[0] ?? '');
  return `[mail] To ${email.to} (${email.language}): ${email.subject} ${detail}`.trimEnd();
}

/** The code a log line (`mailLine`) shows for `recipient`, or null: how the log is read without SMTP. */
export function codeInMailLine(line: string, recipient: string): string | null {
  const escaped = recipient.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\[mail\\] To ${escaped} \\([a-z]{2}\\): .* (\\d{6})$`).exec(line)?.[1] ?? null;
}

export interface DeliverSettings {
  /**
   * SMTP_TIMEOUT_SECONDS in milliseconds: the longest wait for the connection, for the server's
   * greeting and for any answer, so a server that accepts and never answers holds the queue this long.
   */
  timeoutMs: number;
  /** Where the log lines go (default: stdout). */
  log?: (line: string) => void;
}

/**
 * Delivers by SMTP when `smtpUrl` is set and the recipient has an e-mail address (throwing when the
 * server does not accept the message, so the queue tries again), and logs every message.
 */
export function createDeliver(smtpUrl: string, from: string, settings: DeliverSettings): Deliver {
  const log = settings.log ?? ((line: string) => console.log(line));
  // Short timeouts: a sender waiting on a dead server holds the queue's lease meanwhile. The SMTP
  // transport is made here, not by createTransport, which reads a `url` alone and drops the options
  // beside it (the timeouts would be nodemailer's: two minutes to connect, 30 s for the greeting).
  const transport = smtpUrl
    ? nodemailer.createTransport(
        new SMTPTransport({
          url: smtpUrl,
          connectionTimeout: settings.timeoutMs,
          greetingTimeout: settings.timeoutMs,
          socketTimeout: settings.timeoutMs,
        }),
      )
    : null;
  return async (email) => {
    const byMail = transport !== null && email.to.includes('@');
    if (byMail) {
      await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: { 'Content-Language': email.language },
      });
    }
    log(mailLine(email, { showCode: !byMail }));
  };
}
