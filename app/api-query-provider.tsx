import { useEffect, useRef, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useUser } from './auth/user-store';

/**
 * Provides the portal's QueryClient (the cache of API answers, see engine/react/use-api-query.ts).
 * When the signed-in user leaves or changes, the cache is emptied: one person's answers are never
 * kept in memory for, or shown to, the next one on the same browser.
 */
export function ApiQueryProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  const userId = useUser()?.id ?? null;
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current !== null && previous.current !== userId) client.clear();
    previous.current = userId;
  }, [client, userId]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
