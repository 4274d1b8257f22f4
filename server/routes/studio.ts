/**
 * The analyst studio's API (`/studio` in the portal): every service as it is on disk now, not as the
 * server loaded it at start, with its definition problems, its fixtures, and for any form data what
 * the portal and the server would make of it.
 *
 * STUDIO setting: `off` (default: the routes answer 404 as if absent), `on` (a staff key is required,
 * `Authorization: Bearer staff_...`), `open` (no sign-in; `npm run dev` sets it).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { formKey, formsOf } from '../../engine/core';
import { definitionConditions, judgeFixtures, standaloneToFactory, validatorsCode } from '../../engine/core/node';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import type { AppContext } from '../context';
import { answers, download, type Schema } from '../contract/answers';
import { STUDIO_ACCESS, STUDIO_REVISION, STUDIO_SERVICES } from '../contract/operations';
import { notFound, ok } from '../http';
import { LANGUAGE, studioDisk } from '../studio-disk';
import { paramsSchema, queryTexts, typed } from '../route-schemas';

/** Registers the studio's reads (the check is studio-check.ts). */
export function studioRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { mode, admit, loadNow, localized, revisionNow, fixturesRoot } = studioDisk(ctx);
  const open = { config: { public: true } };
  const answering = (data: Schema) => ({ ...open, schema: { response: answers({ 200: data }) } });

  // The page imports a form's validator module by its address, which cannot carry the staff key: the
  // authorised services answer hands out addresses signed with this process's secret instead.
  const secret = randomBytes(32);
  const signature = (address: string) => createHmac('sha256', secret).update(address).digest('base64url');
  const unsignedAddress = (service: string, form: string, language: string, revision: string) =>
    `studio/validators/${encodeURIComponent(service)}/${encodeURIComponent(form)}/${language}.js?rev=${encodeURIComponent(revision)}`;
  const validatorAddress = (service: string, form: string, language: string, revision: string) => {
    const address = unsignedAddress(service, form, language, revision);
    return `${address}&sig=${signature(address)}`;
  };

  app.get('/studio/access', answering(STUDIO_ACCESS), async (request, reply) => {
    await admit(request);
    return ok(reply, { mode });
  });

  app.get('/studio/revision', answering(STUDIO_REVISION), async (request, reply) => {
    await admit(request);
    return ok(reply, { revision: revisionNow() });
  });

  typed(app).get(
    '/studio/services',
    { ...open, schema: { querystring: queryTexts(['language']), response: answers({ 200: STUDIO_SERVICES }) } },
    async (request, reply) => {
      await admit(request);
      const query = request.query;
      const language = typeof query.language === 'string' && LANGUAGE.test(query.language) ? query.language : 'en';
      const { definitions, archived, migrations, problems } = loadNow();
      const revision = revisionNow();
      return ok(reply, {
        problems,
        services: definitions.map((definition) => {
          // Each form read in the language once; the service's title is the one its forms carry.
          const forms = formsOf(definition).map((form) => {
            // Read and judged as the conformance suite does (the English form, the files as written).
            const judged = judgeFixtures(form, fixturesRoot);
            return {
              key: formKey(form),
              variant: form.variant?.label ?? null,
              definition: localized(form, language),
              // The module of the form's validators as it is on disk now, for the live form.
              validator: validatorAddress(definition.key, formKey(form), language, revision),
              fixtures: {
                valid: judged.filter((j) => j.kind === 'valid').map((j) => [j.name, j.data]),
                invalid: judged
                  .filter((j) => j.kind === 'invalid')
                  .map((j) => [j.name, { data: j.data, expect: j.expected }]),
              },
              // Each fixture's judgement (`valid/<file>` or `invalid/<file>`): the errors, and whether
              // they are the ones it expects.
              judgements: judged.map(({ kind, name, errors, agrees }) => ({
                fixture: `${kind}/${name}`,
                errors,
                agrees,
              })),
            };
          });
          return {
            key: definition.key,
            id: definition.id,
            title: forms[0]?.definition.title ?? definition.title,
            // The version edited now, the earlier ones kept, and the migrations between them.
            version: definition.version,
            kept: archived.filter((a) => a.id === definition.id).map((a) => a.version),
            migrations: (migrations.get(definition.id) ?? []).map((m) => m.to),
            forms,
          };
        }),
      });
    },
  );

  /**
   * The validators of one form as they are on disk now, localized as the services answer gave it: an
   * ES module the page imports (`standaloneToFactory`; the page gives it Ajv's runtime modules). Open
   * to the address the services answer signed (the studio's sign-in cannot ride on an import).
   */
  typed(app).get(
    '/studio/validators/:service/:form/:file',
    {
      ...open,
      schema: {
        params: paramsSchema(['service', 'form', 'file']),
        querystring: queryTexts(['rev', 'sig']),
        response: download(['text/javascript'], "The form's validators, an ES module"),
      },
    },
    async (request, reply) => {
      if (mode === 'off') throw notFound();
      const { service, form: key, file } = request.params;
      const { rev, sig } = request.query;
      const language = file.replace(/\.js$/, '');
      if (!LANGUAGE.test(language) || typeof rev !== 'string' || typeof sig !== 'string') throw notFound();
      const expected = Buffer.from(signature(unsignedAddress(service, key, language, rev)));
      const given = Buffer.from(sig);
      if (mode === 'on' && (given.length !== expected.length || !timingSafeEqual(given, expected))) throw notFound();
      const definition = loadNow().definitions.find((d) => d.key === service);
      const english = definition ? formsOf(definition).find((candidate) => formKey(candidate) === key) : undefined;
      if (!english) throw notFound();
      const schema = localized(english, language).formSchema;
      const code = standaloneToFactory(validatorsCode(schema, definitionConditions(english)), {
        schemaHash: hashForSchema(schema as RJSFSchema),
      });
      return reply.header('content-type', 'text/javascript; charset=utf-8').send(code);
    },
  );
}
