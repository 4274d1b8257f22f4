/** Opens the file store the settings name. */
import { join } from 'node:path';
import type { ServerConfig } from '../config';
import type { FileStore } from './file-store';
import { localFileStore } from './local-store';
import { answeringUnavailable } from './unavailable-store';

/**
 * The file store of `config.storage`: the uploads folder under DATA_DIR, or the S3 bucket (whose SDK
 * is loaded only then). Its failures answer 503 naming the file store (unavailable-store.ts).
 */
export async function openFileStore(config: Pick<ServerConfig, 'storage' | 'dataDir'>): Promise<FileStore> {
  if (config.storage.backend === 'local') return answeringUnavailable(localFileStore(join(config.dataDir, 'uploads')));
  const { s3FileStore } = await import('./s3-store');
  return answeringUnavailable(s3FileStore(config.storage));
}
