// @module-tag dialect-free: no database.
/**
 * The contract on an S3-compatible store: the one `TEST_S3_URL` names (the cluster's, in
 * `npm run test:cluster`), else an s3rver started in this process for the suite.
 */
import { randomBytes } from 'node:crypto';
import { fileStoreContract } from './file-store.contract';
import { s3FileStore } from './s3-store';
import { startDevS3 } from '../../scripts/cluster/dev-s3';

fileStoreContract('S3-compatible', async () => {
  const given = process.env.TEST_S3_ENDPOINT;
  const server = given ? null : await startDevS3({ buckets: ['contract'] });
  const endpoint = given ?? server!.endpoint;
  const credentials = server?.credentials ?? {
    accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? '',
  };
  return {
    // A prefix of its own: the sweep's test expects the listing to hold only what the suite wrote.
    store: s3FileStore({
      bucket: process.env.TEST_S3_BUCKET ?? 'contract',
      prefix: `contract-${randomBytes(4).toString('hex')}/`,
      endpoint,
      region: 'us-east-1',
      ...credentials,
      forcePathStyle: true,
    }),
    dispose: async () => server?.close(),
  };
});
