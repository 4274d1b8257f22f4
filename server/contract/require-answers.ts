/**
 * Every route of the API declares what it answers: a route registered without a `response` schema
 * is refused when it is registered (the server does not start), so no answer leaves unserialised by
 * its schema and none is missing from the OpenAPI document.
 */
import type { FastifyInstance } from 'fastify';

/** Makes `app` (and what is registered inside it) refuse an `/api/` route without response schemas. */
export function requireResponseSchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') && route.url !== '/api') return;
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response || Object.keys(response).length === 0)
      throw new Error(`${[route.method].flat().join(',')} ${route.url} declares no response schema`);
  });
}
