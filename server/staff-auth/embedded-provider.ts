/**
 * The embedded OpenID provider (oidc-provider) the staff sign in with when no issuer of the authority's
 * own is set (STAFF_OIDC_ISSUER): issuer `${publicUrl}/oidc`, mounted in the same Fastify app outside
 * /api. Its state lives in the database (oidc-store.ts) and its keys are shared (sign-in-secrets.ts), so
 * any instance answers any step. One client, the console: authorization code with PKCE (S256) only,
 * its consent given (first party), RP-initiated logout back to the console.
 *
 * An account signs in with its password (the sign-in page) or a one-time link (`/oidc/link/<token>`,
 * printed by `npm run staff -- sign-in-link <name>`). Its ID token says `sub` (the account's name),
 * `preferred_username`, `name` and the roles claim: its `staff_roles`, as `<service>:<role>` values.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { claimOfGrants } from '../../engine/core';
import type { AppContext } from '../context';
import { SECURITY_HEADERS } from '../security-headers';
import { grantsOf } from '../staff-accounts';
import { SIGN_IN_LINK_PATH, signInWithPassword, useSignInLink } from './credentials';
import { TooManyAttempts } from '../throttle';
import { oidcStoreAdapter } from './oidc-store';
import type { SignInSecrets } from './sign-in-secrets';
import { messagePage, PAGE_TEXTS, pageWriter, signInForm, signOutPage } from './sign-in-page';

/** Where the provider is mounted. */
export const PROVIDER_PATH = '/oidc';

/** The cookie that carries a sign-in link's token from the link to the sign-in step. */
const LINK_COOKIE = 'ecopermit_staff_link';
const LINK_COOKIE_SECONDS = 10 * 60;

/** The scopes the console asks for. */
export const CONSOLE_SCOPE = 'openid profile';

/** The path of the public address (`/portal` of `https://host/portal`; empty at the root). */
const basePath = (ctx: Pick<AppContext, 'config'>) => new URL(ctx.config.publicUrl).pathname.replace(/\/+$/, '');

/** The console's client at the embedded provider. */
export interface ConsoleClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}

/** The console's client: the settings' id and secret, or those kept in the database. */
export function consoleClient(ctx: Pick<AppContext, 'config'>, secrets: SignInSecrets): ConsoleClient {
  const { publicUrl, staffSignIn } = ctx.config;
  const own = staffSignIn.issuer === null && staffSignIn.clientId !== '';
  return {
    clientId: own ? staffSignIn.clientId : secrets.clientId,
    clientSecret: own ? staffSignIn.clientSecret : secrets.clientSecret,
    redirectUri: `${publicUrl}/api/staff/callback`,
    postLogoutRedirectUri: `${publicUrl}/console`,
  };
}

/** The claims of the account `name` (undefined when it is removed or unknown). */
async function accountClaims(ctx: AppContext, name: string): Promise<Record<string, unknown> | undefined> {
  const staff = await ctx.db
    .selectFrom('staff')
    .select(['id', 'name'])
    .where('name', '=', name)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!staff) return undefined;
  return {
    sub: staff.name,
    preferred_username: staff.name,
    name: staff.name,
    [ctx.config.staffSignIn.rolesClaim]: claimOfGrants(await grantsOf(ctx.db, staff.id)),
  };
}

