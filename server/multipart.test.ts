// @module-tag dialect-free: no database.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { afterAll, describe, expect, it } from 'vitest';
import { ValidationError } from './http';
import { MALFORMED_MULTIPART, receiveFile } from './multipart';
import type { FileStore } from './storage/file-store';
import { localFileStore } from './storage/local-store';

const dir = mkdtempSync(join(tmpdir(), 'ecopermit-multipart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const store = localFileStore(dir);

/** A file part whose stream is `file` (only the stream is read). */
const partOf = (file: Readable) => ({ file }) as unknown as MultipartFile;

describe('receiveFile', () => {
  it('streams the whole part into the store, under a temporary key', async () => {
    const received = await receiveFile(partOf(Readable.from([Buffer.from('%PDF-'), Buffer.from('1.4')])), store);
    expect(received.size).toBe(8);
    expect(readFileSync(join(dir, received.temporaryKey), 'utf8')).toBe('%PDF-1.4');
  });

  it('answers a body that breaks off while the file arrives as the client error (422)', async () => {
    const file = new PassThrough();
    const receiving = receiveFile(partOf(file), store);
    file.write('%PDF-');
    file.destroy(new Error('Unexpected end of multipart data'));
    const error = await receiving.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toEqual([{ field: 'file', message: MALFORMED_MULTIPART }]);
  });

  it('keeps a failure of the store as the server error it is', async () => {
    const failing = new Error('the store is unreachable');
    const broken = {
      receive: async (body: Readable) => {
        body.resume();
        throw failing;
      },
    } as unknown as FileStore;
    const error = await receiveFile(partOf(Readable.from([Buffer.from('x')])), broken).catch((e: unknown) => e);
    expect(error).toBe(failing);
  });
});
