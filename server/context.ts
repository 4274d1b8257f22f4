/**
 * What every route module receives: the database, settings, reference data, the loaded service
 * definitions and a way to wake the e-mail sender.
 */
import type { Kysely } from 'kysely';
import type { ServiceDefinition } from '../engine/core';
import type { ServerConfig } from './config';
import type { DialectName } from './db/migrations';
import type { ReferenceData } from './db/reference-data';
import type { Database } from './db/tables';
import type { ServerMessages } from './messages';
import type { PasswordHasher } from './security';
import type { FileStore } from './storage/file-store';
import type { WebhookOutlet } from './webhooks/outbox';

export interface AppContext {
  db: Kysely<Database>;
  dialect: DialectName;
  config: ServerConfig;
  /**
   * Tells this instance's e-mail sender that a message was queued that someone is waiting for (a
   * code): it looks at the queue now rather than at its next look. Returns at once.
   */
  wakeMailSender(): void;
  /** Password hashing, a bounded number at a time (HASH_CONCURRENCY). */
  hasher: PasswordHasher;
  reference: ReferenceData;
  definitions: readonly ServiceDefinition[];
  /** The kept earlier versions of those definitions: applications submitted under them are judged by them. */
  archived: readonly ServiceDefinition[];
  /** Status id -> name, from the seeded status list. */
  statusName(id: number): string;
  /** Where uploaded files, staff documents and certificates are kept (local disk or S3). */
  files: FileStore;
  /** The services/ folder the definitions were read from (their shipped files), or null. */
  servicesDir: string | null;
  /** The API's messages in the caller's language. */
  messages: ServerMessages;
  /** The webhook subscriptions (WEBHOOKS_FILE), told of each row the executor takes. */
  webhooks: WebhookOutlet;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Route answers without a bearer token. */
    public?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in client, set by the auth hook on every non-public route. */
    clientId: number;
    /** Hash of the presented token, so logout revokes exactly that token. */
    tokenHash: string;
    /** The client's data revision as the request began (see server/client-answers.ts). */
    dataRevision: number;
  }
}
