/**
 * The element a page turns quiet typing on for (quiet-typing.ts): the portal wraps its forms in it.
 */
import { useCallback, useRef, type ReactNode, type RefCallback } from 'react';
import { quietTypingArea } from './quiet-typing';

/**
 * A ref callback that turns quiet typing on for the element it is given while `on` holds (and off
 * when the element goes, or `on` turns false): for a page that puts the area on an element of its own.
 */
export function useQuietTypingArea(on: boolean): RefCallback<HTMLElement> {
  const stop = useRef<(() => void) | undefined>(undefined);
  return useCallback(
    (element: HTMLElement | null) => {
      stop.current?.();
      stop.current = element && on ? quietTypingArea(element) : undefined;
    },
    [on],
  );
}

/**
 * The portal's form area: a plain `div` around `children` in which the registered text fields type
 * quietly while `on` holds (the default). Off, or without it, the fields are plain React fields; the
 * `div` is drawn either way, so turning it on or off keeps what the form shows and holds.
 */
export function QuietTypingArea({ on = true, children }: { on?: boolean; children: ReactNode }) {
  const area = useQuietTypingArea(on);
  return (
    <div ref={area} data-quiet-typing={on ? 'on' : 'off'}>
      {children}
    </div>
  );
}
