/**
 * The file store as requests see it: a failure of the store itself (no connection, a timeout, an
 * error answer of S3, a disk that refuses to write) becomes `DependencyUnavailable('files')`, a 503
 * that tells the applicant the file store is unavailable and a retry will work, instead of a
 * server error. A failure of the client's own upload stream is left as it is: the route answers it
 * as the client's error.
 */
import type { Readable } from 'node:stream';
import { HttpError } from '../http';
import { DependencyUnavailable } from '../unavailable';
import type { FileStore } from './file-store';

/** Runs `operation`, turning what it throws into the store's 503 (an HttpError passes unchanged). */
async function guarded<T>(operation: () => Promise<T>, isClientFailure: () => boolean = () => false): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof HttpError || isClientFailure()) throw error;
    throw new DependencyUnavailable('files', { cause: error });
  }
}

/**
 * `store` with the failures of its request operations (receive, commit, discard, open, remove) answered
 * as 503s. `list` and `ready` keep the store's own errors: the start's sweep and the readiness check
 * report the reason.
 */
export function answeringUnavailable(store: FileStore): FileStore {
  return {
    backend: store.backend,
    receive: (body: Readable) =>
      guarded(
        () => store.receive(body),
        () => body.errored !== null,
      ),
    commit: (received, key) => guarded(() => store.commit(received, key)),
    discard: (temporaryKey) => guarded(() => store.discard(temporaryKey)),
    open: (key) => guarded(() => store.open(key)),
    remove: (key) => guarded(() => store.remove(key)),
    list: (limit) => store.list(limit),
    ready: () => store.ready(),
    close: () => store.close(),
  };
}
