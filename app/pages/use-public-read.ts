import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../engine/react';
import { useApi } from '../api-context';
import { prerenderedAnswer } from '../prerendered-answers';

/** What a public page's read shows: loading, the answer's data, or a failure with its message. */
export type PublicRead<T> = { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: string };

/**
 * One GET of a public page (the landing page's services), with its loading state, its failure and
 * a Retry, and no cache. The query layer (TanStack Query, `engine/react/use-api-query.ts`) serves
 * the signed-in pages and loads with them: the public pages' first download stays without it.
 * The answer may be in the interface language (reference data is), so a change of language reads
 * it again.
 *
 * A prerendered page starts from the answer it was drawn with (prerendered-answers.ts), so it
 * hydrates as drawn, then asks again and shows the newer answer; when that fails, the page keeps what
 * it shows rather than replacing it by an error.
 */
export function usePublicRead<T>(path: string): PublicRead<T> & { retry: () => void } {
  const api = useApi();
  const language = useTranslation().i18n.language;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PublicRead<T>>(() => {
    const drawn = prerenderedAnswer(path);
    return drawn === undefined ? { status: 'loading' } : { status: 'success', data: drawn as T };
  });
  useEffect(() => {
    const controller = new AbortController();
    setState((shown) => (shown.status === 'success' ? shown : { status: 'loading' }));
    void api.get<T>(path, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      setState((shown) => {
        if (result.ok) return { status: 'success', data: result.data };
        return shown.status === 'success' ? shown : { status: 'error', error: result.error };
      });
    });
    return () => controller.abort();
  }, [api, path, attempt, language]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
