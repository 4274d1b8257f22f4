/**
 * What the wizards shown on a page need when the page is hidden or left, for a page that chooses to
 * listen: the engine adds no listener to the window or the document (a library module leaves the page
 * as it found it). A host that wants drafts saved as the page goes, and the browser to ask before a
 * draft's file is lost, makes a `PageLeaving` (`createPageLeaving`), listens to the page itself and
 * tells it; the wizards under `PageLeavingContext` join it while they are shown. The portal does so on
 * its application page (app/pages/use-leave-guard.ts); a host without it (a preview, a test) gets no
 * page listener, and its drafts are saved only as typed and when the wizard goes.
 */
import { createContext, useContext, useEffect } from 'react';
import type { WizardSnapshot } from '../core/wizard-controller';

/** What `PageLeaving` needs of one wizard's controller (engine/core/wizard-controller.ts). */
export interface LeavingWizard {
  /** The page is hidden or left: unsaved answers go in a request that outlives it. */
  leave(): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): Pick<WizardSnapshot, 'filesBusy'>;
}

/** The wizards of one page, as its leaving concerns them. */
export interface PageLeaving {
  /**
   * The page is hidden (`visibilitychange` to hidden) or left (`pagehide`): each wizard shown sends
   * the answers it has not saved at once, in a request that outlives the page, and keeps a copy in the
   * browser until the server confirms them. Calling it again with nothing new sends nothing.
   */
  leave(): void;
  /**
   * Whether closing the page now would lose something a wizard shown holds: a draft's file on its way
   * (answers are not: `leave` sends them). A page asks the applicant first while this holds.
   */
  losesOnClose(): boolean;
  /** Calls `listener` whenever `losesOnClose` changes; answers the function that stops it. */
  subscribe(listener: () => void): () => void;
  /** Adds a wizard while it is shown (`useWizardController` does); answers the function that removes it. */
  join(wizard: LeavingWizard): () => void;
}

/** A `PageLeaving` with no wizard yet. */
export function createPageLeaving(): PageLeaving {
  const wizards = new Set<LeavingWizard>();
  const listeners = new Set<() => void>();
  let busy = false;
  // Told of every change of a wizard; says only the changes of `losesOnClose`.
  const recount = () => {
    const now = [...wizards].some((wizard) => wizard.getSnapshot().filesBusy);
    if (now === busy) return;
    busy = now;
    for (const listener of listeners) listener();
  };
  return {
    leave() {
      for (const wizard of wizards) wizard.leave();
    },
    losesOnClose: () => busy,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    join(wizard) {
      wizards.add(wizard);
      const stop = wizard.subscribe(recount);
      recount();
      return () => {
        stop();
        wizards.delete(wizard);
        recount();
      };
    },
  };
}

/** The `PageLeaving` the wizards below join; none (the default): no wizard hears of the page going. */
export const PageLeavingContext = createContext<PageLeaving | null>(null);

/** Joins `wizard` to the page's `PageLeaving`, if the page gave one, while the component is mounted. */
export function useJoinPageLeaving(wizard: LeavingWizard): void {
  const leaving = useContext(PageLeavingContext);
  useEffect(() => leaving?.join(wizard), [leaving, wizard]);
}