/** The provider's configuration. */
function configuration(ctx: AppContext, secrets: SignInSecrets, client: ConsoleClient): Configuration {
  const sessionSeconds = Math.ceil(ctx.config.staffSignIn.sessionMaxMs / 1000);
  const { rolesClaim } = ctx.config.staffSignIn;
  const write = (koa: KoaContextWithOIDC, html: string) => {
    koa.type = 'html';
    koa.body = html;
  };
  const writerOf = (koa: KoaContextWithOIDC) => pageWriter(ctx.messages, koa.get('accept-language') || undefined);
  return {
    adapter: oidcStoreAdapter(ctx.db),
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        post_logout_redirect_uris: [client.postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    responseTypes: ['code'],
    pkce: { required: () => true, methods: ['S256'] },
    jwks: { keys: secrets.signingKeys as unknown as NonNullable<Configuration['jwks']>['keys'] },
    cookies: { keys: secrets.cookieKeys },
    claims: { openid: ['sub'], profile: ['preferred_username', 'name', rolesClaim] },
    // The profile's claims (the roles among them) go in the ID token itself: the console reads them there.
    conformIdTokenClaims: false,
    findAccount: async (_koa, id) => {
      const claims = await accountClaims(ctx, id);
      return claims ? { accountId: id, claims: async () => ({ sub: id, ...claims }) } : undefined;
    },
    // The console is the provider's only client, and first party: its consent is given.
    loadExistingGrant: async (koa) => {
      const { client: asking, session } = koa.oidc;
      if (!asking || !session?.accountId) return undefined;
      const grantId = koa.oidc.result?.consent?.grantId ?? session.grantIdFor(asking.clientId);
      if (grantId) {
        const kept = await koa.oidc.provider.Grant.find(grantId);
        if (kept) return kept;
      }
      const grant = new koa.oidc.provider.Grant({ clientId: asking.clientId, accountId: session.accountId });
      grant.addOIDCScope(CONSOLE_SCOPE);
      await grant.save();
      return grant;
    },
    interactions: { url: (_koa, interaction) => `${basePath(ctx)}${PROVIDER_PATH}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (koa, form) => write(koa, signOutPage(writerOf(koa), form)),
        postLogoutSuccessSource: async (koa) => write(koa, messagePage(writerOf(koa), PAGE_TEXTS.signedOut)),
      },
    },
    renderError: async (koa, out) => {
      write(koa, messagePage(writerOf(koa), PAGE_TEXTS.failed, String(out.error_description ?? out.error ?? '')));
    },
    clientBasedCORS: () => false,
    ttl: {
      AccessToken: 10 * 60,
      AuthorizationCode: 60,
      ClientCredentials: 10 * 60,
      DeviceCode: 10 * 60,
      BackchannelAuthenticationRequest: 10 * 60,
      IdToken: 10 * 60,
      RefreshToken: 60 * 60,
      Interaction: 30 * 60,
      Session: sessionSeconds,
      Grant: sessionSeconds,
    },
  };
}

/** The fields of the sign-in form, as sent (application/x-www-form-urlencoded). */
function formFields(body: unknown): Record<string, string> {
  return typeof body === 'object' && body !== null ? (body as Record<string, string>) : {};
}

/**
 * Hands a request to the provider (Koa) as it is: Fastify neither reads its body nor answers it. The
 * provider builds its addresses from the request's scheme and host: they are set to the public
 * address's (whatever proxy is in front, whatever Host the client sent), and the client's address to
 * the one Fastify trusts (TRUST_PROXY).
 */
function handOver(provider: Provider, publicUrl: string) {
  const callback = provider.callback();
  const base = new URL(publicUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  provider.proxy = true;
  return (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw as FastifyRequest['raw'] & { originalUrl?: string };
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.raw.setHeader(name, value);
    reply.raw.setHeader('X-Request-Id', request.id);
    raw.headers['x-forwarded-proto'] = base.protocol.slice(0, -1);
    raw.headers['x-forwarded-host'] = base.host;
    raw.headers['x-forwarded-for'] = request.ip;
    // The provider routes by the path under its mount point; its addresses keep the full path.
    raw.originalUrl = `${basePath}${raw.url ?? ''}`;
    raw.url = (raw.url ?? '').slice(PROVIDER_PATH.length) || '/';
    void callback(raw, reply.raw);
  };
}

/**
 * Mounts the embedded provider at /oidc of `app`: its own endpoints (discovery, authorization, token,
 * JWKS, userinfo, end session) and the interaction pages (sign-in form, sign-in link).
 */
export async function mountEmbeddedProvider(
  app: FastifyInstance,
  ctx: AppContext,
  secrets: SignInSecrets,
): Promise<Provider> {
  const client = consoleClient(ctx, secrets);
  const provider = new Provider(`${ctx.config.publicUrl}${PROVIDER_PATH}`, configuration(ctx, secrets, client));
  const secure = ctx.config.publicUrl.startsWith('https:');
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);
  const writerOf = (request: FastifyRequest) => pageWriter(ctx.messages, request.headers['accept-language']);
  const linkCookie = (value: string, maxAge: number) =>
    `${LINK_COOKIE}=${value}; Path=${basePath(ctx)}${PROVIDER_PATH}/interaction; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

  // The interaction pages read the form the browser posts; nothing else of the provider's is read here.
  await app.register(async (pages) => {
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 10_000 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    const finish = async (request: FastifyRequest, reply: FastifyReply, accountId: string) => {
      const to = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(to, 303);
    };
    const details = async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return null;
      }
    };
    const link = /(?:^|;\s*)ecopermit_staff_link=([A-Za-z0-9_-]{20,200})/;

    pages.get(`${PROVIDER_PATH}/interaction/:uid`, async (request, reply) => {
      const { uid } = request.params as { uid: string };
      const interaction = await details(request, reply);
      if (!interaction || interaction.uid !== uid)
        return html(reply, messagePage(writerOf(request), PAGE_TEXTS.failed), 400);
      // Signed in already, only the consent missing (loadExistingGrant gives it): the console's is given.
      if (interaction.prompt.name === 'consent' && interaction.session?.accountId) {
        const grant = new provider.Grant({ accountId: interaction.session.accountId, clientId: client.clientId });
        grant.addOIDCScope(CONSOLE_SCOPE);
        const to = await provider.interactionResult(
          request.raw,
          reply.raw,
          { consent: { grantId: await grant.save() } },
          { mergeWithLastSubmission: true },
        );
        return reply.redirect(to, 303);
      }
      const action = `${basePath(ctx)}${PROVIDER_PATH}/interaction/${encodeURIComponent(uid)}/login`;
      // Arrived by a sign-in link: its token is used up here, valid or not.
      const token = link.exec(request.headers.cookie ?? '')?.[1];
      if (token) {
        void reply.header('Set-Cookie', linkCookie('', 0));
        const name = await useSignInLink(ctx.db, token);
        if (name) return finish(request, reply, name);
        return html(reply, signInForm(writerOf(request), action, { error: PAGE_TEXTS.badLink }), 401);
      }
      return html(reply, signInForm(writerOf(request), action));
    });

    pages.post(`${PROVIDER_PATH}/interaction/:uid/login`, async (request, reply) => {
      const { uid } = request.params as { uid: string };
      const interaction = await details(request, reply);
      if (!interaction || interaction.uid !== uid)
        return html(reply, messagePage(writerOf(request), PAGE_TEXTS.failed), 400);
      const { name = '', password = '' } = formFields(request.body);
      const action = `${basePath(ctx)}${PROVIDER_PATH}/interaction/${encodeURIComponent(uid)}/login`;
      let staff: string | null = null;
      try {
        staff =
          name && password
            ? await signInWithPassword(
                ctx.db,
                ctx.hasher,
                ctx.config.limits,
                request.ip,
                name.slice(0, 100),
                password.slice(0, 1000),
              )
            : null;
      } catch (error) {
        if (!(error instanceof TooManyAttempts)) throw error;
        void reply.headers(error.headers);
        return html(
          reply,
          signInForm(writerOf(request), action, { error: error.message, name: name.slice(0, 100) }),
          429,
        );
      }
      if (staff) return finish(request, reply, staff);
      return html(
        reply,
        signInForm(writerOf(request), action, { error: PAGE_TEXTS.wrongPassword, name: name.slice(0, 100) }),
        401,
      );
    });

    // A sign-in link: its token waits in a short cookie while the console starts a sign-in, and is
    // used up by the sign-in step (above).
    pages.get(`${PROVIDER_PATH}${SIGN_IN_LINK_PATH}:token`, async (request, reply) => {
      const { token } = request.params as { token: string };
      if (!/^[A-Za-z0-9_-]{20,200}$/.test(token))
        return html(reply, messagePage(writerOf(request), PAGE_TEXTS.badLink), 404);
      void reply.header('Set-Cookie', linkCookie(token, LINK_COOKIE_SECONDS));
      return reply.redirect(`${basePath(ctx)}/api/staff/sign-in?prompt=login`, 303);
    });
  });

  // Everything else under /oidc is the provider's, its body unread by Fastify.
  await app.register(async (endpoints) => {
    endpoints.removeAllContentTypeParsers();
    endpoints.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const hand = handOver(provider, ctx.config.publicUrl);
    endpoints.all(PROVIDER_PATH, hand);
    endpoints.all(`${PROVIDER_PATH}/*`, hand);
  });
  return provider;
}
