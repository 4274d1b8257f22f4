/**
 * Delivery of one-time codes. Every code is written to the server log, one line per recipient,
 * `[outbox] OTP for <recipient>: <code>` (the local and test way to read it), and mailed when
 * SMTP_URL is set.
 */
import nodemailer from 'nodemailer';

export interface OutboxMessage {
  /** Email address or telephone number. */
  recipient: string;
  code: string;
  purpose: 'register' | 'reset';
}

/** Receives each code once per recipient. */
export type Outbox = (message: OutboxMessage) => void | Promise<void>;

/** The log line of a code; tests and the end-to-end harness read codes by this shape. */
export function outboxLine(message: OutboxMessage): string {
  return `[outbox] OTP for ${message.recipient}: ${message.code}`;
}

/** Writes the code to stdout and, for email recipients, sends it by SMTP when configured. */
export function createOutbox(smtpUrl: string, from: string, onMailError: (err: unknown) => void): Outbox {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return async (message) => {
    console.log(outboxLine(message));
    if (transport && message.recipient.includes('@')) {
      const subject =
        message.purpose === 'register' ? 'Your EcoPermit registration code' : 'Your EcoPermit password reset code';
      try {
        await transport.sendMail({
          from,
          to: message.recipient,
          subject,
          text: `Your code is ${message.code}. It expires in 10 minutes.`,
        });
      } catch (err) {
        onMailError(err);
      }
    }
  };
}
