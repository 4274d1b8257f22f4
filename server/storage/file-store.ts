/**
 * Where uploaded files, staff documents and certificates are kept: one interface, two backends (the
 * local disk by default, any S3-compatible store with `STORAGE_URL=s3://bucket/prefix`), so any
 * instance of the server reads what any other wrote.
 *
 * The crash rule of every backend: a file arrives under a temporary key (`receive`), invisible to
 * reads, and becomes a stored file (`commit`) only inside the transaction that records it. What a
 * crash leaves (a temporary file, a committed file no record names) is removed by the start's sweep
 * (`sweepOrphans`), once older than the grace that covers other instances' uploads in flight.
 */
import { createHash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';

/** A file received under a temporary key: not readable until committed. */
export interface ReceivedFile {
  /** The temporary key (backend's own naming). */
  readonly temporaryKey: string;
  /** Bytes received. */
  readonly size: number;
  /** The first bytes (up to 16), enough to tell a file's kind by its magic number. */
  readonly head: Buffer;
  /** SHA-256 of the bytes received (hex): the file's fingerprint, printed on the application's copy. */
  readonly sha256: string;
}

/** A stored file opened for reading. */
export interface OpenedFile {
  body: Readable;
  size: number;
}

/** One entry of a listing: a stored file or a temporary one, with when it was last written. */
export interface ListedFile {
  key: string;
  temporary: boolean;
  modifiedAt: Date;
}

export interface FileStore {
  /** `local` or `s3`, for logs and readiness answers. */
  readonly backend: 'local' | 's3';
  /**
   * Streams `body` under a new temporary key, never holding the whole file in memory. A failure of
   * `body` rejects with that error (the caller tells the client's from the store's by the stream).
   */
  receive(body: Readable): Promise<ReceivedFile>;
  /** Makes a received file readable under `key` (`uploads/<32 hex>`); the temporary key is gone after. */
  commit(received: ReceivedFile, key: string): Promise<void>;
  /**
   * Removes a temporary file (a received file that will not be committed, or one a crash left);
   * never fails for a file already gone.
   */
  discard(temporaryKey: string): Promise<void>;
  /** Opens a stored file, or null when there is none under `key`. */
  open(key: string): Promise<OpenedFile | null>;
  /** Removes a stored file; never fails for a file already gone. */
  remove(key: string): Promise<void>;
  /** Stored and temporary files, at most `limit` of them (the sweep's bound). */
  list(limit: number): AsyncIterable<ListedFile>;
  /** Resolves when the store answers (readiness); rejects with the reason otherwise. */
  ready(): Promise<void>;
  /** Frees the store's connections. */
  close(): Promise<void>;
}

/** Bytes kept of a file's start for `ReceivedFile.head`. */
export const HEAD_BYTES = 16;

/** The key of a stored upload: `uploads/` and 32 hex digits (what the database records). */
export const STORED_KEY = /^uploads\/[0-9a-f]{32}$/;

/**
 * A pass-through that counts the bytes, keeps the first `HEAD_BYTES` and hashes a stream on its way
 * to a backend, so the kind, size and fingerprint are known without reading the file back.
 */
export class Measure extends Transform {
  bytes = 0;
  private readonly start: Buffer[] = [];
  private kept = 0;
  private readonly hash = createHash('sha256');
  private digest: string | undefined;

  get head(): Buffer {
    return Buffer.concat(this.start).subarray(0, HEAD_BYTES);
  }

  /** SHA-256 (hex) of every byte that passed; read once the stream has ended. */
  get sha256(): string {
    // A hash can be finished once only: the digest is kept for later reads.
    this.digest ??= this.hash.digest('hex');
    return this.digest;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    if (this.kept < HEAD_BYTES) {
      this.start.push(chunk.subarray(0, HEAD_BYTES - this.kept));
      this.kept += Math.min(chunk.length, HEAD_BYTES - this.kept);
    }
    done(null, chunk);
  }
}
