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
