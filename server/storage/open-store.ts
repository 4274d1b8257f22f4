/** Opens the file store the settings name. */
import { join } from 'node:path';
import type { ServerConfig } from '../config';
import type { FileStore } from './file-store';
import { localFileStore } from './local-store';

/**
 * The file store of `config.storage`: the uploads folder under DATA_DIR, or the S3 bucket (whose SDK
 * is loaded only then).
 */
export async function openFileStore(config: Pick<ServerConfig, 'storage' | 'dataDir'>): Promise<FileStore> {
  if (config.storage.backend === 'local') return localFileStore(join(config.dataDir, 'uploads'));
  const { s3FileStore } = await import('./s3-store');
  return s3FileStore(config.storage);
}
