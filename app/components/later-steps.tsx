import { Suspense, useEffect, type ReactNode } from 'react';
import { lazyNamed } from '../../engine/react';
import { PageLoading } from './page-loading';

/**
 * The steps of registration and password reset after the first (the code, the new password, the
 * success panel): the first step is what the page shows on arrival, so these load apart from it,
 * when the browser is idle after the page is up (`usePreloadedLaterSteps`), and show at once when
 * their step comes.
 */
export const OtpForm = lazyNamed(() => import('./otp-form'), 'OtpForm');
export const PasswordForm = lazyNamed(() => import('./password-form'), 'PasswordForm');
export const SuccessPanel = lazyNamed(() => import('./success-panel'), 'SuccessPanel');

/**
 * Loads the later steps' code now (once); after it resolves each renders at once, without a spinner.
 * The page calls it when idle; a test awaits it, so no step waits on a module load the test cannot see.
 */
export function preloadLaterSteps(): Promise<void> {
  return Promise.all([OtpForm.preload(), PasswordForm.preload(), SuccessPanel.preload()]).then(() => undefined);
}

/** Fetches the later steps' code once the page is idle, and what `alsoLoad` loads (the page's own later parts). */
export function usePreloadedLaterSteps(alsoLoad?: () => Promise<unknown>): void {
  useEffect(() => {
    const preload = () => void Promise.all([preloadLaterSteps(), alsoLoad?.()]).catch(() => {});
    const idle = globalThis.requestIdleCallback?.(preload, { timeout: 2000 });
    const timer = idle === undefined ? setTimeout(preload, 200) : undefined;
    return () => {
      if (idle !== undefined) globalThis.cancelIdleCallback?.(idle);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [alsoLoad]);
}

/** A later step, with a spinner while its code still loads (a slow network). */
export function LaterStep({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}
