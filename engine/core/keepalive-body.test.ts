import { describe, expect, it } from 'vitest';
import { fitsKeepalive, KEEPALIVE_BODY_LIMIT_BYTES, utf8Length } from './keepalive-body';

describe('keepalive bodies', () => {
  it('counts the bytes of UTF-8 as an encoder does', () => {
    for (const text of ['', 'plain', 'Mwaramutse, ça va?', 'Привет', '日本語', 'emoji 🌿 and 𝄞', '\ud800 lone']) {
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
    }
  });

  it('takes a body of up to 64 KiB, counted in bytes', () => {
    expect(fitsKeepalive('a'.repeat(KEEPALIVE_BODY_LIMIT_BYTES))).toBe(true);
    expect(fitsKeepalive('a'.repeat(KEEPALIVE_BODY_LIMIT_BYTES + 1))).toBe(false);
    // Cyrillic takes two bytes a letter.
    expect(fitsKeepalive('я'.repeat(KEEPALIVE_BODY_LIMIT_BYTES / 2))).toBe(true);
    expect(fitsKeepalive('я'.repeat(KEEPALIVE_BODY_LIMIT_BYTES / 2 + 1))).toBe(false);
  });
});
