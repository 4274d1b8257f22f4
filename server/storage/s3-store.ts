/**
 * A file store on any S3-compatible object store (AWS S3, MinIO, Ceph RGW...): `STORAGE_URL=
 * s3://bucket/prefix`. A file streams to `<prefix>tmp/<hex>` through the SDK's multipart upload
 * (parts of 5 MB, two at a time: never the whole file in memory), and `commit` copies it to
 * `<prefix>uploads/<hex>` and deletes the temporary object. S3 has no rename; a copy within the
 * bucket is done by the store, without the bytes passing through this process.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Measure, STORED_KEY, type FileStore, type ListedFile } from './file-store';
import type { S3Settings } from './s3-settings';

const TEMPORARY = 'tmp/';

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/** A file store in the bucket and prefix of `settings`. */
export function s3FileStore(settings: S3Settings): FileStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;
  const objectKey = (key: string) => {
    if (!STORED_KEY.test(key)) throw new Error(`not a stored file's key: ${key}`);
    return `${settings.prefix}${key}`;
  };
  const temporaryObject = (temporaryKey: string) => {
    if (!/^tmp\/[0-9a-f]{32}$/.test(temporaryKey)) throw new Error(`not a temporary key: ${temporaryKey}`);
    return `${settings.prefix}${temporaryKey}`;
  };

  return {
    backend: 's3',

    async receive(body: Readable) {
      const temporaryKey = `${TEMPORARY}${randomBytes(16).toString('hex')}`;
      const measure = new Measure();
      // The body's failure reaches the upload through the measure, and is the one `done()` rejects with.
      body.once('error', (error) => measure.destroy(error));
      const upload = new Upload({
        client,
        params: { Bucket, Key: temporaryObject(temporaryKey), Body: body.pipe(measure) },
        partSize: 5 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        await upload.abort().catch(() => undefined);
        await this.discard(temporaryKey).catch(() => undefined);
        throw body.errored ?? error;
      }
      return { temporaryKey, size: measure.bytes, head: measure.head, sha256: measure.sha256 };
    },

    async commit(received, key) {
      const source = temporaryObject(received.temporaryKey);
      await client.send(
        new CopyObjectCommand({ Bucket, Key: objectKey(key), CopySource: `${Bucket}/${encodeURI(source)}` }),
      );
      await this.discard(received.temporaryKey);
    },

    async discard(temporaryKey) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: temporaryObject(temporaryKey) }));
    },

    async open(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return { body: answer.Body as Readable, size: Number(answer.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async *list(limit): AsyncIterable<ListedFile> {
      let listed = 0;
      for (const folder of ['uploads/', TEMPORARY]) {
        let ContinuationToken: string | undefined;
        do {
          const page = await client.send(
            new ListObjectsV2Command({
              Bucket,
              Prefix: `${settings.prefix}${folder}`,
              ContinuationToken,
              MaxKeys: Math.min(1000, limit - listed),
            }),
          );
          for (const object of page.Contents ?? []) {
            if (!object.Key || listed >= limit) continue;
            listed += 1;
            const key = object.Key.slice(settings.prefix.length);
            yield { key, temporary: folder === TEMPORARY, modifiedAt: object.LastModified ?? new Date(0) };
          }
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken && listed < limit);
        if (listed >= limit) return;
      }
    },

    async ready() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    async close() {
      client.destroy();
    },
  };
}
