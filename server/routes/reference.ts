/**
 * Reference data: the lookup lists declared in fixtures/lookups (one GET per list), the services
 * and their required documents. Public: none of it is personal. Entries and services carry their
 * English `name` (what records keep), and for a caller of another language a `label` in it
 * (reference-labels.ts); an English caller gets the contract's fields only.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { idParam, ok } from '../http';
import { answers } from '../contract/answers';
import { LOOKUP_ENTRIES, SERVICE_ATTACHMENTS, SERVICES } from '../contract/reference';
import { lookupEntry } from '../lookup-entry';
import { attachmentLabels, labelsFor, lookupLabel, serviceLabels } from '../reference-labels';
import { paramsSchema, pathParams, typed } from '../route-schemas';

/** `plastics/consumption-areas/{parent}` -> `/plastics/consumption-areas/:parent`. */
export function lookupRoutePath(path: string): string {
  return `/${path.replace(/^\/+/, '').replace(/\{parent\}/g, ':parent')}`;
}

/** Registers one GET per lookup list, and the services with their required documents. */
export function referenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  for (const list of ctx.reference.lookups) {
    const hasParent = list.path.includes('{parent}');
    app.get<{ Params: { parent: string } }>(
      lookupRoutePath(list.path),
      {
        config: { public: true },
        schema: { params: pathParams(lookupRoutePath(list.path)), response: answers({ 200: LOOKUP_ENTRIES }) },
      },
      async (request, reply) => {
        let query = db.selectFrom('lookups').select(['id', 'name', 'extra']).where('kind', '=', list.kind);
        if (hasParent) query = query.where('parent_id', '=', idParam(request.params.parent));
        const labels = labelsFor(ctx.reference.labels, request.headers['accept-language']);
        void reply.header('Vary', 'Accept-Language');
        return ok(
          reply,
          (await query.orderBy('id').execute()).map((row) =>
            labels ? { ...lookupEntry(row), label: lookupLabel(labels, list.kind, row.name) } : lookupEntry(row),
          ),
        );
      },
    );
  }

  app.get(
    '/services',
    { config: { public: true }, schema: { response: answers({ 200: SERVICES }) } },
    async (request, reply) => {
      const labels = labelsFor(ctx.reference.labels, request.headers['accept-language']);
      const services = await db.selectFrom('services').select(['id', 'name', 'description']).orderBy('id').execute();
      void reply.header('Vary', 'Accept-Language');
      return ok(
        reply,
        labels ? services.map((service) => ({ ...service, ...serviceLabels(labels, service) })) : services,
      );
    },
  );

  typed(app).get(
    '/service/attachments/:serviceId',
    {
      config: { public: true },
      schema: { params: paramsSchema(['serviceId']), response: answers({ 200: SERVICE_ATTACHMENTS }) },
    },
    async (request, reply) => {
      const serviceId = idParam(request.params.serviceId);
      const labels = labelsFor(ctx.reference.labels, request.headers['accept-language']);
      const rows = await db
        .selectFrom('service_attachments')
        .select(['id', 'name', 'description', 'info', 'is_mandatory'])
        .where('service_id', '=', serviceId)
        .orderBy('id')
        .execute();
      void reply.header('Vary', 'Accept-Language');
      return ok(
        reply,
        rows.map((r) => ({
          ...r,
          is_mandatory: r.is_mandatory === 1,
          ...(labels ? attachmentLabels(labels, r) : {}),
        })),
      );
    },
  );
}
