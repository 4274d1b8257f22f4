/**
 * The default file store: a folder on this machine's disk (`DATA_DIR/uploads`). A file arrives as
 * `<hex>.part` beside the stored files and is renamed to its key's name on commit; the rename is
 * atomic, so a stored file is always complete.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Measure, STORED_KEY, type FileStore, type ListedFile, type ReceivedFile } from './file-store';

/** Suffix of a file still being received. */
export const PARTIAL_SUFFIX = '.part';

/**
 * A file store in `folder`: stored files are `<folder>/<hex>` for the key `uploads/<hex>`.
 * @param folder created when missing.
 */
export function localFileStore(folder: string): FileStore {
  const pathOf = (key: string) => {
    // The key is a database value: only the one shape, so no key reaches outside the folder.
    if (!STORED_KEY.test(key)) throw new Error(`not a stored file's key: ${key}`);
    return join(folder, key.slice('uploads/'.length));
  };
  const ensured = mkdir(folder, { recursive: true });

  return {
    backend: 'local',

    async receive(body) {
      await ensured;
      const temporaryKey = `${randomBytes(16).toString('hex')}${PARTIAL_SUFFIX}`;
      const measure = new Measure();
      // Created before the bytes flow: a write stream opens its file on its own time, so a body that
      // failed at once could have the file appear after the removal below.
      const file = await open(join(folder, temporaryKey), 'wx');
      try {
        await pipeline(body, measure, file.createWriteStream());
      } catch (error) {
        await file.close().catch(() => undefined);
        await rm(join(folder, temporaryKey), { force: true });
        throw error;
      }
      return { temporaryKey, size: measure.bytes, head: measure.head, sha256: measure.sha256 };
    },

    async commit(received: ReceivedFile, key) {
      await rename(join(folder, received.temporaryKey), pathOf(key));
    },

    async discard(temporaryKey) {
      if (temporaryKey.includes('/') || temporaryKey.startsWith('.'))
        throw new Error(`not a temporary key: ${temporaryKey}`);
      await rm(join(folder, temporaryKey), { force: true, recursive: true });
    },

    async open(key) {
      const path = pathOf(key);
      const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (info?.isFile()) return { body: createReadStream(path), size: info.size };
      // No such file, or no store at all (the folder gone: a volume not mounted), which is a failure.
      await stat(folder);
      return null;
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },

    async *list(limit): AsyncIterable<ListedFile> {
      const names = (await readdir(folder).catch(() => [] as string[])).slice(0, limit);
      for (const name of names) {
        const info = await stat(join(folder, name)).catch(() => null);
        if (!info) continue;
        const temporary = !/^[0-9a-f]{32}$/.test(name);
        // Anything else in the folder is not the store's: listed as temporary, so the sweep removes it.
        yield { key: temporary ? name : `uploads/${name}`, temporary, modifiedAt: info.mtime };
      }
    },

    async ready() {
      await ensured;
      await stat(folder);
    },

    async close() {},
  };
}
