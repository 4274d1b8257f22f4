/**
 * The answers and bodies of the staff accounts' routes (server/routes/staff-accounts.ts): the
 * accounts with their roles per service, and the roles an admin gives one.
 */
import { STAFF_ROLES } from '../../engine/core';
import { list, nullableText, object, text, type Schema } from './answers';

/** A role on a service (`*`: every service). */
export const ROLE_GRANT: Schema = object({ service: text, role: text }, ['service', 'role']);

/** An account as an admin sees it: never its key; its roles on the services the admin grants on. */
export const STAFF_ACCOUNT: Schema = object(
  {
    name: text,
    created_at: text,
    last_used_at: nullableText,
    key_expires_at: text,
    removed_at: nullableText,
    roles: list(ROLE_GRANT),
  },
  ['name', 'roles'],
);

/** An account's roles after they were set. */
export const STAFF_ROLES_SET: Schema = object({ name: text, roles: list(ROLE_GRANT) }, ['name', 'roles']);

/** The body of `PUT staff/accounts/{name}/roles`: every role the account is to hold. */
export const ROLES_BODY = {
  type: 'array',
  maxItems: 200,
  description: `Every role the account is to hold (those it holds and the list leaves out are withdrawn): a service key or * and one of ${STAFF_ROLES.join(', ')}.`,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['service', 'role'],
    properties: {
      service: {
        type: 'string',
        minLength: 1,
        maxLength: 100,
        description: 'A loaded service key, or * for every service.',
      },
      role: { type: 'string', minLength: 1, maxLength: 20, description: `One of ${STAFF_ROLES.join(', ')}.` },
    },
  },
} as const;
