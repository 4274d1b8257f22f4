/**
 * The staff console's OpenID Connect sign-in against the real app and its embedded provider: a
 * browser (staff-browser.ts) signs in with a password or a one-time link, the session answers its
 * grants from `staff_roles`, sign-out ends it and names the provider's end-session address; forged,
 * replayed and tampered answers are refused: the browser goes back to the console with the refusal's
 * code, a client asking for JSON gets the message that says why; two instances on one
 * database share the provider's state and the sessions.
 */
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { AppContext } from '../../server/context';
import { nowIso, openDatabase } from '../../server/db/database';
import { createStaff, listStaff, PROVIDER_GRANTOR, STAFF_ONLY } from '../../server/staff-accounts';
import { newSignInLink, setStaffPassword } from '../../server/staff-auth/credentials';
import { PROVIDER_UNREACHABLE, relyingParty, SIGN_IN_NOT_STARTED } from '../../server/staff-auth/relying-party';
import { signInSecrets } from '../../server/staff-auth/sign-in-secrets';
import { PAGE_TEXTS } from '../../server/staff-auth/sign-in-page';
import { CSRF_REFUSED, staffOfRequest } from '../../server/staff-auth/staff-request';
import { SESSION_COOKIE, STAFF_SESSION_ENDED, STAFF_SESSION_EXPIRED } from '../../server/staff-auth/staff-sessions';
import { createPasswordHasher } from '../../server/security';
import { parseStaffArgs } from '../../server/staff-cli';
import { PASSWORD_MESSAGES } from '../../server/password-policy';
import {
  applicationAt,
  ownPostgresDatabase,
  signUp,
  startServer,
  testConfig,
  type TestServer,
  type TestUser,
} from './helpers';
import { insertApplication } from './staff-console-fixtures';
import { formOf, StaffBrowser, type Answer } from './staff-browser';

const PASSWORD = 'green-meadow-river-42';
const CALLBACK = '/api/staff/callback';

let server: TestServer;
let second: FastifyInstance;
let applicant: TestUser;
let staffKey: string;
const hasher = createPasswordHasher(2);

/** The instances that answer the browser: the first alone, or both in turn. */
let instances: () => FastifyInstance[];

beforeAll(async () => {
  server = await startServer();
  // A second instance on the same database and public address, as behind a load balancer.
  second = await buildApp(server.config);
  await second.ready();
  instances = () => [server.app];
  applicant = await signUp(server);
  const { id, key } = await createStaff(server.database.db, 'rita.reviewer');
  staffKey = key;
  await setStaffPassword(server.database.db, hasher, 'rita.reviewer', PASSWORD);
  const now = new Date().toISOString();
  await server.database.db
    .insertInto('staff_roles')
    .values([
      { staff_id: id, service: 'plastics', role: 'reviewer', granted_by: 'test', granted_at: now },
      { staff_id: id, service: '*', role: 'viewer', granted_by: 'test', granted_at: now },
    ])
    .execute();
}, 60_000);
afterAll(async () => {
  await second.close();
  await server.close();
});

const browser = (headers: Record<string, string> = {}) => new StaffBrowser(instances, server.config.publicUrl, headers);
const atCallback = (url: string) => new URL(url).pathname === CALLBACK;

/** Starts a sign-in and follows it to the sign-in page (the provider's interaction). */
async function toSignInPage(b: StaffBrowser, returnTo = '/console/queue'): Promise<Answer> {
  const page = await b.follow(`/api/staff/sign-in?return=${encodeURIComponent(returnTo)}`);
  expect(page.status).toBe(200);
  expect(page.body).toContain('<form');
  return page;
}

/** Signs in with the password form, stopping at the provider's answer to the console (not followed). */
async function throughPassword(b: StaffBrowser, name = 'rita.reviewer', password = PASSWORD): Promise<string> {
  const page = await toSignInPage(b);
  const posted = await b.request(formOf(page.body).action, { form: { name, password } });
  expect(posted.location, posted.body).not.toBeNull();
  const answer = await b.follow(posted.location as string, atCallback);
  expect(answer.location && atCallback(answer.location)).toBe(true);
  return answer.location as string;
}

/** A whole sign-in with the password: the browser holds the session cookie after. */
async function signedIn(b = browser()): Promise<{ b: StaffBrowser; csrf: string }> {
  const callback = await throughPassword(b);
  const landed = await b.request(callback);
  expect(landed.status, landed.body).toBe(303);
  const session = await b.request('/api/staff/session');
  expect(session.status, session.body).toBe(200);
  return { b, csrf: (JSON.parse(session.body) as { data: { csrfToken: string } }).data.csrfToken };
}

