import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { afterAll, describe, expect, it } from 'vitest';
import { ValidationError } from './http';
import { MALFORMED_MULTIPART, receiveFile } from './multipart';

const dir = mkdtempSync(join(tmpdir(), 'ecopermit-multipart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file part whose stream is `file` (only the stream is read). */
const partOf = (file: Readable) => ({ file }) as unknown as MultipartFile;

describe('receiveFile', () => {
  it('writes the whole part to a new file', async () => {
    await receiveFile(partOf(Readable.from([Buffer.from('%PDF-'), Buffer.from('1.4')])), join(dir, 'whole'));
    expect(readFileSync(join(dir, 'whole'), 'utf8')).toBe('%PDF-1.4');
  });

  it('answers a body that breaks off while the file arrives as the client error (422)', async () => {
    const file = new PassThrough();
    const receiving = receiveFile(partOf(file), join(dir, 'cut'));
    file.write('%PDF-');
    file.destroy(new Error('Unexpected end of multipart data'));
    const error = await receiving.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toEqual([{ field: 'file', message: MALFORMED_MULTIPART }]);
  });

  it('keeps a failure to write as the server error it is', async () => {
    const error = await receiveFile(partOf(Readable.from([Buffer.from('x')])), join(dir, 'missing', 'file')).catch(
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(ValidationError);
    expect((error as NodeJS.ErrnoException).code).toBe('ENOENT');
  });
});
