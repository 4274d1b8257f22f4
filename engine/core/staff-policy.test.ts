import { describe, expect, it } from 'vitest';
import {
  claimOfGrants,
  grantsFromClaim,
  isStaffRole,
  mayGrant,
  mayTake,
  mayView,
  mayWork,
  visibleServices,
  workingRoleOn,
  type RoleGrant,
} from './staff-policy';

const nobody = () => [];

describe('the staff policy', () => {
  it("reads a holder's working role on a service: the highest of its grants there and on every service", () => {
    const grants: RoleGrant[] = [
      { service: 'plastics', role: 'viewer' },
      { service: '*', role: 'reviewer' },
      { service: 'disposal', role: 'approver' },
      { service: 'plastics', role: 'admin' },
    ];
    expect(workingRoleOn(grants, 'plastics')).toBe('reviewer');
    expect(workingRoleOn(grants, 'disposal')).toBe('approver');
    expect(workingRoleOn([{ service: 'plastics', role: 'admin' }], 'plastics')).toBeNull();
    expect(workingRoleOn([], 'plastics')).toBeNull();
  });

  it('lets a viewer read, a reviewer work, an admin grant (and read nothing by itself)', () => {
    const viewer: RoleGrant[] = [{ service: 'plastics', role: 'viewer' }];
    const admin: RoleGrant[] = [{ service: 'plastics', role: 'admin' }];
    expect([mayView(viewer, 'plastics'), mayWork(viewer, 'plastics'), mayGrant(viewer, 'plastics')]).toEqual([
      true,
      false,
      false,
    ]);
    expect(mayView(viewer, 'disposal')).toBe(false);
    expect([mayView(admin, 'plastics'), mayGrant(admin, 'plastics'), mayGrant(admin, 'disposal')]).toEqual([
      false,
      true,
      false,
    ]);
    expect(mayGrant([{ service: '*', role: 'admin' }], 'disposal')).toBe(true);
    expect(mayWork([{ service: '*', role: 'approver' }], 'disposal')).toBe(true);
    expect(visibleServices(viewer, ['plastics', 'disposal'])).toEqual(['plastics']);
  });

  it("takes a row with the row's role or above (a reviewer's when it names none), naming what is missing", () => {
    const reviewer = { name: 'rita', grants: [{ service: 'plastics', role: 'reviewer' } as RoleGrant] };
    const approver = { name: 'abe', grants: [{ service: '*', role: 'approver' } as RoleGrant] };
    expect(mayTake(reviewer, 'plastics', { name: 'return' }, nobody)).toEqual({ allowed: true });
    expect(mayTake(approver, 'plastics', { name: 'return' }, nobody)).toEqual({ allowed: true });
    expect(mayTake(reviewer, 'plastics', { name: 'approve', role: 'approver' }, nobody)).toEqual({
      allowed: false,
      reason: "Taking 'approve' needs the approver role on this service; you are a reviewer.",
    });
    expect(mayTake(reviewer, 'disposal', { name: 'return' }, nobody)).toEqual({
      allowed: false,
      reason: "Taking 'return' needs the reviewer role on this service.",
    });
    expect(mayTake(approver, 'disposal', { name: 'approve', role: 'approver' }, nobody).allowed).toBe(true);
  });

  it('keeps four eyes: who took an earlier transition the row is separate from may not take it', () => {
    const row = { name: 'approve', role: 'approver' as const, separateFrom: ['propose-approval'] };
    const grants: RoleGrant[] = [{ service: 'plastics', role: 'approver' }];
    const takers = (name: string) => (name === 'propose-approval' ? ['abe'] : []);
    expect(mayTake({ name: 'abe', grants }, 'plastics', row, takers)).toEqual({
      allowed: false,
      reason: "Four eyes: you took 'propose-approval' on this application, so someone else must take 'approve'.",
    });
    expect(mayTake({ name: 'bea', grants }, 'plastics', row, takers)).toEqual({ allowed: true });
    // The role is judged first: a reviewer who proposed is told of the role.
    expect(
      mayTake({ name: 'abe', grants: [{ service: 'plastics', role: 'reviewer' }] }, 'plastics', row, takers),
    ).toMatchObject({ reason: expect.stringContaining('needs the approver role') });
  });

  it("reads grants from an identity provider's roles claim, and writes them back", () => {
    expect(
      grantsFromClaim(['/ecopermit/plastics:reviewer', 'approver', 'staff', 'x:boss', 'plastics:reviewer']),
    ).toEqual([
      { service: 'plastics', role: 'reviewer' },
      { service: '*', role: 'approver' },
    ]);
    expect(grantsFromClaim('plastics:viewer, *:admin')).toEqual([
      { service: 'plastics', role: 'viewer' },
      { service: '*', role: 'admin' },
    ]);
    expect(grantsFromClaim(42)).toEqual([]);
    expect(claimOfGrants([{ service: '*', role: 'admin' }])).toEqual(['*:admin']);
    expect([isStaffRole('approver'), isStaffRole('boss'), isStaffRole(1)]).toEqual([true, false, false]);
  });
});
