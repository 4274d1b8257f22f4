/**
 * How an application's status is shown (spec 01 section 4): label, badge colour, whether the
 * applicant may edit it and whether it counts as approved (certificate available). The platform's
 * statuses are here; a service's own (`lifecycle.statuses` of service.json) come with its definition.
 */
import type { LifecycleStatus } from './definition-types';

/** Status ids of the spec. */
export const STATUS = {
  draft: 1,
  submitted: 2,
  departmentApproved: 5,
  approved: 6,
  returned: 7,
  rejected: 9,
  proposeToApprove: 10,
} as const;

/** Whether a status is one of the platform's (those above, and 3, under review). */
export function isPlatformStatus(id: number): boolean {
  return id === 3 || (Object.values(STATUS) as number[]).includes(id);
}

export type StatusColour = 'success' | 'warning' | 'error' | 'dark' | 'info';

/**
 * What happens next, as the application's view tells the applicant under its status (a key of the
 * portal's `view.next.*` texts; a service's own status brings its text, `nextText`).
 */
export type StatusNext = 'draft' | 'received' | 'review' | 'approved' | 'returned' | 'rejected' | 'service';

export interface StatusPresentation {
  label: string;
  colour: StatusColour;
  /** Only returned applications are editable. */
  editable: boolean;
  /** Approved with a certificate to show. */
  approved: boolean;
  /** What happens next. */
  next: StatusNext;
  /** The service's own text of what happens next (`next` is then `service`). */
  nextText?: string;
}

export interface StatusFacts {
  application_status_id: number;
  resubmitted?: boolean | number | null;
  manually_processed?: boolean | number | null;
  final_certificate_uploaded?: boolean | number | null;
}

const UNDER_REVIEW: StatusPresentation = {
  label: 'UNDER REVIEW',
  colour: 'info',
  editable: false,
  approved: false,
  next: 'review',
};

/**
 * Label, colour and flags of an application's status; `statuses` are its service's own
 * (`serviceStatuses` of engine/core/lifecycle), which override the platform's of the same id.
 */
export function presentStatus(app: StatusFacts, statuses: readonly LifecycleStatus[] = []): StatusPresentation {
  const own = statuses.find((status) => status.id === app.application_status_id);
  if (own)
    return {
      label: own.label,
      colour: own.colour,
      editable: false,
      approved: false,
      next: 'service',
      nextText: own.next,
    };
  const plain = (label: string, next: StatusNext, colour: StatusColour = 'info'): StatusPresentation => ({
    label,
    colour,
    editable: false,
    approved: false,
    next,
  });
  switch (app.application_status_id) {
    case STATUS.draft:
      return plain('draft', 'draft');
    case STATUS.submitted:
      return plain(app.resubmitted ? 'Re-Submitted' : 'SUBMITTED', 'received');
    case STATUS.departmentApproved:
      return plain('Department Approved', 'review');
    case STATUS.approved:
      // A manual process is only approved for the applicant once its certificate is uploaded.
      if (app.manually_processed && !app.final_certificate_uploaded) return UNDER_REVIEW;
      return { label: 'APPROVED', colour: 'success', editable: false, approved: true, next: 'approved' };
    case STATUS.returned:
      return { label: 'RETURNED', colour: 'warning', editable: true, approved: false, next: 'returned' };
    case STATUS.rejected:
      return plain('REJECTED', 'rejected', 'error');
    case STATUS.proposeToApprove:
      return plain('Propose to Approve', 'review');
    default:
      return UNDER_REVIEW;
  }
}

/** Where an application counts in the statistics (drafts are not counted at all). */
export type StatisticsBucket = 'approved' | 'rejected' | 'processing';

/**
 * The statistics' bucket of an application, from its presentation: approved only when the applicant
 * sees it approved (a manual process without its certificate is still processing), rejected at 9,
 * processing otherwise.
 */
export function statisticsBucket(app: StatusFacts): StatisticsBucket {
  if (presentStatus(app).approved) return 'approved';
  return app.application_status_id === STATUS.rejected ? 'rejected' : 'processing';
}

export interface FlowHistory {
  application_status_id: number;
  comment_to_applicant?: string | null;
  created_at?: string | null;
}

/**
 * Comment of the latest history entry with status 7 (returned): latest by `created_at` when the
 * entries carry it, otherwise the last one in the list. Null when there is none.
 */
export function latestReturnComment(histories: readonly FlowHistory[] | null | undefined): string | null {
  let best: FlowHistory | undefined;
  let bestIndex = -1;
  (histories ?? []).forEach((entry, index) => {
    if (entry.application_status_id !== STATUS.returned) return;
    if (!best) {
      best = entry;
      bestIndex = index;
      return;
    }
    const a = best.created_at ? Date.parse(best.created_at) : NaN;
    const b = entry.created_at ? Date.parse(entry.created_at) : NaN;
    if (Number.isNaN(a) || Number.isNaN(b) ? index > bestIndex : b >= a) {
      best = entry;
      bestIndex = index;
    }
  });
  return best?.comment_to_applicant ?? null;
}
