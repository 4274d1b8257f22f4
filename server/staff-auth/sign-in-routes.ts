/**
 * The console's sign-in routes (an extension: the spec shows no staff side):
 *
 *   GET  staff/sign-in?return=/console/...  to the provider (PKCE S256, state, nonce in a signed cookie)
 *   GET  staff/callback                     the provider's answer: the claim's roles recorded
 *                                           (`recordProviderGrants`), a session cookie, then back to `return`;
 *                                           refused, back to the console's sign-in with `?sign_in_error=`
 *   GET  staff/session                      { name, grants, csrfToken } of the signed-in staff member, or 401
 *   POST staff/sign-out                     ends the session (x-csrf-token); answers the provider's
 *                                           end-session address, where the console sends the browser
 *
 * Public for the applicants' token check (auth-hook.ts): each reads the staff's own cookies. The
 * cookies are @fastify/cookie's, registered in this scope only.
 */
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { answers, list, nullableText, object, text, type Schema } from '../contract/answers';
import { HttpError, ok } from '../http';
import { NO_BODY } from '../route-schemas';
import {
  SIGN_IN_NOT_STARTED,
  SignInRefused,
  type PendingSignIn,
  type RelyingParty,
  type SignInRefusal,
} from './relying-party';
import { recordProviderGrants } from '../staff-accounts';
import { staffSessionOf } from './staff-request';
import { createStaffSession, endStaffSession, SESSION_COOKIE } from './staff-sessions';

/** The cookie that keeps a sign-in's state, nonce and verifier until the provider answers (signed). */
const PENDING_COOKIE = 'ecopermit_staff_sign_in';
const PENDING_SECONDS = 15 * 60;
const PENDING_PATH = '/api/staff';

/** Where the console is when no return address (or a foreign one) is given. */
export const CONSOLE_HOME = '/console';

/** The query parameter of a console page that says why the sign-in that led there was refused. */
export const SIGN_IN_ERROR_PARAM = 'sign_in_error';

/**
 * The console page `returnTo` (a path of the portal) telling why the sign-in was refused: the console
 * shows its sign-in page there, with the reason worded and a way to sign in again.
 */
