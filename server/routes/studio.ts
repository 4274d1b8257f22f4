/**
 * The analyst studio's API (`/studio` in the portal): every service as it is on disk now, not as the
 * server loaded it at start, with its definition problems, its fixtures, and for any form data what
 * the portal and the server would make of it.
 *
 * STUDIO setting: `off` (default: the routes answer 404 as if absent), `on` (a staff key is required,
 * `Authorization: Bearer staff_...`), `open` (no sign-in; `npm run dev` sets it).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  confirmSummary,
  applyUiOrder,
  type ServiceDefinition,
  schemaMatches,
  validateFormData,
  buildSubmitRequests,
  uploadSlots,
  requiredProperties,
  visibleProperties,
  formKey,
  formsOf,
  isRecord,
  detailRows,
  detailTables,
} from '../../engine/core';
import {
  fixturesDirOf,
  readFixtureFolder,
  definitionConditions,
  standaloneToFactory,
  validatorsCode,
  localizeFromDisk,
  readServiceCatalogue,
  type CatalogueReader,
} from '../../engine/core/node';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import type { AppContext } from '../context';
import { DEFAULT_SERVICES_DIR, loadDefinitionsFrom } from '../definitions';
import { notFound, ok, parseBody, ValidationError } from '../http';
import { staffOf } from '../staff-accounts';
import { answers, download, type Schema } from '../contract/answers';
import { STUDIO_ACCESS, STUDIO_CHECK, STUDIO_REVISION, STUDIO_SERVICES } from '../contract/operations';

export type StudioMode = 'off' | 'on' | 'open';

const LANGUAGE = /^[a-z]{2}$/;
const checkBody = z.object({
  service: z.string().min(1).max(100),
  form: z.string().min(1).max(200),
  data: z.record(z.string(), z.unknown()),
  language: z.string().regex(LANGUAGE).default('en'),
});

/** Every file under `dir` with its modification time, for the revision the studio watches. */
function fileStamps(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.sort().flatMap((name) => {
    const path = join(dir, name);
    const info = statSync(path);
    return info.isDirectory() ? fileStamps(path) : [`${path}:${info.mtimeMs}:${info.size}`];
  });
}

export function studioRoutes(app: FastifyInstance, ctx: AppContext): void {
  const mode = ctx.config.studio;
  const servicesDir = ctx.servicesDir ?? DEFAULT_SERVICES_DIR;
  const fixturesRoot = resolve(servicesDir, '..', 'fixtures');
  const open = { config: { public: true } };
  const answering = (data: Schema) => ({ ...open, schema: { response: answers({ 200: data }) } });

  /** Absent when off; a staff member's key when on. */
  async function admit(request: FastifyRequest): Promise<void> {
    if (mode === 'off') throw notFound();
    if (mode === 'on') await staffOf(ctx.db, request, ctx.config.limits.staffKeyMs);
  }

  /** The definitions as they are on disk now, and what is wrong with them. */
  const loadNow = () => loadDefinitionsFrom(servicesDir);

  /** A catalogue that is not valid JSON (the analyst is editing it) translates nothing meanwhile. */
  const readLeniently: CatalogueReader = (dir, folder, language) => {
    try {
      const catalogue = readServiceCatalogue(dir, folder, language);
      return isRecord(catalogue) ? catalogue : undefined;
    } catch {
      return undefined;
    }
  };

  /** A definition as the portal renders it in `language` (the English original for English). */
  const localized = (definition: ServiceDefinition, language: string): ServiceDefinition =>
    localizeFromDisk(servicesDir, definition, language, readLeniently);

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

  /** Changes whenever a file of the services or the fixtures changes: the studio reads again then. */
  const revisionNow = (): string => {
    const stamps = [...fileStamps(servicesDir), ...fileStamps(fixturesRoot)].join('\n');
    let hash = 0;
    for (let i = 0; i < stamps.length; i += 1) hash = (hash * 31 + stamps.charCodeAt(i)) | 0;
    return `${stamps.length}-${hash >>> 0}`;
  };

  app.get('/studio/access', answering(STUDIO_ACCESS), async (request, reply) => {
    await admit(request);
    return ok(reply, { mode });
  });

  app.get('/studio/revision', answering(STUDIO_REVISION), async (request, reply) => {
    await admit(request);
    return ok(reply, { revision: revisionNow() });
  });

  app.get<{ Querystring: { language?: unknown } }>(
    '/studio/services',
    answering(STUDIO_SERVICES),
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
            const dir = fixturesDirOf(form, fixturesRoot);
            return {
              key: formKey(form),
              variant: form.variant?.label ?? null,
              definition: localized(form, language),
              // The module of the form's validators as it is on disk now, for the live form.
              validator: validatorAddress(definition.key, formKey(form), language, revision),
              fixtures: {
                valid: readFixtureFolder<Record<string, unknown>>(join(dir, 'valid')),
                invalid: readFixtureFolder<{ data: Record<string, unknown>; expect: unknown }>(join(dir, 'invalid')),
              },
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
  app.get<{ Params: { service: string; form: string; file: string }; Querystring: { rev?: unknown; sig?: unknown } }>(
    '/studio/validators/:service/:form/:file',
    { ...open, schema: { response: download(['text/javascript'], "The form's validators, an ES module") } },
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

  /**
   * What the portal and the server make of `data` in one form: the fields step 1 shows, the errors
   * (in `language`), the documents step 2 asks for, the confirm step's summary, the view's rows and
   * tables, and the calls a submit would send.
   */
  app.post('/studio/check', answering(STUDIO_CHECK), async (request, reply) => {
    await admit(request);
    const body = parseBody(checkBody, request.body);
    const { definitions } = loadNow();
    const definition = definitions.find((d) => d.key === body.service);
    const english = definition ? formsOf(definition).find((form) => formKey(form) === body.form) : undefined;
    if (!definition || !english)
      throw new ValidationError([{ field: 'form', message: `No form ${body.form} of ${body.service} on disk.` }]);
    const form = localized(english, body.language);
    const translate = (text: string) => ctx.messages.translate(text, body.language);
    const visible = visibleProperties(form.formSchema, body.data, schemaMatches);
    const required = requiredProperties(form.formSchema, body.data, schemaMatches);
    const fields = applyUiOrder([...visible.keys()], form.uiSchema['ui:order']).map((name) => {
      const schema = visible.get(name) ?? {};
      const ui = isRecord(form.uiSchema[name]) ? form.uiSchema[name] : {};
      return {
        name,
        title: typeof schema.title === 'string' ? schema.title : name,
        widget: typeof ui['ui:widget'] === 'string' ? ui['ui:widget'] : null,
        required: required.has(name),
      };
    });
    const errors = validateFormData(form.formSchema, body.data).errors.map((error) => ({
      ...error,
      message: translate(error.message),
    }));
    const attachments = ctx.reference.serviceAttachments
      .filter((a) => a.service_id === definition.id)
      .map((a, index) => ({ id: index + 1, ...a }));
    return ok(reply, {
      fields: fields.filter((field) => field.widget !== 'hidden'),
      errors,
      uploads: uploadSlots(form, attachments, body.data, schemaMatches),
      summary: confirmSummary(form, body.data, { matches: schemaMatches }),
      view: {
        rows: detailRows(form, body.data),
        tables: detailTables(form, { [form.view.record]: body.data }),
      },
      requests: buildSubmitRequests(english, body.data, { clientId: 1, applicationId: 1, serviceId: definition.id }),
    });
  });
}
