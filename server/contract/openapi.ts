/**
 * The API's OpenAPI 3.1 document, made by @fastify/swagger from the routes' own schemas (the same
 * ones that check requests and serialise answers), and the route that serves it: `GET /api/openapi.json`.
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { ERROR_ANSWER } from './answers';

/** Collects the routes registered after it into the document: register before the API's routes. */
export async function installOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'EcoPermit reference provider API',
        description:
          'The contract of the client portal (specs 01 and 02): every answer is `{ code, data, error }`; refusals carry the message in `error` and, for 422, the field errors in `data.fields`.',
        version,
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token of login' } },
      },
    },
    transform: ({ schema, url, route }) => ({
      schema: {
        ...schema,
        ...(route.config && (route.config as { public?: boolean }).public === true
          ? {}
          : { security: [{ bearer: [] }] }),
        // Only the API: the portal's pages and files are no part of the contract.
        ...(url.startsWith('/api/') ? {} : { hide: true }),
      },
      url,
    }),
  });
}

/** `GET /api/openapi.json` (registered inside the `/api` prefix): the document, public. */
export function openApiRoute(api: FastifyInstance): void {
  api.get(
    '/openapi.json',
    {
      config: { public: true },
      schema: {
        response: {
          200: { description: 'The OpenAPI 3.1 document of this API', type: 'object', additionalProperties: true },
          '4xx': { description: 'Refused', ...ERROR_ANSWER },
          '5xx': { description: 'Failed', ...ERROR_ANSWER },
        },
      },
    },
    // OpenAPI's own media type: the document is not an answer of the contract's envelope.
    (_request, reply) => reply.type('application/vnd.oai.openapi+json; charset=utf-8').send(api.swagger()),
  );
}
