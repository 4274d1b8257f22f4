/**
 * Re-checks of a service form held while the applicant is pressing something (service-form.tsx): a
 * field's error appearing or going between a press and its release would move what lies below it.
 */
/** Longest a press holds the re-checks (a release outside the form is not heard). */
const LONGEST_PRESS_MS = 1000;

/**
 * Re-checks that wait while a pointer is pressed on the form, or the element the focus went to is
 * being pressed, and run once it is released, after the click's own change (next task). The last
 * request of a field wins, a blur (`judged`) over a change.
 */
export function createHeldRechecks(recheck: (id: string | undefined, judged: boolean) => void) {
  let pressed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waiting = new Map<string | undefined, boolean>();
  // The element the focus went to, listened to until it is used (see holdUntilUsed).
  let watched: { element: Element; used: () => void } | undefined;
  const unwatch = () => {
    if (!watched) return;
    watched.element.removeEventListener('click', watched.used);
    watched.element.removeEventListener('keyup', watched.used);
    watched = undefined;
  };
  const run = () => {
    pressed = false;
    unwatch();
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    // The latest first: its re-check is the one that finds what the applicant just answered, and says it.
    const requests = [...waiting].reverse();
    waiting.clear();
    for (const [id, judged] of requests) recheck(id, judged);
  };
  const release = () => {
    if (!pressed) return;
    if (timer !== undefined) clearTimeout(timer);
    // After the click that follows the release, whose change a re-check must include.
    timer = setTimeout(run, 0);
  };
  const press = () => {
    pressed = true;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, LONGEST_PRESS_MS);
  };
  return {
    recheck(id: string | undefined, judged: boolean) {
      if (!pressed) return recheck(id, judged);
      waiting.set(id, judged || waiting.get(id) === true);
    },
    press,
    release,
    /** Holds the re-checks until `element` is clicked or a key is released on it (at most a second). */
    holdUntilUsed(element: Element) {
      press();
      unwatch();
      watched = { element, used: release };
      element.addEventListener('click', release);
      element.addEventListener('keyup', release);
    },
    dispose() {
      unwatch();
      if (timer !== undefined) clearTimeout(timer);
      waiting.clear();
    },
  };
}
