/**
 * Delivery of one-time codes and account notices. Every message is written to the server log, one
 * line per recipient (`[outbox] OTP for <recipient>: <code>` for a code, the local and test way to
 * read it; `[outbox] Notice for <recipient>: <purpose>` for a notice), and mailed when SMTP_URL is set.
 */
import nodemailer from 'nodemailer';

/** A one-time code for registration or password reset. */
export interface OutboxCode {
  /** Email address or telephone number. */
  recipient: string;
  code: string;
  purpose: 'register' | 'reset';
}

/**
 * A notice without a code: `account-exists` tells the owner of an e-mail or phone that someone tried
 * to register it again (the registration answer itself says nothing, so nobody learns who is registered).
 */
export interface OutboxNotice {
  recipient: string;
  purpose: 'account-exists';
}

export type OutboxMessage = OutboxCode | OutboxNotice;

/** Receives each message once per recipient. */
export type Outbox = (message: OutboxMessage) => void | Promise<void>;

/** The log line of a message; tests and the end-to-end harness read codes by this shape. */
export function outboxLine(message: OutboxMessage): string {
  return 'code' in message
    ? `[outbox] OTP for ${message.recipient}: ${message.code}`
    : `[outbox] Notice for ${message.recipient}: ${message.purpose}`;
}

function mailOf(message: OutboxMessage): { subject: string; text: string } {
  if (!('code' in message)) {
    return {
      subject: 'Someone tried to register your EcoPermit account again',
      text:
        'Someone tried to register a new EcoPermit account with your e-mail address or phone number, which already ' +
        'has an account. If it was you, sign in, or use "Forgot password" to set a new password. ' +
        'If it was not you, you can ignore this message: your account has not changed.',
    };
  }
  return {
    subject: message.purpose === 'register' ? 'Your EcoPermit registration code' : 'Your EcoPermit password reset code',
    text: `Your code is ${message.code}. It expires in 10 minutes.`,
  };
}

/** Writes the message to stdout and, for email recipients, sends it by SMTP when configured. */
export function createOutbox(smtpUrl: string, from: string, onMailError: (err: unknown) => void): Outbox {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return async (message) => {
    console.log(outboxLine(message));
    if (transport && message.recipient.includes('@')) {
      try {
        await transport.sendMail({ from, to: message.recipient, ...mailOf(message) });
      } catch (err) {
        onMailError(err);
      }
    }
  };
}
