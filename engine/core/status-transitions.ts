import type { LifecycleStatus } from './definition-types';
import { STATUS } from './status-presentation';

/**
 * The moves staff may make between statuses (spec 01 section 4, spec 02 section 4), read by the
 * staff command and the server: an application is decided only after it was submitted, a decision
 * (approved, rejected) is final, and a returned application comes back by its applicant's
 * resubmission, not by staff. The applicant's own moves (submit, resubmit, accept or deny approval
 * conditions) are the submit calls' and `applicant-confirmation`'s.
 */

/** Status 3: under review again after the applicant denied the approval conditions (spec: "others"). */
export const UNDER_REVIEW_STATUS = 3;

/**
 * Where an applicant task (`tasks` of service.json) may move the application: back to the authority,
 * submitted or under review. An applicant never decides their own application.
 */
export const APPLICANT_TASK_STATUSES: readonly number[] = [STATUS.submitted, UNDER_REVIEW_STATUS];

const REVIEW = [
  // Taken up for review ("others": UNDER REVIEW), e.g. once the audit's report is in.
  UNDER_REVIEW_STATUS,
  STATUS.departmentApproved,
  STATUS.approved,
  STATUS.returned,
  STATUS.rejected,
  STATUS.proposeToApprove,
] as const;

const STAFF_MOVES: Readonly<Record<number, readonly number[]>> = {
  [STATUS.submitted]: REVIEW,
  [UNDER_REVIEW_STATUS]: REVIEW,
  [STATUS.departmentApproved]: REVIEW,
  [STATUS.proposeToApprove]: REVIEW,
  // Returned: the applicant corrects it; staff may only close it.
  [STATUS.returned]: [STATUS.rejected],
};

/**
 * The statuses staff may move an application at `from` to with a plain move (none for a draft or a
 * final decision); a service's own status (`lifecycle.statuses`) lists its moves itself. The
 * statuses its actions reach are reached through those actions (engine/core/lifecycle).
 */
export function staffMovesFrom(from: number, statuses: readonly LifecycleStatus[] = []): readonly number[] {
  return statuses.find((status) => status.id === from)?.staffMoves ?? STAFF_MOVES[from] ?? [];
}

/** Whether staff may move an application from `from` to `to` with a plain move. */
export function canStaffMove(from: number, to: number, statuses: readonly LifecycleStatus[] = []): boolean {
  return from !== to && staffMovesFrom(from, statuses).includes(to);
}

/** Why a plain move is refused, in words for staff (null when it is allowed). */
export function refusedMove(from: number, to: number, statuses: readonly LifecycleStatus[] = []): string | null {
  if (canStaffMove(from, to, statuses)) return null;
  if (from === STATUS.draft) return 'A draft has not been submitted: it cannot be decided.';
  if (from === STATUS.approved || from === STATUS.rejected) return 'The application has been decided already.';
  if (from === to) return `The application is at status ${to} already.`;
  const allowed = staffMovesFrom(from, statuses);
  return `An application at status ${from} can move to ${allowed.join(', ')}, not ${to}.`;
}
