/**
 * Where a written e-mail goes: always one log line (`[mail] To <address> (<language>): <subject>
 * <first link>`, the local way to read it), and the SMTP server when SMTP_URL is set.
 */
import nodemailer from 'nodemailer';
import type { Deliver, OutgoingEmail } from './mail-sender';

/** The log line of an e-mail; tests and the end-to-end harness read the link by this shape. */
export function mailLine(email: OutgoingEmail): string {
  const link = /https?:\/\/\S+/.exec(email.text)?.[0] ?? '';
  return `[mail] To ${email.to} (${email.language}): ${email.subject} ${link}`.trimEnd();
}

/**
 * Delivers by SMTP when `smtpUrl` is set (throwing when the server does not accept the message, so
 * the queue tries again), and logs every message.
 */
export function createDeliver(smtpUrl: string, from: string): Deliver {
  // Short timeouts: a sender waiting on a dead server holds the queue's lease meanwhile.
  const transport = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 20_000,
      })
    : null;
  return async (email) => {
    if (transport) {
      await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: { 'Content-Language': email.language },
      });
    }
    console.log(mailLine(email));
  };
}