const errorOf = (answer: Answer) => (JSON.parse(answer.body) as { error: string }).error;
/** A client of the API's request: it asks for the refusal as JSON, not a page. */
const ASKS_JSON = { headers: { accept: 'application/json' } };

/** The console page a refused callback sends the browser to, and the refusal's code it names. */
function refusedTo(answer: Answer): { page: string; code: string | null } {
  expect(answer.status, answer.body).toBe(303);
  const location = new URL(answer.location as string);
  const code = location.searchParams.get('sign_in_error');
  location.searchParams.delete('sign_in_error');
  return { page: `${location.pathname}${location.search}`, code };
}

describe('staff sign-in with the embedded provider', () => {
  it('signs in with a password and answers the session with the grants of staff_roles', async () => {
    const b = browser();
    const callback = await throughPassword(b);
    const landed = await b.request(callback);
    expect(landed.status).toBe(303);
    expect(landed.location).toBe(`${server.config.publicUrl}/console/queue`);
    const cookie = landed.setCookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
    // Only the id's SHA-256 is kept.
    const id = b.jar.get(SESSION_COOKIE) as string;
    const row = await server.database.db
      .selectFrom('staff_sessions')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.session_hash).toBe(createHash('sha256').update(id).digest('hex'));
    expect(row.issuer).toBe(`${server.config.publicUrl}/oidc`);

    const session = await b.request('/api/staff/session');
    expect(session.status).toBe(200);
    expect(session.headers['cache-control']).toBe('no-store');
    const data = (JSON.parse(session.body) as { data: { name: string; grants: unknown; csrfToken: string } }).data;
    expect(data.name).toBe('rita.reviewer');
    expect(data.grants).toEqual([
      { service: 'plastics', role: 'reviewer' },
      { service: '*', role: 'viewer' },
    ]);
    expect(data.csrfToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('refuses a wrong password on the sign-in page, in the browser’s language', async () => {
    const b = browser({ 'accept-language': 'de-DE,de;q=0.9' });
    const page = await toSignInPage(b);
    expect(page.body).toContain('<html lang="de"');
    expect(page.body).toContain('<label for="password">Passwort</label>');
    const refused = await b.request(formOf(page.body).action, {
      form: { name: 'rita.reviewer', password: 'not-the-password' },
    });
    expect(refused.status).toBe(401);
    expect(refused.body).toContain('Name oder Passwort ist nicht richtig.');
    expect(refused.location).toBeNull();
  });

  it('locks a name out after as many failed passwords as the applicants’ sign-in allows', async () => {
    const b = browser();
    const page = await toSignInPage(b);
    const { action } = formOf(page.body);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= server.config.limits.loginFailuresPerAccount; attempt += 1)
      statuses.push((await b.request(action, { form: { name: 'ghost.user', password: 'not-the-password' } })).status);
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    const locked = await b.request(action, { form: { name: 'ghost.user', password: 'not-the-password' } });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
  });

  it('signs in once with a one-time link; the link is refused the second time', async () => {
    const { link } = await newSignInLink(server.database.db, server.config.publicUrl, 'rita.reviewer');
    const b = browser();
    const answer = await b.follow(link, atCallback);
    expect(answer.location && atCallback(answer.location)).toBe(true);
    const landed = await b.request(answer.location as string);
    expect(landed.location).toBe(`${server.config.publicUrl}/console`);
    expect((await b.request('/api/staff/session')).status).toBe(200);

    const again = await browser().follow(link);
    expect(again.status).toBe(401);
    expect(again.body).toContain(PAGE_TEXTS.badLink);
  });

  it('takes a transition with the console session: refused without its CSRF token, taken with it, in the history by session', async () => {
    const { b, csrf } = await signedIn();
    const { id } = await applicationAt(server, applicant, 1, 2);
    const path = `/api/staff/applications/${id}/review`;
    const forged = await b.request(path, { json: { comment: 'Looking at it' } });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body)).toMatchObject({ error: CSRF_REFUSED });
    const taken = await b.request(path, { json: { comment: 'Looking at it' }, headers: { 'x-csrf-token': csrf } });
    expect(taken.status, taken.body).toBe(200);
    const session = await server.database.db
      .selectFrom('staff_sessions')
      .select('id')
      .where('staff_name', '=', 'rita.reviewer')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const row = await server.database.db
      .selectFrom('flow_histories')
      .select(['actor', 'transition', 'session'])
      .where('application_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ actor: 'staff:rita.reviewer', transition: 'review', session: String(session.id) });
    // Approving is an approver's: the session's grants (a reviewer's) are judged by the same policy.
    const approve = await b.request(`/api/staff/applications/${id}/approve`, {
      json: {},
      headers: { 'x-csrf-token': csrf },
    });
    expect(approve.status).toBe(403);
    expect(approve.body).toContain('needs the approver role');
  });

  it('signs out: the session is refused after, and the provider’s end-session address is answered', async () => {
    const { b, csrf } = await signedIn();
    const without = await b.request('/api/staff/sign-out', { method: 'POST' });
    expect(without.status).toBe(403);
    expect(errorOf(without)).toBe(CSRF_REFUSED);
    const wrong = await b.request('/api/staff/sign-out', { method: 'POST', headers: { 'x-csrf-token': `${csrf}x` } });
    expect(wrong.status).toBe(403);

    const id = b.jar.get(SESSION_COOKIE) as string;
    const out = await b.request('/api/staff/sign-out', { method: 'POST', headers: { 'x-csrf-token': csrf } });
    expect(out.status, out.body).toBe(200);
    const end = new URL((JSON.parse(out.body) as { data: { endSessionUrl: string } }).data.endSessionUrl);
    expect(`${end.origin}${end.pathname}`).toBe(`${server.config.publicUrl}/oidc/session/end`);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${server.config.publicUrl}/console`);
    expect(end.searchParams.get('id_token_hint')).toMatch(/^ey/);

    // The browser forgot the cookie; the server refuses it anyway.
    expect(b.jar.has(SESSION_COOKIE)).toBe(false);
    b.jar.set(SESSION_COOKIE, id);
    const after = await b.request('/api/staff/session');
    expect(after.status).toBe(401);
    expect(errorOf(after)).toBe(STAFF_SESSION_ENDED);

    // The provider asks, then ends its own session and sends the browser back to the console.
    const question = await b.follow(end.href);
    expect(question.body).toContain(PAGE_TEXTS.signOutTitle);
    const { action, fields } = formOf(question.body);
    const confirmed = await b.request(new URL(action, end).href, { form: { ...fields, logout: 'yes' } });
    expect(confirmed.location, confirmed.body).toBe(`${server.config.publicUrl}/console`);
    // The provider's own session ended too: a new sign-in asks for the password again.
    await toSignInPage(b);
  });

  it('keeps the return address to the portal’s own pages', async () => {
    for (const foreign of ['https://evil.example/x', '//evil.example/x', '/\\evil.example']) {
      const b = browser();
      const page = await b.follow(`/api/staff/sign-in?return=${encodeURIComponent(foreign)}`);
      const posted = await b.request(formOf(page.body).action, { form: { name: 'rita.reviewer', password: PASSWORD } });
      const answer = await b.follow(posted.location as string, atCallback);
      const landed = await b.request(answer.location as string);
      expect(landed.location).toBe(`${server.config.publicUrl}/console`);
    }
  });
});

describe('staff sign-in refusals', () => {
  it('refuses a forged state, a tampered or missing sign-in cookie', async () => {
    const b = browser();
    const callback = new URL(await throughPassword(b));
    const pending = b.jar.get('ecopermit_staff_sign_in') as string;

    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state-value-0000000000000');
    // The browser goes back to the page the sign-in began at, told why, to sign in again from there.
    expect(refusedTo(await b.request(forged.href))).toEqual({ page: '/console/queue', code: 'not-started' });
    expect(b.jar.has(SESSION_COOKIE)).toBe(false);
    // The sign-in's cookie was used: asked again, as JSON, the refusal says so.
    b.jar.set('ecopermit_staff_sign_in', pending);
    const refused = await b.request(forged.href, ASKS_JSON);
    expect(refused.status).toBe(401);
    expect(errorOf(refused)).toBe(SIGN_IN_NOT_STARTED);
    expect(b.jar.has(SESSION_COOKIE)).toBe(false);

    b.jar.set('ecopermit_staff_sign_in', `x${pending}`);
    // Without a sign-in of its own, the browser goes to the console's home.
    expect(refusedTo(await b.request(callback.href))).toEqual({ page: '/console', code: 'not-started' });
    b.jar.set('ecopermit_staff_sign_in', `x${pending}`);
    expect(errorOf(await b.request(callback.href, ASKS_JSON))).toBe(SIGN_IN_NOT_STARTED);
    b.jar.delete('ecopermit_staff_sign_in');
    expect(refusedTo(await b.request(callback.href)).code).toBe('not-started');
    const none = await b.request(callback.href, ASKS_JSON);
    expect(none.status).toBe(401);
    expect(errorOf(none)).toBe(SIGN_IN_NOT_STARTED);
  });

  it('refuses a code used once already', async () => {
    const b = browser();
    const callback = await throughPassword(b);
    const pending = b.jar.get('ecopermit_staff_sign_in') as string;
    expect((await b.request(callback)).status).toBe(303);
    // The same answer again, with the sign-in cookie it was made for.
    const thief = browser();
    thief.jar.set('ecopermit_staff_sign_in', pending);
    expect(refusedTo(await thief.request(callback))).toEqual({ page: '/console/queue', code: 'answer-refused' });
    expect(thief.jar.has(SESSION_COOKIE)).toBe(false);
    thief.jar.set('ecopermit_staff_sign_in', pending);
    const replayed = await thief.request(callback, ASKS_JSON);
    expect(replayed.status).toBe(401);
    expect(errorOf(replayed)).toMatch(/^The staff sign-in provider's answer was refused: .*grant/);
    expect(thief.jar.has(SESSION_COOKIE)).toBe(false);
  });

  it('refuses an ID token whose nonce is not the sign-in’s', async () => {
    const b = browser();
    const start = await b.request('/api/staff/sign-in');
    const authorize = new URL(start.location as string);
    authorize.searchParams.set('nonce', 'a-nonce-of-another-sign-in-000000');
    const page = await b.follow(authorize.href);
    const posted = await b.request(formOf(page.body).action, { form: { name: 'rita.reviewer', password: PASSWORD } });
    const answer = await b.follow(posted.location as string, atCallback);
    // Asked as JSON (the code is spent by this one try): the refusal says which check failed.
    const refused = await b.request(answer.location as string, ASKS_JSON);
    expect(refused.status).toBe(401);
    expect(errorOf(refused)).toMatch(/^The staff sign-in provider's answer was refused: .*nonce/);
  });

  it('refuses the answer of another provider (wrong issuer) and an unknown client', async () => {
    const other = await startServer({ PUBLIC_URL: 'http://127.0.0.1:8081' });
    try {
      await createStaff(other.database.db, 'rita.reviewer');
      await setStaffPassword(other.database.db, hasher, 'rita.reviewer', PASSWORD);
      // The console's sign-in here, answered by the other provider with the same state, nonce and challenge.
      const b = browser();
      const ours = new URL((await b.request('/api/staff/sign-in')).location as string);
      const theirs = new URL(`${other.config.publicUrl}/oidc/auth`);
      for (const name of [
        'client_id',
        'scope',
        'response_type',
        'state',
        'nonce',
        'code_challenge',
        'code_challenge_method',
      ])
        theirs.searchParams.set(name, ours.searchParams.get(name) as string);
      theirs.searchParams.set('redirect_uri', `${other.config.publicUrl}${CALLBACK}`);
      const ob = new StaffBrowser(() => [other.app], other.config.publicUrl);
      const page = await ob.follow(theirs.href);
      const posted = await ob.request(formOf(page.body).action, {
        form: { name: 'rita.reviewer', password: PASSWORD },
      });
      const answer = new URL((await ob.follow(posted.location as string, atCallback)).location as string);
      expect(answer.searchParams.get('iss')).toBe(`${other.config.publicUrl}/oidc`);
      const pending = b.jar.get('ecopermit_staff_sign_in') as string;
      expect(refusedTo(await b.request(`${CALLBACK}${answer.search}`))).toEqual({
        page: '/console',
        code: 'answer-refused',
      });
      expect(b.jar.has(SESSION_COOKIE)).toBe(false);
      b.jar.set('ecopermit_staff_sign_in', pending);
      const refused = await b.request(`${CALLBACK}${answer.search}`, ASKS_JSON);
      expect(refused.status).toBe(401);
      expect(errorOf(refused)).toMatch(/^The staff sign-in provider's answer was refused: .*iss/);
      expect(b.jar.has(SESSION_COOKIE)).toBe(false);
    } finally {
      await other.close();
    }
    // A client the provider does not know is refused there, saying so.
    const unknown = new URL(`${server.config.publicUrl}/oidc/auth`);
    unknown.search = new URLSearchParams({
      client_id: 'someone-else',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${server.config.publicUrl}${CALLBACK}`,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const page = await browser().request(unknown.href);
    expect(page.status).toBe(400);
    expect(page.body).toContain(PAGE_TEXTS.failed);
    expect(page.body).toMatch(/client/);
  });

  it('refuses an ID token made for another client (audience)', async () => {
    // A relying party that calls itself 'another-console', given the console's own code and token: the
    // provider's answer is genuine, only its audience is not this client.
    const { publicUrl } = server.config;
    const secrets = await signInSecrets(server.database.db);
    const consoleAuth = `Basic ${Buffer.from(`${secrets.clientId}:${secrets.clientSecret}`).toString('base64')}`;
    const rp = relyingParty({
      issuer: `${publicUrl}/oidc`,
      clientId: 'another-console',
      clientSecret: 'another-secret',
      redirectUri: `${publicUrl}${CALLBACK}`,
      postLogoutRedirectUri: `${publicUrl}/console`,
      claims: server.config.staffSignIn,
      allowHttp: true,
      fetch: async (url, options) => {
        const { pathname, search } = new URL(url);
        const headers = { ...options.headers, ...(pathname === '/oidc/token' ? { authorization: consoleAuth } : {}) };
        const body = options.body as unknown;
        const answer = await server.app.inject({
          method: options.method as 'GET' | 'POST',
          url: `${pathname}${search}`,
          headers,
          ...(body === undefined ? {} : { payload: String(body) }),
        });
        const type = String(answer.headers['content-type'] ?? 'application/json');
        return new Response(answer.body || null, { status: answer.statusCode, headers: { 'content-type': type } });
      },
    });
    const { url, pending } = await rp.start('/console');
    const authorize = new URL(url);
    authorize.searchParams.set('client_id', secrets.clientId);
    const b = browser();
    const page = await b.follow(authorize.href);
    const posted = await b.request(formOf(page.body).action, { form: { name: 'rita.reviewer', password: PASSWORD } });
    const answer = await b.follow(posted.location as string, atCallback);
    await expect(rp.finish(new URL(answer.location as string), pending)).rejects.toMatchObject({
      statusCode: 401,
      message: expect.stringMatching(/^The staff sign-in provider's answer was refused: .*"aud"/) as unknown,
    });
  });

  it('refuses a session past its age or idle time', async () => {
    for (const column of ['expires_at', 'last_used_at'] as const) {
      const { b } = await signedIn();
      const hash = createHash('sha256')
        .update(b.jar.get(SESSION_COOKIE) as string)
        .digest('hex');
      await server.database.db
        .updateTable('staff_sessions')
        .set({ [column]: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString() })
        .where('session_hash', '=', hash)
        .execute();
      const refused = await b.request('/api/staff/session');
      expect(refused.status).toBe(401);
      expect(errorOf(refused)).toBe(STAFF_SESSION_EXPIRED);
      // Ended for good, not only refused once.
      expect(errorOf(await b.request('/api/staff/session'))).toBe(STAFF_SESSION_ENDED);
    }
  });

  it('keeps applicants and staff apart: a token is not a session, a staff cookie is not a token', async () => {
    const { b, csrf } = await signedIn();
    const asApplicant = await b.request('/api/staff/session', {
      headers: { authorization: `Bearer ${applicant.token}` },
    });
    expect(asApplicant.status).toBe(401);
    expect(errorOf(await browser().request('/api/staff/session'))).toBe(STAFF_ONLY);
    const applicantRoute = await b.request(`/api/clients/applications/${applicant.id}`);
    expect(applicantRoute.status).toBe(401);
    expect(errorOf(applicantRoute)).toBe('Unauthenticated');

    // staffOfRequest, as the staff routes ask it.
    const ctx = { db: server.database.db, config: server.config } as AppContext;
    const cookie = `${SESSION_COOKIE}=${b.jar.get(SESSION_COOKIE) as string}`;
    const request = (method: string, headers: Record<string, string>) =>
      ({ method, headers }) as unknown as FastifyRequest;
    const byCookie = await staffOfRequest(ctx, request('GET', { cookie }));
    expect(byCookie).toMatchObject({
      name: 'rita.reviewer',
      grants: [
        { service: 'plastics', role: 'reviewer' },
        { service: '*', role: 'viewer' },
      ],
    });
    expect(byCookie.session).toMatch(/^\d+$/);
    await expect(staffOfRequest(ctx, request('POST', { cookie }))).rejects.toMatchObject({
      statusCode: 403,
      message: CSRF_REFUSED,
    });
    await expect(staffOfRequest(ctx, request('DELETE', { cookie, 'x-csrf-token': 'nope' }))).rejects.toMatchObject({
      statusCode: 403,
    });
    expect((await staffOfRequest(ctx, request('POST', { cookie, 'x-csrf-token': csrf }))).name).toBe('rita.reviewer');
    // A staff key acts through the key; an applicant's token is refused, a staff cookie beside it notwithstanding.
    expect(await staffOfRequest(ctx, request('POST', { authorization: `Bearer ${staffKey}` }))).toMatchObject({
      name: 'rita.reviewer',
      session: 'key',
    });
    await expect(
      staffOfRequest(ctx, request('GET', { cookie, authorization: `Bearer ${applicant.token}` })),
    ).rejects.toMatchObject({ statusCode: 401, message: STAFF_ONLY });
    await expect(staffOfRequest(ctx, request('GET', {}))).rejects.toMatchObject({
      statusCode: 401,
      message: STAFF_ONLY,
    });
  });
});

describe('staff sign-in on several instances', () => {
  it('signs in across two instances on one database; the session of one is accepted by the other', async () => {
    instances = () => [server.app, second];
    try {
      const { b } = await signedIn();
      // Each request went to the other instance than the one before: the provider's steps too.
      instances = () => [second];
      const there = await b.request('/api/staff/session');
      expect(there.status).toBe(200);
      instances = () => [server.app];
      expect((await b.request('/api/staff/session')).status).toBe(200);
      // One key set signs the ID tokens of both.
      const keys = await Promise.all(
        [server.app, second].map(async (app) => (await app.inject({ url: '/oidc/jwks' })).body),
      );
      expect(keys[0]).toBe(keys[1]);
    } finally {
      instances = () => [server.app];
    }
  });
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('staff sign-in over the network', () => {
  it('signs in and out through a listening server, the provider reading its own bodies', async () => {
    const port = await freePort();
    const listening = await startServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
    try {
      await listening.app.listen({ port, host: '127.0.0.1' });
      await createStaff(listening.database.db, 'rita.reviewer');
      await setStaffPassword(listening.database.db, hasher, 'rita.reviewer', PASSWORD);
      const b = new StaffBrowser('network', listening.config.publicUrl);
      const page = await b.follow('/api/staff/sign-in?return=%2Fconsole%2Fqueue');
      const posted = await b.request(formOf(page.body).action, { form: { name: 'rita.reviewer', password: PASSWORD } });
      const landed = await b.follow(posted.location as string, (url) => new URL(url).pathname === '/console/queue');
      expect(landed.location).toBe(`${listening.config.publicUrl}/console/queue`);
      const session = await b.request('/api/staff/session');
      expect(session.status, session.body).toBe(200);
      const { csrfToken } = (JSON.parse(session.body) as { data: { csrfToken: string } }).data;
      const out = await b.request('/api/staff/sign-out', { method: 'POST', headers: { 'x-csrf-token': csrfToken } });
      const end = (JSON.parse(out.body) as { data: { endSessionUrl: string } }).data.endSessionUrl;
      const question = await b.follow(end);
      expect(question.status).toBe(200);
      expect(question.body).toContain(PAGE_TEXTS.signOutTitle);
      const { action, fields } = formOf(question.body);
      // The provider's own form, posted to it: its body reaches it unread by Fastify.
      const confirmed = await b.request(action, { form: { ...fields, logout: 'yes' } });
      expect(confirmed.location).toBe(`${listening.config.publicUrl}/console`);
    } finally {
      await listening.close();
    }
  });
});

describe('staff sign-in with the authority’s own provider', () => {
  it('signs in through an external issuer by the same steps, its roles claim giving the grants, recorded for colleagues', async () => {
    // The provider: another server's embedded one, listening, with the console's client set by the settings.
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const client = { STAFF_OIDC_CLIENT_ID: 'console-of-b', STAFF_OIDC_CLIENT_SECRET: 'a-secret-of-console-b-0000000' };
    const provider = await startServer({ PORT: String(port), PUBLIC_URL: publicUrl, ...client });
    const own = await ownPostgresDatabase();
    const config = testConfig({
      ...(own ? { DATABASE_URL: own.url } : {}),
      PUBLIC_URL: publicUrl,
      STAFF_OIDC_ISSUER: `${publicUrl}/oidc`,
      ...client,
    });
    const consoleApp = await buildApp(config);
    const consoleDb = openDatabase(config);
    try {
      await provider.app.listen({ port, host: '127.0.0.1' });
      const { id } = await createStaff(provider.database.db, 'olga.approver');
      await setStaffPassword(provider.database.db, hasher, 'olga.approver', PASSWORD);
      await provider.database.db
        .insertInto('staff_roles')
        .values({
          staff_id: id,
          service: 'plastics',
          role: 'approver',
          granted_by: 'test',
          granted_at: new Date().toISOString(),
        })
        .execute();
      // This instance has no provider of its own.
      expect((await consoleApp.inject({ url: '/oidc/.well-known/openid-configuration' })).statusCode).toBe(404);
      // The browser reaches the provider over the network and the console in this instance.
      const browserOfProvider = () =>
        new StaffBrowser(
          () => [consoleApp],
          publicUrl,
          {},
          (url) => url.pathname.startsWith('/oidc'),
        );
      const b = browserOfProvider();
      const signIn = async (at: StaffBrowser) => {
        const page = await at.follow('/api/staff/sign-in?return=%2Fconsole%2Fq');
        const posted = await at.request(formOf(page.body).action, {
          form: { name: 'olga.approver', password: PASSWORD },
        });
        const landed = await at.follow(posted.location as string, (url) => new URL(url).pathname === '/console/q');
        expect(landed.location).toBe(`${publicUrl}/console/q`);
      };
      await signIn(b);
      const session = await b.request('/api/staff/session');
      expect(session.status, session.body).toBe(200);
      expect(JSON.parse(session.body)).toMatchObject({
        data: { name: 'olga.approver', grants: [{ service: 'plastics', role: 'approver' }] },
      });

      // The console's instance knew no olga.approver: the sign-in made the account, with the claim's
      // grants marked as the provider's, so the staff list shows them...
      const db = consoleDb.db;
      const roles = () =>
        db
          .selectFrom('staff_roles')
          .innerJoin('staff', 'staff.id', 'staff_roles.staff_id')
          .select(['staff_roles.service', 'staff_roles.role', 'staff_roles.granted_by'])
          .where('staff.name', '=', 'olga.approver')
          .orderBy('staff_roles.service')
          .execute();
      expect(await roles()).toEqual([{ service: 'plastics', role: 'approver', granted_by: PROVIDER_GRANTOR }]);
      expect((await listStaff(db, config.limits.staffKeyMs)).find((a) => a.name === 'olga.approver')?.roles).toEqual([
        { service: 'plastics', role: 'approver' },
      ]);
      // ...and a colleague may give her a plastics application: she has a working role on it.
      const client = await db
        .insertInto('clients')
        .values({
          uid: 'external-provider-client',
          first_name: 'Ada',
          last_name: 'Uwase',
          other_name: null,
          email: 'ada.external@example.org',
          telephone: null,
          id_number: null,
          password_hash: null,
          confirmed: 1,
          created_at: nowIso(),
          language: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const application = await insertApplication({ database: consoleDb } as unknown as TestServer, {
        clientId: client.id,
        serviceId: 1,
        statusId: 2,
      });
      const lead = await createStaff(db, 'lead.reviewer');
      await db
        .insertInto('staff_roles')
        .values({ staff_id: lead.id, service: 'plastics', role: 'reviewer', granted_by: 'test', granted_at: nowIso() })
        .execute();
      const assigned = await consoleApp.inject({
        method: 'POST',
        url: `/api/staff/applications/${application.id}/assignment`,
        headers: { authorization: `Bearer ${lead.key}` },
        payload: { assignee: 'olga.approver' },
      });
      expect(assigned.statusCode, assigned.body).toBe(200);

      // The next sign-in replaces the provider's earlier grants and keeps those given by the command.
      const olga = await db
        .selectFrom('staff')
        .select('id')
        .where('name', '=', 'olga.approver')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('staff_roles')
        .values([
          { staff_id: olga.id, service: 'disposal', role: 'viewer', granted_by: 'command:ops', granted_at: nowIso() },
          {
            staff_id: olga.id,
            service: 'import-licence',
            role: 'reviewer',
            granted_by: PROVIDER_GRANTOR,
            granted_at: nowIso(),
          },
        ])
        .execute();
      await signIn(browserOfProvider());
      expect(await roles()).toEqual([
        { service: 'disposal', role: 'viewer', granted_by: 'command:ops' },
        { service: 'plastics', role: 'approver', granted_by: PROVIDER_GRANTOR },
      ]);

      // A staff admin's list sets the roles given here: the provider's stay (it gives and withdraws
      // them), and one the list names becomes the admin's, kept when the provider withdraws it.
      const admin = await createStaff(db, 'roles.admin');
      await db
        .insertInto('staff_roles')
        .values({ staff_id: admin.id, service: '*', role: 'admin', granted_by: 'test', granted_at: nowIso() })
        .execute();
      const setRoles = (roles: Array<{ service: string; role: string }>) =>
        consoleApp.inject({
          method: 'PUT',
          url: '/api/staff/accounts/olga.approver/roles',
          headers: { authorization: `Bearer ${admin.key}` },
          payload: roles,
        });
      const withoutProvider = await setRoles([{ service: 'disposal', role: 'reviewer' }]);
      expect(withoutProvider.statusCode, withoutProvider.body).toBe(200);
      expect(await roles()).toEqual([
        { service: 'disposal', role: 'reviewer', granted_by: 'staff:roles.admin' },
        { service: 'plastics', role: 'approver', granted_by: PROVIDER_GRANTOR },
      ]);
      const naming = await setRoles([
        { service: 'disposal', role: 'reviewer' },
        { service: 'plastics', role: 'approver' },
      ]);
      expect(naming.statusCode, naming.body).toBe(200);
      expect(await roles()).toEqual([
        { service: 'disposal', role: 'reviewer', granted_by: 'staff:roles.admin' },
        { service: 'plastics', role: 'approver', granted_by: 'staff:roles.admin' },
      ]);
    } finally {
      await consoleDb.close();
      await consoleApp.close();
      await own?.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
      await provider.close();
    }
  });
});

describe('staff sign-in at another address of the server', () => {
  it('starts over at the public address, where the provider sends the browser back', async () => {
    const answer = await server.app.inject({
      url: '/api/staff/sign-in?return=%2Fconsole%3Fstatus%3Dsubmitted',
      headers: { host: '127.0.0.1:9' },
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(
      `${server.config.publicUrl}/api/staff/sign-in?return=%2Fconsole%3Fstatus%3Dsubmitted`,
    );
    // Nothing of a sign-in is kept at the other address.
    expect(answer.headers['set-cookie']).toBeUndefined();
  });
});

describe('staff sign-in with a provider away', () => {
  it('answers 503 saying so', async () => {
    const port = await freePort();
    const away = await startServer({ STAFF_OIDC_ISSUER: `http://127.0.0.1:${port}/oidc`, STAFF_OIDC_CLIENT_ID: 'c' });
    try {
      const answer = await away.app.inject({
        url: '/api/staff/sign-in',
        headers: { host: new URL(away.config.publicUrl).host },
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ code: 503, error: PROVIDER_UNREACHABLE });
      expect(answer.headers['retry-after']).toBe('30');
    } finally {
      await away.close();
    }
  });
});

describe('the staff command’s sign-in subcommands', () => {
  it('parses set-password and sign-in-link with one name', () => {
    expect(parseStaffArgs(['set-password', 'rita.reviewer'])).toEqual({
      command: 'set-password',
      name: 'rita.reviewer',
    });
    expect(parseStaffArgs(['sign-in-link', 'rita.reviewer'])).toEqual({
      command: 'sign-in-link',
      name: 'rita.reviewer',
    });
    expect(() => parseStaffArgs(['sign-in-link'])).toThrow(/sign-in-link needs one name/);
    expect(() => parseStaffArgs(['set-password', 'a', 'b'])).toThrow(/set-password needs one name/);
  });

  it('refuses a weak password, and a removed account’s password and link', async () => {
    const { db } = server.database;
    await expect(setStaffPassword(db, hasher, 'rita.reviewer', 'password')).rejects.toMatchObject({
      statusCode: 422,
      message: PASSWORD_MESSAGES.common,
    });
    await expect(setStaffPassword(db, hasher, 'rita.reviewer', 'short')).rejects.toMatchObject({
      message: PASSWORD_MESSAGES.tooShort,
    });
    await expect(setStaffPassword(db, hasher, 'nobody.here', PASSWORD)).rejects.toMatchObject({ statusCode: 404 });
    await expect(newSignInLink(db, server.config.publicUrl, 'nobody.here')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses an expired sign-in link', async () => {
    const { link } = await newSignInLink(server.database.db, server.config.publicUrl, 'rita.reviewer', -1000);
    const refused = await browser().follow(link);
    expect(refused.status).toBe(401);
    expect(refused.body).toContain(PAGE_TEXTS.badLink);
  });
});
