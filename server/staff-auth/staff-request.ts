/**
 * Who on the staff makes a request: the holder of a staff key (`Authorization: Bearer staff_...`,
 * the staff API) or of a console session (its cookie). A request that carries an Authorization header
 * is judged by it alone: an applicant's token is refused here, and a staff cookie beside it is not
 * looked at. A session's unsafe requests (POST, PUT, PATCH, DELETE) must also carry its CSRF token
 * in `x-csrf-token`: a page of another site can make the browser send the cookie, never the token.
 * The applicants' routes read the Authorization header only (auth-hook.ts): a staff cookie gives
 * nothing there.
 */
import { timingSafeEqual } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { StaffActor } from '../../engine/core';
import type { AppContext } from '../context';
import { HttpError } from '../http';
import { STAFF_ONLY, staffActorOfKey } from '../staff-accounts';
import {
  findStaffSession,
  SESSION_COOKIE,
  STAFF_SESSION_ENDED,
  STAFF_SESSION_EXPIRED,
  type StaffSession,
} from './staff-sessions';

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_REFUSED =
  'This change needs the staff console’s CSRF token in the x-csrf-token header (GET /api/staff/session gives it).';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The session cookie's value of a request, if it carries one. */
export function sessionCookieOf(request: FastifyRequest): string | null {
  const value = fastifyCookie.parse(request.headers.cookie ?? '')[SESSION_COOKIE];
  return value && /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : null;
}

/**
 * The console session of the request's cookie (401 without a live one, or with an Authorization
 * header, an applicant's or a staff key: those have none); for an unsafe method, 403
 * unless `x-csrf-token` is the session's token.
 */
export async function staffSessionOf(ctx: AppContext, request: FastifyRequest): Promise<StaffSession> {
  // A request with an Authorization header is judged by it (staffOfRequest): it has no console session.
  const cookie = request.headers.authorization === undefined ? sessionCookieOf(request) : null;
  if (!cookie) throw new HttpError(401, STAFF_ONLY);
  const found = await findStaffSession(ctx.db, cookie, ctx.config.staffSignIn.sessionIdleMs);
  if ('refused' in found)
    throw new HttpError(401, found.refused === 'expired' ? STAFF_SESSION_EXPIRED : STAFF_SESSION_ENDED);
  if (UNSAFE.has(request.method)) {
    const sent = request.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || !sameText(sent, found.session.csrfToken)) throw new HttpError(403, CSRF_REFUSED);
  }
  return found.session;
}

/**
 * The staff member a request is made by, as the policy sees them: through a staff key (grants from
 * `staff_roles`, `session` = `key`) or a console session (grants the provider gave at sign-in,
 * `session` = the session's id). 401 STAFF_ONLY for anything else, an applicant's token included.
 */
export async function staffOfRequest(ctx: AppContext, request: FastifyRequest): Promise<StaffActor> {
  if (request.headers.authorization !== undefined)
    return staffActorOfKey(ctx.db, request, ctx.config.limits.staffKeyMs);
  const session = await staffSessionOf(ctx, request);
  return { name: session.name, grants: session.grants, session: String(session.id) };
}

/**
 * A staff route's gate: `routeOptions` makes a route public for the applicants' token check and
 * checks its staff member (key or console session) before its input is judged, so a request without
 * one is refused as such whatever it sends; `staffOf` answers that staff member in the handler.
 */
export function staffGate(ctx: AppContext) {
  const signedIn = new WeakMap<FastifyRequest, StaffActor>();
  return {
    routeOptions: {
      config: { public: true },
      preValidation: async (request: FastifyRequest) => {
        signedIn.set(request, await staffOfRequest(ctx, request));
      },
    },
    staffOf: async (request: FastifyRequest): Promise<StaffActor> =>
      signedIn.get(request) ?? (await staffOfRequest(ctx, request)),
  };
}
