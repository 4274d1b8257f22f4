/**
 * The contract every file store keeps, as one suite each backend runs (local-store.test.ts,
 * s3-store.test.ts): the same tests, so the backends cannot drift apart.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from './file-store';
import { sweepOrphans } from './orphans';

/** A fresh store and how to throw it away. */
export interface StoreUnderTest {
  store: FileStore;
  dispose(): Promise<void>;
}

const newKey = () => `uploads/${randomBytes(16).toString('hex')}`;

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function listed(store: FileStore, limit = 10_000) {
  const files = [];
  for await (const file of store.list(limit)) files.push(file);
  return files;
}

/** A stream of `total` bytes made chunk by chunk (never one buffer of the whole file). */
function generated(total: number, seed: number): { body: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  let sent = 0;
  const body = Readable.from(
    (function* () {
      while (sent < total) {
        const chunk = Buffer.alloc(Math.min(256 * 1024, total - sent), (sent / 1024 + seed) % 251);
        sent += chunk.length;
        hash.update(chunk);
        yield chunk;
      }
    })(),
  );
  return { body, sha256: () => hash.digest('hex') };
}

/** Runs the contract over the store `open` makes (one store for the whole suite). */
export function fileStoreContract(name: string, open: () => Promise<StoreUnderTest>): void {
  describe(`file store contract: ${name}`, () => {
    let subject: StoreUnderTest;
    let store: FileStore;
    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    }, 60_000);
    afterAll(async () => {
      await store?.close();
      await subject?.dispose();
    });

    it('answers ready', async () => {
      await expect(store.ready()).resolves.toBeUndefined();
    });

    it('receives a file under a temporary key, readable only once committed', async () => {
      const content = Buffer.from('%PDF-1.7\nhello from the contract\n');
      const received = await store.receive(Readable.from([content.subarray(0, 5), content.subarray(5)]));
      expect(received.size).toBe(content.length);
      expect(received.head).toEqual(content.subarray(0, 16));
      // Fingerprinted in the same pass, over the chunks as they came.
      expect(received.sha256).toBe(createHash('sha256').update(content).digest('hex'));
      const before = await listed(store);
      expect(before.filter((file) => file.key === received.temporaryKey).map((file) => file.temporary)).toEqual([true]);

      const key = newKey();
      expect(await store.open(key)).toBeNull();
      await store.commit(received, key);
      const opened = await store.open(key);
      expect(opened?.size).toBe(content.length);
      expect(await bytesOf(opened!.body)).toEqual(content);
      const after = await listed(store);
      expect(after.some((file) => file.key === received.temporaryKey)).toBe(false);
      expect(after.filter((file) => file.key === key).map((file) => file.temporary)).toEqual([false]);
    });

    it('streams a file larger than one multipart part both ways, byte for byte', async () => {
      const { body, sha256 } = generated(12 * 1024 * 1024 + 123, 7);
      const received = await store.receive(body);
      expect(received.size).toBe(12 * 1024 * 1024 + 123);
      const key = newKey();
      await store.commit(received, key);
      const read = createHash('sha256');
      let size = 0;
      for await (const chunk of (await store.open(key))!.body) {
        read.update(chunk as Uint8Array);
        size += (chunk as Uint8Array).length;
      }
      expect(size).toBe(received.size);
      expect(read.digest('hex')).toBe(sha256());
    });

    it('takes an empty file', async () => {
      const received = await store.receive(Readable.from([]));
      expect(received.size).toBe(0);
      expect(received.head.length).toBe(0);
      expect(received.sha256).toBe(createHash('sha256').digest('hex'));
      const key = newKey();
      await store.commit(received, key);
      expect((await store.open(key))?.size).toBe(0);
    });

    it('rejects with the body’s own error when the body fails, and keeps nothing of it', async () => {
      const before = (await listed(store)).length;
      const failure = new Error('the client went away');
      const body = new Readable({ read() {} });
      body.push(Buffer.alloc(64 * 1024, 1));
      setTimeout(() => body.destroy(failure), 20);
      await expect(store.receive(body)).rejects.toBe(failure);
      expect((await listed(store)).length).toBe(before);
    });

    it('removes and discards idempotently; a missing file opens as null', async () => {
      const received = await store.receive(Readable.from([Buffer.from('GIF89a')]));
      await store.discard(received.temporaryKey);
      await store.discard(received.temporaryKey);
      expect((await listed(store)).some((file) => file.key === received.temporaryKey)).toBe(false);

      const key = newKey();
      await store.commit(await store.receive(Readable.from([Buffer.from('x')])), key);
      await store.remove(key);
      await store.remove(key);
      expect(await store.open(key)).toBeNull();
    });

    it('refuses keys that are not a stored file’s', async () => {
      for (const key of ['../secret', 'uploads/../../etc/passwd', 'uploads/ABC', 'tmp/x', '']) {
        await expect(store.open(key)).rejects.toThrow();
        await expect(store.remove(key)).rejects.toThrow();
      }
    });

    it('lists at most the bound it is given', async () => {
      for (let i = 0; i < 3; i += 1)
        await store.commit(await store.receive(Readable.from([Buffer.from(`file ${i}`)])), newKey());
      expect((await listed(store, 2)).length).toBe(2);
    });

    it('sweeps temporary and unrecorded files older than the grace, and keeps the rest', async () => {
      const kept = newKey();
      const unrecorded = newKey();
      await store.commit(await store.receive(Readable.from([Buffer.from('recorded')])), kept);
      await store.commit(await store.receive(Readable.from([Buffer.from('no record')])), unrecorded);
      const temporary = await store.receive(Readable.from([Buffer.from('interrupted')]));
      const recorded = async (keys: string[]) => new Set(keys.filter((key) => key === kept));

      // Within the grace (another instance's upload in flight): nothing goes.
      expect(await sweepOrphans(store, recorded, { graceMs: 60 * 60_000, limit: 10_000 })).toBe(0);
      expect(await store.open(unrecorded)).not.toBeNull();

      const later = Date.now() + 2 * 60 * 60_000;
      const removed = await sweepOrphans(store, recorded, { graceMs: 60 * 60_000, limit: 10_000, now: later });
      expect(removed).toBeGreaterThanOrEqual(2);
      expect(await store.open(kept)).not.toBeNull();
      expect(await store.open(unrecorded)).toBeNull();
      expect((await listed(store)).map((file) => file.key)).toEqual([kept]);
      expect(temporary.size).toBe('interrupted'.length);
    });
  });
}
