/**
 * Loads a list (lookup options, companies) with the ApiClient of the form context.
 *
 * Answers are cached per client and path for the life of the page, so leaving step 1 and coming
 * back does not refetch every select; failures are not cached, so `retry` really asks again.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ApiClient } from '../../core/api-client';

export type RemoteRecord = Record<string, unknown>;

export type RemoteListState =
  | { status: 'idle'; items: RemoteRecord[] }
  | { status: 'loading'; items: RemoteRecord[] }
  | { status: 'ready'; items: RemoteRecord[] }
  | { status: 'error'; items: RemoteRecord[]; error: string };

type Answer = { ok: true; items: RemoteRecord[] } | { ok: false; error: string };

const cache = new WeakMap<ApiClient, Map<string, Promise<Answer>>>();

function load(api: ApiClient, path: string): Promise<Answer> {
  let byPath = cache.get(api);
  if (!byPath) {
    byPath = new Map();
    cache.set(api, byPath);
  }
  const known = byPath.get(path);
  if (known) return known;
  const pending = api.get<unknown>(path).then((result): Answer => {
    if (!result.ok) return { ok: false, error: result.error };
    const items = Array.isArray(result.data)
      ? result.data.filter((item): item is RemoteRecord => item !== null && typeof item === 'object')
      : [];
    return { ok: true, items };
  });
  byPath.set(path, pending);
  void pending.then((answer) => {
    if (!answer.ok) byPath.delete(path);
  });
  return pending;
}

const EMPTY: RemoteRecord[] = [];

/** `path` null means "nothing to load yet" (a templated source whose field is still empty). */
export function useRemoteList(api: ApiClient, path: string | null): RemoteListState & { retry: () => void } {
  const [state, setState] = useState<{ path: string | null; value: RemoteListState }>({
    path: null,
    value: { status: 'idle', items: EMPTY },
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (path === null) return undefined;
    let live = true;
    setState({ path, value: { status: 'loading', items: EMPTY } });
    void load(api, path).then((answer) => {
      if (!live) return;
      setState({
        path,
        value: answer.ok
          ? { status: 'ready', items: answer.items }
          : { status: 'error', items: EMPTY, error: answer.error },
      });
    });
    return () => {
      live = false;
    };
  }, [api, path, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // A state left from a previous path never shows: the new path is loading until its answer comes.
  const value: RemoteListState =
    path === null
      ? { status: 'idle', items: EMPTY }
      : state.path === path
        ? state.value
        : { status: 'loading', items: EMPTY };
  return { ...value, retry };
}
