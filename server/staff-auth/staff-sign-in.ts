/**
 * The staff console's sign-in, put together: the shared secrets, the embedded provider when no
 * issuer is set (mounted at /oidc of the app), and the relying party of the one or the other. With
 * the embedded provider the relying party's back channel (discovery, token, keys) goes through the
 * app itself (`inject`): an instance need not reach its own public address, behind a proxy or not.
 */
import type { FastifyInstance } from 'fastify';
import type { CustomFetch } from 'openid-client';
import type { AppContext } from '../context';
import { consoleClient, mountEmbeddedProvider, PROVIDER_PATH } from './embedded-provider';
import { isLocalIssuer, relyingParty, type RelyingParty } from './relying-party';
import { staffSignInRoutes } from './sign-in-routes';
import { signInSecrets } from './sign-in-secrets';

/** A fetch for the addresses under `prefix` (the embedded provider's) answered by `app` itself. */
function fetchThrough(app: FastifyInstance, prefix: string): CustomFetch {
  return async (url, options) => {
    if (!url.startsWith(`${prefix}/`) && url !== prefix) return fetch(url, options as RequestInit);
    const path = new URL(url).pathname.slice(new URL(prefix).pathname.length - PROVIDER_PATH.length);
    const search = new URL(url).search;
    const body = options.body as unknown;
    const answer = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: `${path}${search}`,
      headers: options.headers,
      ...(body === undefined || body === null ? {} : { payload: String(body) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of [value ?? []].flat()) headers.append(name, String(one));
    }
    return new Response(answer.rawPayload.length > 0 ? new Uint8Array(answer.rawPayload) : null, {
      status: answer.statusCode,
      headers,
    });
  };
}

/**
 * Sets up the staff sign-in on `app` (the embedded provider, when used) and answers the registration
 * of its routes under /api.
 */
export async function installStaffSignIn(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<{ routes(api: FastifyInstance): Promise<void>; relyingParty: RelyingParty }> {
  const secrets = await signInSecrets(ctx.db);
  const { publicUrl, staffSignIn } = ctx.config;
  const embedded = staffSignIn.issuer === null;
  const client = consoleClient(ctx, secrets);
  if (embedded) await mountEmbeddedProvider(app, ctx, secrets);
  const issuer = staffSignIn.issuer ?? `${publicUrl}${PROVIDER_PATH}`;
  const rp = relyingParty({
    issuer,
    clientId: embedded ? client.clientId : staffSignIn.clientId,
    clientSecret: embedded ? client.clientSecret : staffSignIn.clientSecret,
    redirectUri: client.redirectUri,
    postLogoutRedirectUri: client.postLogoutRedirectUri,
    claims: staffSignIn,
    allowHttp: embedded || isLocalIssuer(issuer),
    ...(embedded ? { fetch: fetchThrough(app, issuer) } : {}),
  });
  return { routes: (api) => staffSignInRoutes(api, ctx, rp, secrets.stateKey), relyingParty: rp };
}
