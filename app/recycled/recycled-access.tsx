import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type FeatureUnlock, type ServiceDefinition, isUnlocked, unlockCheckPath, unlockOf } from '../../engine/core';
import { invalidateApiPaths, useApiQuery } from '../../engine/react';
import { useDefinitions } from '../definitions-context';

/** The portal feature of this folder: the recycled-plastic reports (spec 01 "Recycled"). */
export const RECYCLED_FEATURE = 'recycled-reports';

/**
 * Whether the client may report recycled quantities, as the service that opens the reports declares
 * it (`unlocks` of its service.json: the plastic bags authorisation, whose first submission opens
 * them). `allowed` is null until known; `route` is the reports' page and `opener` the service that
 * opens them (for the way there), undefined while the definitions load or when no service opens the
 * reports (then they are open to everyone, as the server has it).
 */
export interface RecycledAccess {
  allowed: boolean | null;
  route: string | undefined;
  opener: ServiceDefinition | undefined;
  /** Asks the server again, e.g. when the user comes back to the dashboard. */
  refresh: () => void;
}

/**
 * Reads the check of the unlock when the client id is known. The Layout (sidebar entry) and the
 * Recycled page read the one cached answer; it is asked again only when invalidated (a submission,
 * see app/submissions.ts) or on `refresh()`. A failed check counts as not allowed: the entry stays hidden.
 */
export function useRecycledAccess(clientId: number | undefined): RecycledAccess {
  const queryClient = useQueryClient();
  const definitions = useDefinitions();
  const ready = definitions.status === 'ready';
  const opening = ready ? unlockOf(definitions.definitions, RECYCLED_FEATURE) : undefined;
  const unlock: FeatureUnlock | undefined = opening?.unlock;
  const path = clientId === undefined || !unlock ? null : unlockCheckPath(unlock, clientId);
  const select = useCallback((answer: unknown) => (unlock ? isUnlocked(unlock, answer) : true), [unlock]);
  const check = useApiQuery<unknown, boolean>(path, { staleTime: Infinity, select });
  let allowed: boolean | null = null;
  if (ready && !unlock) allowed = true;
  else if (check.status === 'success') allowed = check.data ?? false;
  else if (check.status === 'error') allowed = false;
  const refresh = useCallback(() => {
    if (path !== null) void invalidateApiPaths(queryClient, [path]);
  }, [queryClient, path]);
  const route = unlock?.route;
  const opener = opening?.definition;
  return useMemo(() => ({ allowed, route, opener, refresh }), [allowed, route, opener, refresh]);
}
