import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compressedTwins, compressionEffort, compressor, MIN_BYTES, zopfliPool } from './vite-plugin-precompress';

const pool = zopfliPool(2);
afterAll(() => pool.close());

describe('precompressed twins', () => {
  const script = Buffer.from(
    Array.from({ length: 400 }, (_, i) => `export const text${i} = "a portal chunk ${i % 7}";\n`).join(''),
  );

  it('gives text files a brotli and a gzip twin that decode to the file', async () => {
    const twins = await compressedTwins('assets/index-abc.js', script, pool.gzip);
    expect(twins).not.toBeNull();
    expect(brotliDecompressSync(twins!.br)).toEqual(script);
    expect(gunzipSync(twins!.gz)).toEqual(script);
    expect(twins!.br.length).toBeLessThan(twins!.gz.length);
    // Zopfli's gzip is smaller than zlib's best.
    expect(twins!.gz.length).toBeLessThan(gzipSync(script, { level: 9 }).length);
  });

  it('compresses many files at once through the pool, each to its own twin', async () => {
    const files = Array.from({ length: 6 }, (_, i) => Buffer.from(`const file = ${i};\n`.repeat(300)));
    const twins = await Promise.all(files.map((file, i) => compressedTwins(`assets/${i}.js`, file, pool.gzip)));
    twins.forEach((twin, i) => expect(gunzipSync(twin!.gz)).toEqual(files[i]));
  });

  it('leaves small files and binary formats alone', async () => {
    expect(await compressedTwins('assets/tiny.js', Buffer.alloc(MIN_BYTES - 1, 0x61), pool.gzip)).toBeNull();
    expect(await compressedTwins('assets/logo.png', script, pool.gzip)).toBeNull();
    expect(await compressedTwins('index.html', script, pool.gzip)).not.toBeNull();
  });
});

describe('compression effort', () => {
  const page = Buffer.from(
    Array.from({ length: 300 }, (_, i) => `<p class="c${i % 5}">A prerendered paragraph ${i}</p>\n`).join(''),
  );

  it('reads PORTAL_COMPRESSION: best unless fast, and names the setting when it is neither', () => {
    expect(compressionEffort(undefined)).toBe('best');
    expect(compressionEffort('')).toBe('best');
    expect(compressionEffort('best')).toBe('best');
    expect(compressionEffort('fast')).toBe('fast');
    expect(() => compressionEffort('max')).toThrow('PORTAL_COMPRESSION must be "best" or "fast", not "max"');
  });

  it('makes twins that decode to the file at either effort', async () => {
    const fast = compressor('fast');
    const best = compressor('best');
    try {
      const [quick, small] = await Promise.all([fast.twins('pages/en/landing.html', page), best.twins('x.html', page)]);
      expect(brotliDecompressSync(quick!.br)).toEqual(page);
      expect(gunzipSync(quick!.gz)).toEqual(page);
      expect(brotliDecompressSync(small!.br)).toEqual(page);
      expect(gunzipSync(small!.gz)).toEqual(page);
      expect(await fast.twins('assets/logo.png', page)).toBeNull();
    } finally {
      await Promise.all([fast.close(), best.close()]);
    }
  });
});
