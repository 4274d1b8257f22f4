/**
 * The top bar's notifications: the applications whose status the authority changed since the
 * applicant last looked. What the applicant last saw (each application's presented status) is kept
 * in this browser per account; on the first visit everything counts as seen, so a newcomer starts
 * with none. Changes the applicant makes (a draft submitted, a correction resubmitted) are no news.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { isPlatformStatus, presentStatus } from '../../engine/core';
import { useApiQuery } from '../../engine/react';
import { applicationsPath, type ApplicationSummary, type ApplicationsPage } from '../applications-list';

/** Application id -> the status label the applicant last saw. */
export type SeenStatuses = Record<string, string>;

/**
 * The status label an application is seen with: the platform's presentation, or for a status of a
 * service's own (`lifecycle.statuses`, not known here without the definitions) the name the API
 * gives it, so a move between two of those is news too.
 */
export function seenLabel(application: ApplicationSummary): string {
  if (isPlatformStatus(application.application_status_id)) return presentStatus(application).label;
  return application.application_status?.name ?? presentStatus(application).label;
}

/** Statuses an applicant's own action leads to: not news to them. */
const OWN_ACTIONS = new Set(['draft', 'SUBMITTED', 'Re-Submitted']);

const storageKey = (clientId: number) => `seen-statuses:${clientId}`;

/** The applications of `list` whose status changed from the one seen, to one the authority set. */
export function statusChanges(seen: SeenStatuses | null, list: ApplicationSummary[]): ApplicationSummary[] {
  if (!seen) return [];
  return list.filter((application) => {
    const before = seen[String(application.id)];
    const now = seenLabel(application);
    return before !== undefined && before !== now && !OWN_ACTIONS.has(now);
  });
}

/** `seen` with the statuses of `list` as the applicant sees them now. */
export function withSeen(seen: SeenStatuses | null, list: ApplicationSummary[]): SeenStatuses {
  const next: SeenStatuses = { ...seen };
  for (const application of list) next[String(application.id)] = seenLabel(application);
  return next;
}

function readSeen(clientId: number): SeenStatuses | null {
  try {
    const stored = globalThis.localStorage?.getItem(storageKey(clientId));
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as SeenStatuses) : null;
  } catch {
    return null;
  }
}

function writeSeen(clientId: number, seen: SeenStatuses): void {
  try {
    globalThis.localStorage?.setItem(storageKey(clientId), JSON.stringify(seen));
  } catch {
    // Storage full or refused: the same news shows again next time, nothing is lost.
  }
}

/**
 * The status changes of the client's latest applications (the first page of the list, shared with
 * the dashboard's cache) and `markSeen`, which the top bar calls when the applicant opens them.
 */
export function useStatusNotifications(clientId: number | undefined): {
  changes: ApplicationSummary[];
  markSeen: () => void;
} {
  const list = useApiQuery<ApplicationsPage>(clientId === undefined ? null : applicationsPath(clientId, 1)).data?.items;
  const [seen, setSeen] = useState<SeenStatuses | null>(() => (clientId === undefined ? null : readSeen(clientId)));
  useEffect(() => setSeen(clientId === undefined ? null : readSeen(clientId)), [clientId]);
  useEffect(() => {
    // The first visit on this browser: what is there now is the starting point.
    if (clientId === undefined || !list || readSeen(clientId)) return;
    const baseline = withSeen(null, list);
    writeSeen(clientId, baseline);
    setSeen(baseline);
  }, [clientId, list]);
  const changes = useMemo(() => statusChanges(seen, list ?? []), [seen, list]);
  const markSeen = useCallback(() => {
    if (clientId === undefined || !list) return;
    const next = withSeen(readSeen(clientId), list);
    writeSeen(clientId, next);
    setSeen(next);
  }, [clientId, list]);
  return { changes, markSeen };
}
