import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateApiPaths } from '../engine/react/use-api-query';
import { applicationsPath, statisticsPath } from './pages/dashboard-page';
import { recycledCheckPath } from './recycled/recycled-access';

/**
 * The API answers a submission changes: the client's counts and applications (dashboard) and the
 * client check that opens Recycled (the first plastics authorization).
 */
export function submissionChangedPaths(clientId: number): string[] {
  return [statisticsPath(clientId), applicationsPath(clientId), recycledCheckPath(clientId)];
}

/**
 * The wizard's `onSubmitted` of the portal: marks what a submission changed, so what is on screen
 * (the sidebar's Recycled entry) is read again at once and the rest when next shown.
 */
export function useSubmissionRefresh(clientId: number | undefined): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    if (clientId !== undefined) void invalidateApiPaths(queryClient, submissionChangedPaths(clientId));
  }, [queryClient, clientId]);
}
