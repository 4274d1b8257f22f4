/**
 * Vite plugin: writes a brotli (`.br`) and a gzip (`.gz`) twin beside each text file of the build, so
 * the server sends the smallest encoding the browser accepts without compressing on every request
 * (`@fastify/static`'s `preCompressed`). Done once at build time, brotli at its highest quality.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: text formats, above the size where a compressed answer saves anything. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|map)$/;
export const MIN_BYTES = 1024;

/** The compressed twins of one file's content: `{ br, gz }`, or null when the file is not worth it. */
export async function compressedTwins(name: string, content: Buffer): Promise<{ br: Buffer; gz: Buffer } | null> {
  if (!COMPRESSIBLE.test(name) || content.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gz };
}

export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'ecopermit-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      // index.html is written by Vite as an asset of the bundle too, so it is compressed with the rest.
      await Promise.all(
        Object.keys(bundle).map(async (name) => {
          const path = join(outDir, name);
          const twins = await compressedTwins(name, await readFile(path));
          if (!twins) return;
          await Promise.all([writeFile(`${path}.br`, twins.br), writeFile(`${path}.gz`, twins.gz)]);
        }),
      );
    },
  };
}
