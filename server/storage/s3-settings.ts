/**
 * The settings of an S3-compatible store, apart from the SDK, so reading the settings never loads it.
 */
export interface S3Settings {
  bucket: string;
  /** Key prefix inside the bucket: '' or ending in '/'. */
  prefix: string;
  /** The store's address for other than AWS (`http://127.0.0.1:9000`); AWS's own when empty. */
  endpoint: string;
  region: string;
  /** Static credentials; when empty, the SDK's default chain (environment, profile, instance role). */
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted stores want. */
  forcePathStyle: boolean;
}

/**
 * The bucket and prefix of `s3://bucket/prefix` (the prefix ends in '/' when not empty).
 * @throws Error when the address is not such a URL.
 */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!match)
    throw new Error(
      'must be s3://bucket or s3://bucket/prefix (a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens)',
    );
  const path = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: match[1]!, prefix: path ? `${path}/` : '' };
}
