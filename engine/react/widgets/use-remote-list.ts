/**
 * Loads a list (lookup options, companies) with the ApiClient of the form context, through
 * `useApiQuery`: answers are cached per path and kept fresh for the life of the page (reference
 * data does not change while someone fills a form; a write that changes a list, such as a new
 * company, invalidates its path), so leaving step 1 and coming back does not refetch every select.
 * Failures are not kept: `retry`, or showing the field again, really asks again.
 */
import { useApiQuery, type ApiReader } from '../use-api-query';

export type RemoteRecord = Record<string, unknown>;

export type RemoteListState =
  | { status: 'idle'; items: RemoteRecord[] }
  | { status: 'loading'; items: RemoteRecord[] }
  | { status: 'ready'; items: RemoteRecord[] }
  | { status: 'error'; items: RemoteRecord[]; error: string };

const EMPTY: RemoteRecord[] = [];

/** The records of an answer; anything that is not a list of objects reads as an empty list. */
function records(data: unknown): RemoteRecord[] {
  return Array.isArray(data)
    ? data.filter((item): item is RemoteRecord => item !== null && typeof item === 'object')
    : EMPTY;
}

/** `path` null means "nothing to load yet" (a templated source whose field is still empty). */
export function useRemoteList(api: ApiReader, path: string | null): RemoteListState & { retry: () => void } {
  const list = useApiQuery<unknown, RemoteRecord[]>(path, { api, staleTime: Infinity, select: records });
  const retry = list.refetch;
  switch (list.status) {
    case 'idle':
      return { status: 'idle', items: EMPTY, retry };
    case 'loading':
      return { status: 'loading', items: EMPTY, retry };
    case 'error':
      return { status: 'error', items: EMPTY, error: list.error ?? '', retry };
    default:
      return { status: 'ready', items: list.data ?? EMPTY, retry };
  }
}
