// @module-tag dialect-free: no database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileStoreContract } from './file-store.contract';
import { localFileStore } from './local-store';

fileStoreContract('local disk', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ecopermit-store-'));
  return {
    store: localFileStore(join(dataDir, 'uploads')),
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
});
