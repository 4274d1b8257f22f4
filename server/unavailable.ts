/**
 * The answer to a request that needs a dependency which does not answer (the database, the file
 * store): 503 with `Retry-After` and a message, in the caller's language, naming what is unavailable
 * and saying that a retry will work. The portal shows the message as it is and keeps what the
 * applicant entered; its client retries reads by itself after `Retry-After`.
 */
import { DEFAULT_MAX_RETRY_AFTER_MS } from '../engine/core';
import { HttpError } from './http';

/** What a request can find unavailable. */
export type Dependency = 'database' | 'files';

/** The messages, one per dependency (translated by server/i18n like every message). */
export const UNAVAILABLE_MESSAGES: Record<Dependency, string> = {
  database: 'The database is unavailable at the moment. Please try again in a few seconds.',
  files: 'The file store is unavailable at the moment. Please try again in a few seconds.',
};

/**
 * Seconds a client is asked to wait before retrying: within what the portal's client waits by itself
 * (engine/core api-client's DEFAULT_MAX_RETRY_AFTER_MS), so a read rides over a database restart.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = DEFAULT_MAX_RETRY_AFTER_MS / 1000;

/** A 503 naming the dependency that failed; `cause` is kept for the log. */
export class DependencyUnavailable extends HttpError {
  constructor(
    readonly dependency: Dependency,
    options: { cause?: unknown } = {},
  ) {
    super(503, UNAVAILABLE_MESSAGES[dependency], { unavailable: dependency });
    if (options.cause !== undefined) this.cause = options.cause;
    this.headers['Retry-After'] = String(UNAVAILABLE_RETRY_AFTER_SECONDS);
  }
}
