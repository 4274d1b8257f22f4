import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * True while the page is rendered to HTML by the build and while the browser hydrates that HTML;
 * false in any later render. What depends on the browser alone (the signed-in user, kept in
 * localStorage) must render as the HTML has it while this is true, then the page updates: React reads
 * the server's value during hydration and the browser's right after.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
}

/**
 * A prerendered form stays still until its page is hydrated (`inert` while `useHydrating` is true):
 * before the script runs, a click or an Enter would send the form natively (its fields in the
 * address) and typing would go where React does not look. Inert, nothing in it takes the focus or a
 * click, and it looks as it will; the browser tests' clicks wait for it too.
 */
export function useStillUntilHydrated(): { inert?: boolean } {
  return useHydrating() ? { inert: true } : {};
}