export function refusedSignInPage(returnTo: string, refusal: SignInRefusal): string {
  const url = new URL(returnTo, 'http://portal.invalid');
  url.searchParams.set(SIGN_IN_ERROR_PARAM, refusal);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Whether a request asks for JSON rather than a page (a client of the API, not a browser the provider
 * sent back): its Accept names application/json and not text/html.
 */
function asksForJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

const REDIRECT = (description: string): Record<string, Schema> => ({
  303: { description },
  '4xx': answers({})['4xx'] as Schema,
  '5xx': answers({})['5xx'] as Schema,
});

const GRANT = object({ service: text, role: { type: 'string', enum: ['viewer', 'reviewer', 'approver', 'admin'] } }, [
  'service',
  'role',
]);
const SESSION = object({ name: text, grants: list(GRANT), csrfToken: text }, ['name', 'grants', 'csrfToken']);
const SIGNED_OUT = object({ endSessionUrl: nullableText }, ['endSessionUrl']);

/**
 * A return address of the portal's own: a path (with its query), never another site's (`//host`,
 * `https://...`, `/\host`); the console's home otherwise.
 */
export function safeReturn(value: unknown, publicUrl: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return CONSOLE_HOME;
  try {
    const base = new URL(publicUrl);
    const url = new URL(value, base.origin);
    if (url.origin !== base.origin) return CONSOLE_HOME;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return CONSOLE_HOME;
  }
}

/** Registers the sign-in routes on `api` (prefix /api), with the cookies of `stateKey`'s signature. */
export async function staffSignInRoutes(
  api: FastifyInstance,
  ctx: AppContext,
  rp: RelyingParty,
  stateKey: string,
): Promise<void> {
  const { publicUrl, staffSignIn } = ctx.config;
  const secure = publicUrl.startsWith('https:');
  const publicHost = new URL(publicUrl).host;
  await api.register(async (scope) => {
    await scope.register(fastifyCookie, { secret: stateKey, hook: 'onRequest' });
    // Public reads are cacheable elsewhere (installNoStore); these answers are one browser's own.
    scope.addHook('onRequest', (_request, reply, done) => {
      void reply.header('Cache-Control', 'no-store');
      done();
    });

    const clearPending = (reply: FastifyReply) =>
      reply.clearCookie(PENDING_COOKIE, { path: PENDING_PATH, httpOnly: true, sameSite: 'lax', secure });
    const pendingOf = (request: FastifyRequest): PendingSignIn => {
      const raw = request.cookies[PENDING_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : null;
      if (!unsigned?.valid || !unsigned.value) throw new SignInRefused('not-started', SIGN_IN_NOT_STARTED);
      try {
        const pending = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')) as PendingSignIn;
        if (typeof pending.state !== 'string' || typeof pending.verifier !== 'string') throw new Error('shape');
        return pending;
      } catch {
        throw new SignInRefused('not-started', SIGN_IN_NOT_STARTED);
      }
    };

    scope.get(
      '/staff/sign-in',
      {
        config: { public: true },
        schema: {
          summary: 'Starts a staff sign-in: to the OpenID provider',
          querystring: {
            type: 'object',
            properties: {
              return: { type: 'string', maxLength: 2000 },
              prompt: { type: 'string', enum: ['login'] },
            },
          },
          response: REDIRECT("To the provider's sign-in (a signed cookie keeps the sign-in's state)"),
        },
      },
      async (request, reply) => {
        const query = request.query as { return?: string; prompt?: 'login' };
        // The sign-in's cookie must be set where the provider sends the browser back (PUBLIC_URL): a
        // console opened at another address of this server (127.0.0.1 for localhost) starts over there.
        if (request.host !== publicHost) {
          const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
          return reply.redirect(`${publicUrl}/api/staff/sign-in${search}`, 303);
        }
        const { url, pending } = await rp
          .start(safeReturn(query.return, publicUrl), query.prompt)
          .catch((error: unknown) => {
            if (error instanceof HttpError && error.statusCode === 503)
              request.log.warn({ err: error.cause }, 'the staff sign-in provider cannot be reached');
            throw error;
          });
        void reply.setCookie(PENDING_COOKIE, Buffer.from(JSON.stringify(pending)).toString('base64url'), {
          path: PENDING_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure,
          signed: true,
          maxAge: PENDING_SECONDS,
        });
        return reply.redirect(url, 303);
      },
    );

    scope.get(
      '/staff/callback',
      {
        config: { public: true },
        schema: {
          summary: "The provider's answer to a staff sign-in",
          querystring: {
            type: 'object',
            properties: {
              code: { type: 'string', maxLength: 2000 },
              state: { type: 'string', maxLength: 2000 },
              iss: { type: 'string', maxLength: 2000 },
              error: { type: 'string', maxLength: 200 },
              error_description: { type: 'string', maxLength: 2000 },
            },
          },
          response: REDIRECT(
            'Signed in (the session cookie set): to the console page the sign-in began at. Refused: to that page (or the console) with `sign_in_error` saying why (not-started, provider-refused, answer-refused, unnamed, provider-unreachable); a request that accepts only JSON gets the refusal as JSON (401, 503).',
          ),
        },
      },
      async (request, reply) => {
        let pending: PendingSignIn | null = null;
        let signedIn;
        try {
          pending = pendingOf(request);
          // Used once, whatever the answer: a refused sign-in starts again.
          clearPending(reply);
          const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
          signedIn = await rp.finish(new URL(`${publicUrl}/api/staff/callback${search}`), pending);
        } catch (error) {
          // The browser the provider sent back gets a page that says why and signs in again; a client
          // of the API, the refusal as it is.
          if (!(error instanceof SignInRefused) || asksForJson(request)) throw error;
          request.log.info({ refusal: error.refusal, reason: error.message }, 'a staff sign-in was refused');
          return reply.redirect(refusedSignInPage(safeReturn(pending?.returnTo, publicUrl), error.refusal), 303);
        }
        // The session acts with the claim's grants; staff_roles keeps them too, for what reads the
        // accounts (a colleague's working role, list-staff).
        if (!(await recordProviderGrants(ctx.db, signedIn)))
          request.log.warn(
            { name: signedIn.name },
            "a staff sign-in's roles were not recorded: its account is removed or another subject's",
          );
        const { cookie } = await createStaffSession(ctx.db, signedIn, staffSignIn.sessionMaxMs);
        void reply.setCookie(SESSION_COOKIE, cookie, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: Math.floor(staffSignIn.sessionMaxMs / 1000),
        });
        return reply.redirect(safeReturn(pending.returnTo, publicUrl), 303);
      },
    );

    scope.get(
      '/staff/session',
      {
        config: { public: true },
        schema: { summary: 'The signed-in staff member of the console', response: answers({ 200: SESSION }) },
      },
      async (request, reply) => {
        const session = await staffSessionOf(ctx, request);
        return ok(reply, { name: session.name, grants: session.grants, csrfToken: session.csrfToken });
      },
    );

    scope.post(
      '/staff/sign-out',
      {
        config: { public: true },
        schema: {
          summary: "Ends the console's session (x-csrf-token); answers the provider's end-session address",
          body: NO_BODY,
          response: answers({ 200: SIGNED_OUT }),
        },
      },
      async (request, reply) => {
        const session = await staffSessionOf(ctx, request);
        await endStaffSession(ctx.db, session.id);
        void reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
        return ok(reply, { endSessionUrl: await rp.endSessionUrl(session.idToken) });
      },
    );
  });
}
