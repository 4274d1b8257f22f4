/**
 * Security headers of every answer, portal and API alike (@fastify/helmet): a strict
 * Content-Security-Policy without inline or evaluated scripts (the portal's form validators are
 * precompiled, so nothing needs `eval`), no framing, no MIME sniffing, no referrer, and answers of
 * the API that carry personal data never stored by a browser or proxy cache.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The portal's policy. Styles may be inline: MUI's emotion writes `<style>` elements at run time;
 * scripts may not, and nothing may be evaluated.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/** The policy as the header's text. */
export function contentSecurityPolicyText(): string {
  return Object.entries(CONTENT_SECURITY_POLICY)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Registers the headers on the root instance, so static files, API answers and errors all carry them. */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CONTENT_SECURITY_POLICY },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // The server may run on plain HTTP on a developer's machine; a proxy in front adds HSTS for its domain.
    strictTransportSecurity: false,
  });
}

/**
 * `Cache-Control: no-store` on every API answer except the public reference lists (lookups,
 * services), which hold nothing personal. Login answers a token, so even public POSTs are covered.
 */
export function installNoStore(api: FastifyInstance): void {
  api.addHook('onSend', async (request, reply, payload) => {
    const publicRead = request.routeOptions.config.public === true && request.method === 'GET';
    if (!publicRead && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}

/**
 * Cache-Control of a file of the portal's build: the hashed files under `assets/` never change under
 * their name, so browsers keep them a year without asking; anything else (index.html, which names the
 * current hashes) is checked with the server on every visit so a new release shows at once.
 */
export function portalCacheControl(path: string): string {
  return /(?:^|[/\\])assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
