/**
 * The application page's choice of what the page going does to its wizard (the engine adds no listener
 * to the page: engine/react/page-leaving.ts). While the page that calls it is mounted:
 *
 * - hidden (`visibilitychange` to hidden: a phone switching apps, a tab put aside) or left (`pagehide`:
 *   closed, reloaded, another site), the wizard sends the answers it has not saved in a request that
 *   outlives the page, and keeps a copy in the browser until the server confirms them (docs/drafts.md);
 * - closed while a draft's file is on its way, the browser asks first (`beforeunload`). That listener
 *   is there only while a file is on its way: a page with one is kept out of some browsers' back/forward
 *   cache.
 *
 * Answers the `PageLeaving` to give the wizard (`PageLeavingContext`); every listener goes with the page.
 */
import { useEffect, useState } from 'react';
import { createPageLeaving, type PageLeaving } from '../../engine/react';

export function useLeaveGuard(): PageLeaving {
  const [leaving] = useState(createPageLeaving);

  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') leaving.leave();
    };
    const left = () => leaving.leave();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', left);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', left);
    };
  }, [leaving]);

  useEffect(() => {
    // Followed without a render: the page and its wizard are not drawn again when a file starts or ends.
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    let asking = false;
    const follow = () => {
      if (leaving.losesOnClose() === asking) return;
      asking = !asking;
      if (asking) window.addEventListener('beforeunload', ask);
      else window.removeEventListener('beforeunload', ask);
    };
    const stop = leaving.subscribe(follow);
    follow();
    return () => {
      stop();
      window.removeEventListener('beforeunload', ask);
    };
  }, [leaving]);

  return leaving;
}
