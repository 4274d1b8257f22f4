import { describe, expect, it } from 'vitest';
import { STATUS } from './status-presentation';
import { canStaffMove, refusedMove, staffMovesFrom, UNDER_REVIEW_STATUS } from './status-transitions';

describe('staff moves', () => {
  it('decides only submitted applications, along the review', () => {
    expect(canStaffMove(STATUS.submitted, STATUS.returned)).toBe(true);
    expect(canStaffMove(UNDER_REVIEW_STATUS, STATUS.approved)).toBe(true);
    expect(canStaffMove(STATUS.draft, STATUS.rejected)).toBe(false);
    expect(staffMovesFrom(STATUS.draft)).toEqual([]);
  });

  it('keeps decisions final and lets the applicant bring a returned application back', () => {
    for (const to of [STATUS.submitted, STATUS.returned, STATUS.approved])
      expect(canStaffMove(STATUS.approved, to)).toBe(false);
    expect(staffMovesFrom(STATUS.rejected)).toEqual([]);
    expect(canStaffMove(STATUS.returned, STATUS.submitted)).toBe(false);
    expect(canStaffMove(STATUS.returned, STATUS.rejected)).toBe(true);
  });

  it("takes a service's own statuses from its lifecycle: their moves, none to them by a plain move", () => {
    const statuses = [{ id: 40, label: 'Booked', colour: 'info' as const, next: 'Wait.', staffMoves: [3, 9] }];
    expect(canStaffMove(40, UNDER_REVIEW_STATUS, statuses)).toBe(true);
    expect(canStaffMove(40, STATUS.approved, statuses)).toBe(false);
    expect(canStaffMove(STATUS.submitted, 40, statuses)).toBe(false);
    expect(refusedMove(40, STATUS.approved, statuses)).toBe('An application at status 40 can move to 3, 9, not 6.');
    // Without the service's statuses, 40 is an unknown status: nothing leaves it.
    expect(staffMovesFrom(40)).toEqual([]);
  });

  it('says why a move is refused', () => {
    expect(refusedMove(STATUS.submitted, STATUS.approved)).toBeNull();
    expect(refusedMove(STATUS.draft, STATUS.rejected)).toBe('A draft has not been submitted: it cannot be decided.');
    expect(refusedMove(STATUS.approved, STATUS.returned)).toBe('The application has been decided already.');
    expect(refusedMove(STATUS.returned, STATUS.returned)).toBe('The application is at status 7 already.');
    expect(refusedMove(STATUS.returned, STATUS.approved)).toBe('An application at status 7 can move to 9, not 6.');
  });
});
