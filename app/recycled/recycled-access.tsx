import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useApi } from '../api-context';

/** Route of the recycled-quantity reports (spec 01 section 2). */
export const RECYCLED_PATH = '/plastics-recycled';

/**
 * Whether the client may report recycled quantities: only once a plastic bags authorization was
 * submitted (spec 01). `allowed` is null until the first answer.
 */
export interface RecycledAccess {
  allowed: boolean | null;
  /** Asks the server again, e.g. after a submission or when the user comes back to the dashboard. */
  refresh: () => void;
}

/** Shared by the Layout (sidebar entry) with the pages under it, so one answer serves both. */
export const RecycledAccessContext = createContext<RecycledAccess | null>(null);

interface CheckAnswer {
  has_submitted_auth_plastic_bag?: boolean | number | null;
}

/**
 * Reads GET application/check-plastic-bags-authorization/{clientId} when the client id is known and
 * again on every `refresh()`. A failed check counts as not allowed: the entry stays hidden.
 */
export function useRecycledAccessState(clientId: number | undefined): RecycledAccess {
  const api = useApi();
  const [round, setRound] = useState(0);
  const [answer, setAnswer] = useState<{ clientId: number; allowed: boolean } | null>(null);

  useEffect(() => {
    if (clientId === undefined) return;
    let live = true;
    void api.get<CheckAnswer>(`application/check-plastic-bags-authorization/${clientId}`).then((result) => {
      if (!live) return;
      const has = result.ok ? result.data?.has_submitted_auth_plastic_bag : false;
      setAnswer({ clientId, allowed: has === true || has === 1 });
    });
    return () => {
      live = false;
    };
  }, [api, clientId, round]);

  const refresh = useCallback(() => setRound((n) => n + 1), []);
  const allowed = answer && answer.clientId === clientId ? answer.allowed : null;
  return useMemo(() => ({ allowed, refresh }), [allowed, refresh]);
}

/** The Layout's shared access, or null outside the Layout. */
export function useSharedRecycledAccess(): RecycledAccess | null {
  return useContext(RecycledAccessContext);
}

/** The access as seen by a page: the Layout's when there is one, else its own check. */
export function useRecycledAccess(clientId: number | undefined): RecycledAccess {
  const shared = useSharedRecycledAccess();
  // Hooks run unconditionally; without a client id the own check stays idle.
  const own = useRecycledAccessState(shared ? undefined : clientId);
  return shared ?? own;
}
