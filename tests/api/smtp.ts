/**
 * A real SMTP server in the test's process (`smtp-server`, from the nodemailer project): it accepts
 * every message and keeps it parsed (`mailparser`), so tests read what an applicant's mailbox
 * would receive. It can be stopped and started again on the same port, as an SMTP outage.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  received: ParsedMail[];
  /** Stops accepting: the port refuses connections until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

function listening(port: number, messages: ParsedMail[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          done();
        })
        .catch(done);
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** Starts an SMTP server on a free port. */
export async function startSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  let server: SMTPServer | null = await listening(0, messages);
  const port = ((server.server as { address(): AddressInfo }).address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: messages,
    async stop() {
      const closing = server;
      server = null;
      await new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
    },
    async start() {
      if (server) return;
      server = await listening(port, messages);
    },
  };
}

/** Waits until `check` holds (polling), or fails with `what` after `timeoutMs`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
