import { useEffect, useRef, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from '../engine/react';
import { useUser } from './auth/user-store';

/**
 * Provides the portal's QueryClient (the cache of API answers, see engine/react/use-api-query.ts).
 * When the signed-in user leaves or changes, the cache is emptied: one person's answers are never
 * kept in memory for, or shown to, the next one on the same browser. When the interface language
 * changes, the answers are read again: reference data comes labelled in the caller's language.
 */
export function ApiQueryProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  const userId = useUser()?.id ?? null;
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current !== null && previous.current !== userId) client.clear();
    previous.current = userId;
  }, [client, userId]);
  const language = useTranslation().i18n.language;
  const previousLanguage = useRef(language);
  useEffect(() => {
    if (previousLanguage.current !== language) void client.invalidateQueries();
    previousLanguage.current = language;
  }, [client, language]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
