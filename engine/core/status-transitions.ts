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
  STATUS.torApproved,
  STATUS.conditionallyApproved,
] as const;

const STAFF_MOVES: Readonly<Record<number, readonly number[]>> = {
  [STATUS.submitted]: REVIEW,
  [UNDER_REVIEW_STATUS]: REVIEW,
  [STATUS.departmentApproved]: REVIEW,
  [STATUS.proposeToApprove]: REVIEW,
  [STATUS.torApproved]: REVIEW,
  // Conditions awaiting the applicant's answer: staff may still return, reject or approve outright.
  [STATUS.conditionallyApproved]: [STATUS.approved, STATUS.returned, STATUS.rejected],
  // Returned: the applicant corrects it; staff may only close it.
  [STATUS.returned]: [STATUS.rejected],
};

/** The statuses staff may move an application at `from` to (none for a draft or a final decision). */
export function staffMovesFrom(from: number): readonly number[] {
  return STAFF_MOVES[from] ?? [];
}

/** Whether staff may move an application from `from` to `to`. */
export function canStaffMove(from: number, to: number): boolean {
  return from !== to && staffMovesFrom(from).includes(to);
}

/** Why a move is refused, in words for staff (null when it is allowed). */
export function refusedMove(from: number, to: number): string | null {
  if (canStaffMove(from, to)) return null;
  if (from === STATUS.draft) return 'A draft has not been submitted: it cannot be decided.';
  if (from === STATUS.approved || from === STATUS.rejected) return 'The application has been decided already.';
  if (from === to) return `The application is at status ${to} already.`;
  const allowed = staffMovesFrom(from);
  return `An application at status ${from} can move to ${allowed.join(', ')}, not ${to}.`;
}
