/**
 * Vite plugin: writes a brotli (`.br`) and a gzip (`.gz`) twin beside each text file of the build, so
 * the server sends the smallest encoding the browser accepts without compressing on every request
 * (`@fastify/static`'s `preCompressed`). Done once at build time: brotli at its highest quality, gzip
 * by Zopfli, whose deflate streams any gzip reader decodes and are about 4% smaller than zlib's best
 * (Zopfli is slow, so it runs in worker threads, one per core).
 *
 * The effort is a setting (`PORTAL_COMPRESSION`, `compressionEffort`): `best` as above, the default and
 * what a release is built with; `fast` (brotli quality 5, zlib's gzip) for the builds the test suites
 * make, which serve the same twins the same way but never weigh them: half the time of a build goes to
 * the best compression.
 */
import { buildStage } from './build-stages';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { brotliCompress, constants, gzip as zlibGzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipFast = promisify(zlibGzip);

/** How hard the twins are compressed: `best` for a release, `fast` for a build only tests read. */
export type CompressionEffort = 'best' | 'fast';

/** Brotli's quality for a fast build: many times faster than the highest, a few percent larger. */
const FAST_BROTLI_QUALITY = 5;

/**
 * The effort a `PORTAL_COMPRESSION` setting asks for: `best` when unset.
 * @throws Error naming the setting when its value is neither `best` nor `fast`
 */
export function compressionEffort(setting: string | undefined): CompressionEffort {
  if (setting === undefined || setting === '' || setting === 'best') return 'best';
  if (setting === 'fast') return 'fast';
  throw new Error(`PORTAL_COMPRESSION must be "best" or "fast", not "${setting}"`);
}

/** Files worth compressing: text formats, above the size where a compressed answer saves anything. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|map)$/;
export const MIN_BYTES = 1024;

/** Zopfli's passes over each block: more gain little (a tenth of a percent) and cost much time. */
const ZOPFLI_ITERATIONS = 1;

// A worker compresses what it is sent with Zopfli and answers the gzip bytes.
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { gzipAsync } = require(workerData.zopfli);
parentPort.on('message', async ({ id, content }) => {
  const gz = await gzipAsync(content, { numiterations: workerData.iterations });
  parentPort.postMessage({ id, gz }, [gz.buffer]);
});
`;

/** A pool of Zopfli workers: `gzip` queues a file for the next free one; `close` ends them. */
export function zopfliPool(size = Math.max(1, availableParallelism())) {
  const zopfli = createRequire(import.meta.url).resolve('@gfx/zopfli');
  const waiting: Array<{ id: number; content: Uint8Array }> = [];
  const pending = new Map<number, { resolve: (gz: Buffer) => void; reject: (error: unknown) => void }>();
  const idle: Worker[] = [];
  let next = 0;
  const dispatch = () => {
    while (idle.length > 0 && waiting.length > 0) {
      const job = waiting.shift() as { id: number; content: Uint8Array };
      (idle.pop() as Worker).postMessage(job);
    }
  };
  const workers = Array.from({ length: size }, () => {
    const worker = new Worker(WORKER_CODE, { eval: true, workerData: { zopfli, iterations: ZOPFLI_ITERATIONS } });
    worker.on('message', ({ id, gz }: { id: number; gz: Uint8Array }) => {
      pending.get(id)?.resolve(Buffer.from(gz));
      pending.delete(id);
      idle.push(worker);
      dispatch();
    });
    worker.on('error', (error) => {
      for (const job of pending.values()) job.reject(error);
      pending.clear();
    });
    idle.push(worker);
    return worker;
  });
  return {
    gzip(content: Buffer): Promise<Buffer> {
      const id = next++;
      return new Promise<Buffer>((resolvePromise, reject) => {
        pending.set(id, { resolve: resolvePromise, reject });
        waiting.push({ id, content: new Uint8Array(content) });
        dispatch();
      });
    },
    close: () => Promise.all(workers.map((worker) => worker.terminate())),
  };
}

/** What gzips a file's content. */
export type Gzip = (content: Buffer) => Promise<Buffer>;

/**
 * The compressed twins of one file's content: `{ br, gz }`, or null when the file is not worth it.
 * `gzip` is the pool's (tests may give zlib's); `brotliQuality` the highest unless given.
 */
export async function compressedTwins(
  name: string,
  content: Buffer,
  gzip: Gzip,
  brotliQuality: number = constants.BROTLI_MAX_QUALITY,
): Promise<{ br: Buffer; gz: Buffer } | null> {
  if (!COMPRESSIBLE.test(name) || content.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content),
  ]);
  return { br, gz };
}

/** Makes the twins of the files of one build at the given effort; `close` ends its workers. */
export interface Compressor {
  twins(name: string, content: Buffer): Promise<{ br: Buffer; gz: Buffer } | null>;
  close(): Promise<unknown>;
}

/**
 * A compressor at `effort`: `best` gzips through a Zopfli pool (started here, ended by `close`),
 * `fast` with zlib in this thread.
 */
export function compressor(effort: CompressionEffort): Compressor {
  if (effort === 'fast')
    return {
      twins: (name, content) => compressedTwins(name, content, (bytes) => gzipFast(bytes), FAST_BROTLI_QUALITY),
      close: async () => undefined,
    };
  const pool = zopfliPool();
  return { twins: (name, content) => compressedTwins(name, content, pool.gzip), close: pool.close };
}

/** The plugin; `effort` from `compressionEffort(process.env.PORTAL_COMPRESSION)` in vite.config.ts. */
export function precompressPlugin(effort: CompressionEffort = 'best'): Plugin {
  let outDir = '';
  return {
    name: 'ecopermit-precompress',
    // The build's own files; not those of the prerender's Node bundle.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      buildStage(`compressing ${Object.keys(bundle).length} files, ${effort}`);
      const twinsOf = compressor(effort);
      try {
        // index.html is written by Vite as an asset of the bundle too, so it is compressed with the rest.
        await Promise.all(
          Object.keys(bundle).map(async (name) => {
            const path = join(outDir, name);
            const twins = await twinsOf.twins(name, await readFile(path));
            if (!twins) return;
            await Promise.all([writeFile(`${path}.br`, twins.br), writeFile(`${path}.gz`, twins.gz)]);
          }),
        );
      } finally {
        await twinsOf.close();
      }
    },
  };
}
