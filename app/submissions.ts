import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateApiPaths } from '../engine/react';
import { applicationsPath, statisticsPath } from './applications-list';
import { type ServiceDefinition, allUnlocks, unlockCheckPath } from '../engine/core';
import { useDefinitions } from './definitions-context';
import { DRAFTS_PATH } from './pages/draft-offer';

/**
 * The API answers a submission changes: the client's counts and applications (dashboard) and the
 * checks of the portal features services open (Recycled opens with the first plastics authorization).
 */
export function submissionChangedPaths(clientId: number, definitions: readonly ServiceDefinition[]): string[] {
  const checks = allUnlocks(definitions).map(({ unlock }) => unlockCheckPath(unlock, clientId));
  // The drafts offered to be continued: the one submitted is no longer among them.
  return [statisticsPath(clientId), applicationsPath(clientId), DRAFTS_PATH, ...checks];
}

/**
 * The wizard's `onSubmitted` of the portal: marks what a submission changed, so what is on screen
 * (the sidebar's Recycled entry) is read again at once and the rest when next shown.
 */
export function useSubmissionRefresh(clientId: number | undefined): () => void {
  const queryClient = useQueryClient();
  const state = useDefinitions();
  const definitions = state.status === 'ready' ? state.definitions : NO_DEFINITIONS;
  return useCallback(() => {
    if (clientId !== undefined) void invalidateApiPaths(queryClient, submissionChangedPaths(clientId, definitions));
  }, [queryClient, clientId, definitions]);
}

const NO_DEFINITIONS: ServiceDefinition[] = [];
