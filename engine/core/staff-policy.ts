/**
 * Who on the staff may do what: the one policy the console, the staff HTTP API and the staff command
 * ask. Roles are granted per service (its key) or on every service (`*`):
 *
 * - viewer: reads the service's applications (queue, answers, documents, history, notes);
 * - reviewer: a viewer who writes notes, takes and hands over applications, and takes the rows of the
 *   transition table that ask for a reviewer (a row's `role`, a reviewer's when it names none);
 * - approver: a reviewer who also takes the rows that ask for an approver;
 * - admin: grants and withdraws roles (on its service, or on all with `*`); it reads nothing by itself.
 *
 * A row may also name earlier transitions whose takers may not take it (`separateFrom`: four eyes, the
 * approver is not the reviewer who proposed). Pure: the caller gives the grants and who took what.
 */

/** The roles, least first. */
export const STAFF_ROLES = ['viewer', 'reviewer', 'approver', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The service a grant is on: a service key, or every service. */
export const EVERY_SERVICE = '*';

/** A role on a service (`*`: every service). */
export interface RoleGrant {
  service: string;
  role: StaffRole;
}

/** A staff member as the policy sees them: their name, their grants, and the session they act in. */
export interface StaffActor {
  name: string;
  grants: readonly RoleGrant[];
  /** What they act through: a console session's id, `key` (the staff API's key) or `command`. */
  session: string;
}

/** What a transition row says of who may take it. */
export interface TransitionPolicy {
  name: string;
  /** The least role that takes it (reviewer when absent). */
  role?: 'reviewer' | 'approver';
  /** Transitions whose takers on this application may not take this one (four eyes). */
  separateFrom?: readonly string[];
}

/** A refusal: why, in words for the person refused. */
export interface PolicyRefusal {
  allowed: false;
  reason: string;
}
export type PolicyVerdict = { allowed: true } | PolicyRefusal;

const WORKING_RANK: Record<Exclude<StaffRole, 'admin'>, number> = { viewer: 1, reviewer: 2, approver: 3 };

/** Whether `role` is one of the four. */
export function isStaffRole(role: unknown): role is StaffRole {
  return typeof role === 'string' && (STAFF_ROLES as readonly string[]).includes(role);
}

/** The highest working role (viewer, reviewer, approver) `grants` give on `service`, or null. */
export function workingRoleOn(grants: readonly RoleGrant[], service: string): Exclude<StaffRole, 'admin'> | null {
  let best: Exclude<StaffRole, 'admin'> | null = null;
  for (const grant of grants) {
    if (grant.role === 'admin' || (grant.service !== service && grant.service !== EVERY_SERVICE)) continue;
    if (!best || WORKING_RANK[grant.role] > WORKING_RANK[best]) best = grant.role;
  }
  return best;
}

/** Whether the grants let their holder read the applications of `service`. */
export function mayView(grants: readonly RoleGrant[], service: string): boolean {
  return workingRoleOn(grants, service) !== null;
}

/** Whether the grants let their holder write notes on and take or hand over `service`'s applications. */
export function mayWork(grants: readonly RoleGrant[], service: string): boolean {
  const role = workingRoleOn(grants, service);
  return role === 'reviewer' || role === 'approver';
}

/** Whether the grants let their holder grant or withdraw roles on `service` (`*`: on every service). */
export function mayGrant(grants: readonly RoleGrant[], service: string): boolean {
  return grants.some(
    (grant) => grant.role === 'admin' && (grant.service === EVERY_SERVICE || grant.service === service),
  );
}

/**
 * Whether the grants let their holder set or lift a legal hold on `service`'s applications (keeping
 * them from the retention job): an approver, who decides them, or an admin of the service.
 */
export function mayHold(grants: readonly RoleGrant[], service: string): boolean {
  return workingRoleOn(grants, service) === 'approver' || mayGrant(grants, service);
}

/** The services of `services` whose applications the grants let their holder read. */
export function visibleServices(grants: readonly RoleGrant[], services: readonly string[]): string[] {
  return services.filter((service) => mayView(grants, service));
}

/**
 * Whether `actor` may take `row` on an application of `service`, given who took which transition on
 * it before (`takers(name)`: the names of the staff who took transition `name`). Refuses with the
 * reason: no role on the service, a role below the row's, or four eyes.
 */
export function mayTake(
  actor: Pick<StaffActor, 'name' | 'grants'>,
  service: string,
  row: TransitionPolicy,
  takers: (transition: string) => readonly string[],
): PolicyVerdict {
  const role = workingRoleOn(actor.grants, service);
  const needed = row.role ?? 'reviewer';
  if (!role || WORKING_RANK[role] < WORKING_RANK[needed])
    return {
      allowed: false,
      reason: `Taking '${row.name}' needs the ${needed} role on this service${role ? `; you are a ${role}` : ''}.`,
    };
  for (const earlier of row.separateFrom ?? []) {
    if (takers(earlier).includes(actor.name))
      return {
        allowed: false,
        reason: `Four eyes: you took '${earlier}' on this application, so someone else must take '${row.name}'.`,
      };
  }
  return { allowed: true };
}

/**
 * Grants read from an identity provider's roles claim: each value `<service>:<role>`, `*:<role>`, or a
 * bare `<role>` (every service). A group path's last segment is read (`/ecopermit/plastics:reviewer`).
 * Values that name no role are ignored: a provider's other groups are none of the portal's business.
 */
export function grantsFromClaim(claim: unknown): RoleGrant[] {
  const values = Array.isArray(claim) ? claim : typeof claim === 'string' ? claim.split(/[\s,]+/) : [];
  const grants: RoleGrant[] = [];
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const last = value.split('/').pop() ?? '';
    const colon = last.lastIndexOf(':');
    const service = colon >= 0 ? last.slice(0, colon) : EVERY_SERVICE;
    const role = colon >= 0 ? last.slice(colon + 1) : last;
    if (isStaffRole(role) && service !== '' && !grants.some((g) => g.service === service && g.role === role))
      grants.push({ service, role });
  }
  return grants;
}

/** The claim values that stand for `grants` (the embedded provider's roles claim). */
export function claimOfGrants(grants: readonly RoleGrant[]): string[] {
  return grants.map((grant) => `${grant.service}:${grant.role}`);
}
