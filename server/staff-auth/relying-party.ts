/**
 * The staff console as an OpenID Connect relying party (openid-client): the same steps whether the
 * provider is the embedded one or the authority's own (STAFF_OIDC_ISSUER). Authorization code with
 * PKCE (S256), `state` and `nonce`; the code is exchanged with the verifier and the ID token checked
 * by openid-client (signature by the provider's JWKS, issuer, audience, nonce, expiry, the `iss` of
 * the answer when the provider sends one): no check is turned off. Plain http is allowed only for the
 * embedded provider on a local address or a provider on this machine (localhost, 127.0.0.1).
 */
import * as client from 'openid-client';
import { grantsFromClaim, type RoleGrant } from '../../engine/core';
import type { StaffSignInSettings } from '../config';
import { HttpError } from '../http';

/** What the console keeps between the redirect to the provider and its answer (the signed sign-in cookie). */
export interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
  /** The console's page to return to (a path of the portal). */
  returnTo: string;
}

/** Who signed in, as the provider's ID token says. */
export interface SignedIn {
  name: string;
  subject: string;
  issuer: string;
  grants: RoleGrant[];
  idToken: string | null;
}

/** Where the relying party finds its provider and how it is its client. */
export interface RelyingPartyOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `${publicUrl}/api/staff/callback`. */
  redirectUri: string;
  /** Where the provider sends the browser after signing out. */
  postLogoutRedirectUri: string;
  claims: Pick<StaffSignInSettings, 'rolesClaim' | 'nameClaim'>;
  /**
   * Whether plain http may be used: for the embedded provider (its back channel never leaves the
   * process) and a provider on this machine; never for another host.
   */
  allowHttp: boolean;
  /** The HTTP client of the provider's back channel (default: fetch). */
  fetch?: client.CustomFetch;
}

export const SIGN_IN_NOT_STARTED = 'This sign-in was not started here or has expired. Please sign in again.';
export const PROVIDER_UNREACHABLE = 'The staff sign-in provider cannot be reached now. Please try again later.';

/**
 * Why a sign-in was refused, as a code the console words for a person (`?sign_in_error=` of the page
 * the callback sends the browser back to): not started here or expired (a forged state, a missing or
 * tampered sign-in cookie), refused by the provider, the provider's answer refused (a code used
 * already, another provider's answer, a token for another client or sign-in), no name in it.
 */
export type SignInRefusal = 'not-started' | 'provider-refused' | 'answer-refused' | 'unnamed' | 'provider-unreachable';

/** A refused sign-in: a 401 (503 when the provider cannot be reached) that says why, and its code. */
export class SignInRefused extends HttpError {
  constructor(
    readonly refusal: SignInRefusal,
    message: string,
    statusCode = 401,
  ) {
    super(statusCode, message);
  }
}

/** The scopes the console asks for. */
const SCOPE = 'openid profile';

/** Whether `issuer` is on this machine (where plain http may be allowed). */
export function isLocalIssuer(issuer: string): boolean {
  const { hostname } = new URL(issuer);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * Why openid-client refused an answer, in its most telling words: the provider's error
 * (`invalid_grant: ...`) or the check that failed (`unexpected ID Token "nonce" claim value`), which
 * its own message ("invalid response encountered") wraps.
 */
function reasonOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const {
    error: code,
    error_description: description,
    cause,
    message,
  } = error as {
    error?: unknown;
    error_description?: unknown;
    cause?: unknown;
    message?: unknown;
  };
  if (typeof code === 'string') return typeof description === 'string' ? `${code}: ${description}` : code;
  if (cause instanceof Error && cause.message) return cause.message;
  return typeof message === 'string' ? message : 'unknown';
}

/** The console's relying party of one provider. Discovery happens at first use and is kept. */
export function relyingParty(options: RelyingPartyOptions) {
  let discovered: Promise<client.Configuration> | null = null;
  const configuration = () => {
    discovered ??= client
      .discovery(
        new URL(options.issuer),
        options.clientId,
        undefined,
        options.clientSecret ? client.ClientSecretBasic(options.clientSecret) : client.None(),
        {
          execute:
            options.allowHttp && new URL(options.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [],
          ...(options.fetch ? { [client.customFetch]: options.fetch } : {}),
        },
      )
      .catch((error: unknown) => {
        // Not kept: the next sign-in tries again.
        discovered = null;
        const unreachable = Object.assign(new SignInRefused('provider-unreachable', PROVIDER_UNREACHABLE, 503), {
          cause: error,
        });
        unreachable.headers['Retry-After'] = '30';
        throw unreachable;
      });
    return discovered;
  };

  return {
    /** The provider's authorization address for a new sign-in, and what to keep until it answers. */
    async start(returnTo: string, prompt?: 'login'): Promise<{ url: string; pending: PendingSignIn }> {
      const config = await configuration();
      const pending: PendingSignIn = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        returnTo,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
        ...(prompt ? { prompt } : {}),
      });
      return { url: url.href, pending };
    },

    /**
     * Ends a sign-in at the provider's answer (`callbackUrl`, with its query): checks it against
     * `pending`, exchanges the code and reads the ID token. Refusals are 401s (`SignInRefused`) that
     * say why.
     */
    async finish(callbackUrl: URL, pending: PendingSignIn): Promise<SignedIn> {
      const config = await configuration();
      const refused = callbackUrl.searchParams.get('error');
      if (refused) {
        const why = callbackUrl.searchParams.get('error_description') ?? refused;
        throw new SignInRefused(
          'provider-refused',
          `The staff sign-in provider refused the sign-in: ${why.slice(0, 300)}`,
        );
      }
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const why = reasonOf(error);
        const state = why.includes('"state"');
        throw state
          ? new SignInRefused('not-started', SIGN_IN_NOT_STARTED)
          : new SignInRefused(
              'answer-refused',
              `The staff sign-in provider's answer was refused: ${why.slice(0, 300)}. Please sign in again.`,
            );
      }
      const claims = tokens.claims();
      if (!claims)
        throw new SignInRefused(
          'answer-refused',
          "The staff sign-in provider's answer has no ID token. Please sign in again.",
        );
      const name = claims[options.claims.nameClaim];
      if (typeof name !== 'string' || name.trim() === '')
        throw new SignInRefused(
          'unnamed',
          `The staff sign-in provider did not name the staff member (claim '${options.claims.nameClaim}').`,
        );
      return {
        name: name.trim().slice(0, 200),
        subject: claims.sub,
        issuer: claims.iss,
        grants: grantsFromClaim(claims[options.claims.rolesClaim]),
        idToken: tokens.id_token ?? null,
      };
    },

    /** The provider's address that ends its own session too (null when it has none). */
    async endSessionUrl(idToken: string | null): Promise<string | null> {
      const config = await configuration().catch(() => null);
      if (!config?.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(config, {
        ...(idToken ? { id_token_hint: idToken } : { client_id: options.clientId }),
        post_logout_redirect_uri: options.postLogoutRedirectUri,
      }).href;
    },
  };
}

export type RelyingParty = ReturnType<typeof relyingParty>;
