/**
 * Whether the portal's form area types quietly (engine/react/quiet-typing.ts): the one place that
 * reads the setting.
 *
 * - `VITE_QUIET_TYPING`, a build setting: `on` (the default) or `off`, for every browser. Turning it
 *   off gives React every key of the form's text fields again, for a page that adds listeners of its
 *   own inside the form (an analytics or assistive script) or to compare.
 * - `quietTyping` in the browser's localStorage, `on` or `off`: the same for one browser, over the
 *   build's choice (the bench measures both in one run; support can try a form without it).
 */

/** The localStorage key of one browser's choice. */
export const QUIET_TYPING_STORAGE_KEY = 'quietTyping';

/**
 * Reads the build setting `VITE_QUIET_TYPING`: `on` when unset; throws a message naming the setting
 * when it is neither `on` nor `off` (vite.config.ts checks it as the build starts).
 */
export function quietTypingSetting(value: string | undefined): 'on' | 'off' {
  if (value === undefined || value === '' || value === 'on') return 'on';
  if (value === 'off') return 'off';
  throw new Error(`VITE_QUIET_TYPING must be "on" or "off", not "${value}"`);
}

/**
 * Whether quiet typing is on in this browser: its localStorage choice if it made one (`on` or `off`;
 * anything else is no choice), else the build's.
 */
export function quietTypingOn(
  build: string | undefined = import.meta.env.VITE_QUIET_TYPING as string | undefined,
  stored: string | null | undefined = readStored(),
): boolean {
  if (stored === 'on' || stored === 'off') return stored === 'on';
  return quietTypingSetting(build) === 'on';
}

function readStored(): string | null | undefined {
  try {
    return globalThis.localStorage?.getItem(QUIET_TYPING_STORAGE_KEY);
  } catch {
    // A browser that refuses storage (some private modes) made no choice.
    return undefined;
  }
}
