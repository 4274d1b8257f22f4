import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateApiPaths, useApiQuery } from '../../engine/react/use-api-query';

/** Route of the recycled-quantity reports (spec 01 section 2). */
export const RECYCLED_PATH = '/plastics-recycled';

/** The client check that opens the reports (declared in fixtures/lookups/client-checks.json). */
export function recycledCheckPath(clientId: number): string {
  return `application/check-plastic-bags-authorization/${clientId}`;
}

/**
 * Whether the client may report recycled quantities: only once a plastic bags authorization was
 * submitted (spec 01). `allowed` is null until the first answer.
 */
export interface RecycledAccess {
  allowed: boolean | null;
  /** Asks the server again, e.g. when the user comes back to the dashboard. */
  refresh: () => void;
}

interface CheckAnswer {
  has_submitted_auth_plastic_bag?: boolean | number | null;
}

function hasSubmitted(answer: CheckAnswer | null): boolean {
  const has = answer?.has_submitted_auth_plastic_bag;
  return has === true || has === 1;
}

/**
 * Reads GET application/check-plastic-bags-authorization/{clientId} when the client id is known.
 * The Layout (sidebar entry) and the Recycled page read the one cached answer; it is asked again
 * only when invalidated (a submission, see `submissionChangedPaths`) or on `refresh()`. A failed
 * check counts as not allowed: the entry stays hidden.
 */
export function useRecycledAccess(clientId: number | undefined): RecycledAccess {
  const queryClient = useQueryClient();
  const path = clientId === undefined ? null : recycledCheckPath(clientId);
  const check = useApiQuery<CheckAnswer | null, boolean>(path, { staleTime: Infinity, select: hasSubmitted });
  const allowed = check.status === 'success' ? (check.data ?? false) : check.status === 'error' ? false : null;
  const refresh = useCallback(() => {
    if (path !== null) void invalidateApiPaths(queryClient, [path]);
  }, [queryClient, path]);
  return useMemo(() => ({ allowed, refresh }), [allowed, refresh]);
}
