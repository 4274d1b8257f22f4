import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUIET_TYPING_STORAGE_KEY, quietTypingOn, quietTypingSetting } from './quiet-typing-setting';

afterEach(() => vi.unstubAllGlobals());

describe('the quiet typing setting', () => {
  it('is on unless the build says off, and names the setting when its value is neither', () => {
    expect(quietTypingSetting(undefined)).toBe('on');
    expect(quietTypingSetting('')).toBe('on');
    expect(quietTypingSetting('on')).toBe('on');
    expect(quietTypingSetting('off')).toBe('off');
    expect(() => quietTypingSetting('no')).toThrow('VITE_QUIET_TYPING must be "on" or "off", not "no"');
  });

  it("takes a browser's own choice over the build's, and ignores anything else stored", () => {
    expect(quietTypingOn(undefined, null)).toBe(true);
    expect(quietTypingOn('off', null)).toBe(false);
    expect(quietTypingOn(undefined, 'off')).toBe(false);
    expect(quietTypingOn('off', 'on')).toBe(true);
    expect(quietTypingOn('off', 'yes')).toBe(false);
  });

  it("reads the browser's localStorage, and a storage that refuses is no choice", () => {
    const stored = new Map([[QUIET_TYPING_STORAGE_KEY, 'off']]);
    vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null });
    expect(quietTypingOn('on')).toBe(false);
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(quietTypingOn('on')).toBe(true);
  });
});
