/**
 * The staff accounts' roles over the staff API, for staff admins (an extension, like the staff API):
 *
 *   GET staff/accounts                 every account (never its key) with its roles on the services
 *                                      the caller administers
 *   PUT staff/accounts/{name}/roles    [{ service, role }]: every role the account is to hold
 *
 * Who may is the one staff policy's (engine/core/staff-policy.ts `mayGrant`): an admin on a service
 * (or on every one, `*`) grants and withdraws roles on it; a change touching any other service is a
 * 403. The command does the same (`npm run staff -- grant | revoke`), through the same module
 * (server/staff-accounts.ts).
 */
import { staffOfRequest } from '../staff-auth/staff-request';
import type { FastifyInstance } from 'fastify';
import { mayGrant, type RoleGrant, type StaffActor } from '../../engine/core';
import type { AppContext } from '../context';
import { HttpError, ok, ValidationError } from '../http';
import { activeStaff, grantProblems, grantsGivenHere, listStaff, setRoles, type GrantInput } from '../staff-accounts';
import { answers, list } from '../contract/answers';
import { ROLES_BODY, STAFF_ACCOUNT, STAFF_ROLES_SET } from '../contract/staff-accounts';
import { paramsSchema } from '../route-schemas';

/** Refuses (403) a staff member who administers no service. */
function adminOnly(staff: StaffActor): void {
  if (!staff.grants.some((grant) => grant.role === 'admin'))
    throw new HttpError(403, `${staff.name} is no staff admin: only an admin manages roles.`);
}

/** The services whose roles change when `held` becomes `wanted` (granted or withdrawn). */
function touchedServices(held: readonly RoleGrant[], wanted: readonly GrantInput[]): string[] {
  const has = (grants: readonly GrantInput[], grant: GrantInput) =>
    grants.some((g) => g.service === grant.service && g.role === grant.role);
  const changed = [...held.filter((g) => !has(wanted, g)), ...wanted.filter((g) => !has(held, g))];
  return [...new Set(changed.map((grant) => grant.service))];
}

/** Registers the staff accounts' routes. */
export function staffAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const keyMs = ctx.config.limits.staffKeyMs;
  // Public for the applicants' token check: each route checks its staff key instead.
  const staffOnly = { config: { public: true } };

  app.get(
    '/staff/accounts',
    {
      ...staffOnly,
      schema: {
        summary: 'The staff accounts with their roles (staff admins)',
        description:
          'Every staff account (never its key), with its roles on the services the caller administers. 403 for who administers none.',
        response: answers({ 200: list(STAFF_ACCOUNT) }),
      },
    },
    async (request, reply) => {
      const staff = await staffOfRequest(ctx, request);
      adminOnly(staff);
      const accounts = await listStaff(db, keyMs);
      return ok(
        reply,
        accounts.map((account) => ({
          ...account,
          roles: account.roles.filter((grant) => mayGrant(staff.grants, grant.service)),
        })),
      );
    },
  );

  app.put<{ Params: { name: string }; Body: GrantInput[] }>(
    '/staff/accounts/:name/roles',
    {
      ...staffOnly,
      preValidation: async (request) => {
        // The key is judged before the body: a request without one is refused as such.
        await staffOfRequest(ctx, request);
      },
      schema: {
        summary: "Sets a staff account's roles (staff admins)",
        description:
          "The list is every role the account is to hold besides its identity provider's: those given here (by the command or a staff admin) that the list leaves out are withdrawn. A role from the provider stays whatever the list says (the provider gives and withdraws it at each sign-in); listing it makes it a role given here, kept when the provider withdraws it. Each service whose roles change must be one the caller administers (403 otherwise); 404 for no such account, 422 for a service that is not loaded or a role that is none.",
        params: paramsSchema(['name']),
        body: ROLES_BODY,
        response: answers({ 200: STAFF_ROLES_SET }),
      },
    },
    async (request, reply) => {
      const staff = await staffOfRequest(ctx, request);
      adminOnly(staff);
      const { name } = request.params;
      const target = await activeStaff(db, name);
      const services = ctx.definitions.map((definition) => definition.key);
      const problems = grantProblems(request.body, services, (i, part) => `${i}.${part}`);
      if (problems.length > 0) throw new ValidationError(problems);
      // The provider's grants are not changed by the list (setRoles): only those given here count.
      const refused = touchedServices(await grantsGivenHere(db, target.id), request.body).filter(
        (service) => !mayGrant(staff.grants, service),
      );
      if (refused.length > 0)
        throw new HttpError(403, `${staff.name} may not grant or withdraw roles on ${refused.join(', ')}.`);
      const roles = await setRoles(db, name, request.body, services, `staff:${staff.name}`);
      return ok(reply, { name, roles });
    },
  );
}
