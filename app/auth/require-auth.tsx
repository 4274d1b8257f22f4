import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useHydrating } from '../hydration';
import { useUser } from './user-store';

/** History state carried to /login so the visitor comes back where they started. */
export interface LoginRedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Where to go after login: the remembered origin, or /dashboard. */
export function returnPath(state: unknown): string {
  const from = (state as LoginRedirectState | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string' || from.pathname === '/login') return '/dashboard';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/**
 * Renders its children for a signed-in user; sends visitors to /login, remembering the origin. A
 * prerendered page (a service's information page) is drawn by the build, which has no user, and
 * hydrated as it was drawn: the check applies right after (see useHydrating).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useUser();
  const hydrating = useHydrating();
  const { pathname, search, hash } = useLocation();
  if (!user && !hydrating) {
    const state: LoginRedirectState = { from: { pathname, search, hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}
