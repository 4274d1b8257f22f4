import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedTwins, MIN_BYTES } from './vite-plugin-precompress';

describe('precompressed twins', () => {
  const script = Buffer.from('export const text = "a portal chunk";\n'.repeat(200));

  it('gives text files a brotli and a gzip twin that decode to the file', async () => {
    const twins = await compressedTwins('assets/index-abc.js', script);
    expect(twins).not.toBeNull();
    expect(brotliDecompressSync(twins!.br)).toEqual(script);
    expect(gunzipSync(twins!.gz)).toEqual(script);
    expect(twins!.br.length).toBeLessThan(twins!.gz.length);
  });

  it('leaves small files and binary formats alone', async () => {
    expect(await compressedTwins('assets/tiny.js', Buffer.alloc(MIN_BYTES - 1, 0x61))).toBeNull();
    expect(await compressedTwins('assets/logo.png', script)).toBeNull();
    expect(await compressedTwins('index.html', script)).not.toBeNull();
  });
});
