/**
 * s3rver's command line, with its two writes made to finish before they answer: its putObject and
 * putPart resolve when the bytes have passed its hashing stream, not when the file stream has
 * written them, so a CopyObject or GetObject right after a PutObject could find no file (or half of
 * it) under load. S3 itself reads what it has just acknowledged; this process keeps that promise.
 * Started by dev-s3.ts as `node --openssl-legacy-provider s3rver-process.mjs <s3rver options>`.
 */
import { Buffer } from 'node:buffer';
import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// s3rver is CommonJS: its store class is patched in the module cache its command line then uses.
const require = createRequire(import.meta.url);
const FilesystemStore = require('s3rver/lib/stores/filesystem');

/** Writes `content` (a buffer or a stream) to `file`; resolves with its size and MD5 once on disk. */
async function written(content, file) {
  const md5 = crypto.createHash('md5');
  let size = 0;
  const measure = new Transform({
    transform(chunk, _encoding, done) {
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await mkdir(path.dirname(file), { recursive: true });
  await pipeline(Buffer.isBuffer(content) ? Readable.from([content]) : content, measure, createWriteStream(file));
  return { size, md5: md5.digest('hex') };
}

FilesystemStore.prototype.putObject = async function putObject(object) {
  const stored = await written(object.content, this.getResourcePath(object.bucket, object.key, 'object'));
  await this.putMetadata(object.bucket, object.key, object.metadata, stored.md5);
  return stored;
};

FilesystemStore.prototype.putPart = async function putPart(bucket, uploadId, partNumber, content) {
  const partPath = path.join(this.getResourcePath(bucket, undefined, 'uploads'), uploadId, String(partNumber));
  const stored = await written(content, partPath);
  await writeFile(`${partPath}.md5`, stored.md5);
  return stored;
};

require('s3rver/bin/s3rver.js');
