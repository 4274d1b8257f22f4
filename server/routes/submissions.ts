/**
 * The submit routes of the service definitions: one route per `submit.calls[]` entry of every
 * definition. A submission is judged with the definition's own schema (the one the browser used)
 * after the server has replaced every value it does not trust: lookup name fields come from its
 * lookup tables, company-picker fills from the caller's stored company, one-hot flags from the form.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServiceDefinition, SubmitCall } from '../../engine/core/definition-types';
import { validateFormData } from '../../engine/core/form-validator';
import { lookupBindings, resolveSourcePath, type LookupBinding } from '../../engine/core/lookup-bindings';
import { isRecord, valueAt } from '../../engine/core/value-path';
import { STATUS } from '../../engine/core/status-presentation';
import { missingUploads, uploadSlots } from '../../engine/core/required-documents';
import { definedProperties } from '../../engine/core/schema-walk';
import {
  acceptsFollowUps,
  assertEditable,
  EDITABLE_STATUSES,
  lockApplication,
  NOT_CHANGEABLE,
  ownedApplication,
} from '../applications-store';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { Application, Database } from '../db/tables';
import type { Transaction } from 'kysely';
import { forbidden, HttpError, isDbId, ok, ValidationError, type FieldError } from '../http';
import { REQUIRED } from '../field-rules';

type Data = Record<string, unknown>;

const BAD_OPTION = 'Choose a valid option.';
export const DOCUMENTS_MISSING = 'Please upload all required documents.';

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

function setAt(data: Data, path: string, value: unknown): void {
  const parts = path.split('.');
  let current: Data = data;
  for (const part of parts.slice(0, -1)) {
    let next = current[part];
    if (!isRecord(next)) {
      if (value === undefined || value === null) return;
      next = {};
      current[part] = next;
    }
    current = next as Data;
  }
  const last = parts[parts.length - 1] ?? path;
  if (value === undefined || value === null) delete current[last];
  else current[last] = value;
}

/** A sibling of a dotted field: `a.b` + `c` -> `a.c`. */
function sibling(field: string, name: string): string {
  const dot = field.lastIndexOf('.');
  return dot < 0 ? name : `${field.slice(0, dot + 1)}${name}`;
}

/** True when a template value holds no `$` reference anywhere, i.e. it is a constant. */
function isConstant(value: unknown): boolean {
  if (typeof value === 'string') return !value.startsWith('$');
  if (Array.isArray(value)) return value.every(isConstant);
  if (isRecord(value)) return Object.values(value).every(isConstant);
  return true;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Matches API paths of the lookup lists, e.g. `plastics/consumption-areas/3` -> items of area 3. */
interface LookupMatcher {
  kind: string;
  pattern: RegExp;
  hasParent: boolean;
}

function lookupMatchers(ctx: AppContext): LookupMatcher[] {
  return ctx.reference.lookups.map((list) => {
    const escaped = list.path
      .replace(/^\/+/, '')
      .split('{parent}')
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('([^/]+)');
    return { kind: list.kind, pattern: new RegExp(`^${escaped}$`), hasParent: list.path.includes('{parent}') };
  });
}

/** Body split back into what it was built from: the form data and the context values. */
interface ReadBody {
  formData: Data;
  errors: FieldError[];
  clientId: unknown;
  applicationId: unknown;
}

/**
 * Reverses the body template of a call (see engine/core/payload-mapping.ts): checks constants and
 * context values, and collects the form data.
 */
function readBody(call: SubmitCall, definition: ServiceDefinition, body: Data, params: Data): ReadBody {
  const errors: FieldError[] = [];
  const flagKeys = new Set((call.flags ?? []).flatMap((f) => f.values));
  const templateKeys = new Set(Object.keys(call.body).filter((k) => k !== '...'));
  let formData: Data = {};
  if (call.body['...'] === '$form') {
    for (const [key, value] of Object.entries(body))
      if (!templateKeys.has(key) && !flagKeys.has(key)) formData[key] = value;
  }
  let clientId: unknown = params.clientId;
  let applicationId: unknown = params.applicationId;
  if (params.serviceId !== undefined && String(params.serviceId) !== String(definition.id)) {
    errors.push({ field: 'serviceId', message: `must be ${definition.id}` });
  }
  for (const [key, template] of Object.entries(call.body)) {
    if (key === '...') continue;
    const value = body[key];
    if (template === '$form') {
      if (isRecord(value)) formData = { ...formData, ...value };
    } else if (typeof template === 'string' && template.startsWith('$form.')) {
      if (value !== undefined) setAt(formData, template.slice('$form.'.length), value);
    } else if (template === '$context.clientId') {
      if (isEmpty(value)) errors.push({ field: key, message: REQUIRED });
      clientId = isEmpty(value) ? clientId : value;
    } else if (template === '$context.applicationId') {
      if (isEmpty(value)) errors.push({ field: key, message: REQUIRED });
      applicationId = isEmpty(value) ? applicationId : value;
    } else if (template === '$context.serviceId') {
      if (String(value) !== String(definition.id)) errors.push({ field: key, message: `must be ${definition.id}` });
    } else if (isConstant(template) && !sameJson(value, template)) {
      errors.push({ field: key, message: `must be ${JSON.stringify(template)}` });
    }
  }
  return { formData, errors, clientId, applicationId };
}

/**
 * Replaces what the server does not trust: recomputes lookup name fields from its own tables,
 * checks ids exist (and are not excluded), and fills company-picker fields from the caller's company.
 */
async function resolveBindings(
  db: Kysely<Database>,
  matchers: LookupMatcher[],
  bindings: LookupBinding[],
  formData: Data,
  clientId: number,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  /**
   * Names of the given ids in the list a source path serves, in one query: id -> name for the ids
   * found (ids that cannot be database ids are simply not found); undefined when the server does not
   * serve the source, so it cannot check it.
   */
  const findOptions = async (source: string, ids: readonly unknown[]): Promise<Map<string, string> | undefined> => {
    const found = new Map<string, string>();
    const path = resolveSourcePath(source, formData, { clientId });
    if (path === null) return found;
    const clean = path.replace(/^\/+/, '').split('?')[0] ?? '';
    for (const matcher of matchers) {
      const m = matcher.pattern.exec(clean);
      if (!m) continue;
      const wanted = [...new Set(ids.filter(isDbId).map(Number))];
      if (wanted.length === 0) return found;
      let query = db
        .selectFrom('lookups')
        .select(['id', 'name'])
        .where('kind', '=', matcher.kind)
        .where('id', 'in', wanted);
      if (matcher.hasParent) {
        const parent = decodeURIComponent(m[1] ?? '');
        if (!isDbId(parent)) return found;
        query = query.where('parent_id', '=', Number(parent));
      }
      for (const row of await query.execute()) found.set(String(row.id), row.name);
      return found;
    }
    // A source the server does not serve cannot be checked here.
    return undefined;
  };

  for (const binding of bindings) {
    const value = valueAt(formData, binding.field);
    if (binding.widget === 'company-picker') {
      if (isEmpty(value)) continue;
      const company = isDbId(value)
        ? await db
            .selectFrom('companies')
            .selectAll()
            .where('id', '=', Number(value))
            .where('client_id', '=', clientId)
            .executeTakeFirst()
        : undefined;
      if (!company) {
        errors.push({ field: binding.field, message: 'Choose one of your companies.' });
        continue;
      }
      for (const [target, companyField] of Object.entries(binding.fill ?? {})) {
        setAt(formData, sibling(binding.field, target), (company as unknown as Data)[companyField] ?? null);
      }
      continue;
    }
    if (!binding.source) continue;
    if (binding.widget === 'items-checklist') {
      const namesField = binding.nameField ? sibling(binding.field, binding.nameField) : null;
      const items = [...new Set(Array.isArray(value) ? value : [])];
      const found = await findOptions(binding.source, items);
      const refused = found !== undefined && items.some((item) => !found.has(String(item)));
      if (refused) errors.push({ field: binding.field, message: BAD_OPTION });
      const names = found
        ? items.map((item) => found.get(String(item))).filter((n): n is string => n !== undefined)
        : [];
      // The names are the server's, from the ids: whatever the browser sent is replaced.
      if (namesField && !refused) setAt(formData, namesField, names.length > 0 ? names : undefined);
      continue;
    }
    const nameField = binding.nameField ? sibling(binding.field, binding.nameField) : null;
    if (isEmpty(value)) {
      // No choice, no name: a name sent without an id is dropped.
      if (nameField) setAt(formData, nameField, null);
      continue;
    }
    const extra = binding.extraOptions?.find((o) => String(o.value) === String(value));
    let name: string | null | undefined = extra?.label;
    if (!extra) {
      const found = await findOptions(binding.source, [value]);
      name = found ? (found.get(String(value)) ?? null) : undefined;
      if (name === null || (name !== undefined && binding.exclude?.includes(name))) {
        errors.push({ field: binding.field, message: BAD_OPTION });
        continue;
      }
    }
    if (nameField && name !== undefined) setAt(formData, nameField, name);
  }
  return errors;
}

/**
 * The required documents of the service (its mandatory service attachments and the definition's
 * required extra uploads whose condition holds for `formData`) that the application does not hold,
 * as field errors named by document.
 */
async function missingDocuments(
  trx: Transaction<Database>,
  definition: ServiceDefinition,
  applicationId: number,
  formData: Data,
): Promise<FieldError[]> {
  const serviceAttachments = definition.documents.serviceAttachments
    ? await trx
        .selectFrom('service_attachments')
        .select(['name', 'description', 'info', 'is_mandatory'])
        .where('service_id', '=', definition.id)
        .execute()
    : [];
  const slots = uploadSlots(definition, serviceAttachments, formData);
  const held = await trx
    .selectFrom('attachments')
    .select('description')
    .where('application_id', '=', applicationId)
    .execute();
  const chosen = Object.fromEntries(held.map((row) => [row.description, true]));
  const missing = new Set(missingUploads(slots, chosen));
  return slots
    .filter((slot) => missing.has(slot.name))
    .map((slot) => ({ field: slot.name, message: slot.requiredMessage ?? REQUIRED }));
}

/** Merges field errors, keeping the first message per field. */
function mergeErrors(...lists: FieldError[][]): FieldError[] {
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const e of lists.flat()) {
    const field = e.field || 'form';
    if (seen.has(`${field}\u0000${e.message}`)) continue;
    seen.add(`${field}\u0000${e.message}`);
    result.push({ field, message: e.message });
  }
  return result;
}

/** The route of a submit call under the API prefix: `clients/{clientId}/x` -> `/clients/:clientId/x`. */
export function submitRouteUrl(call: Pick<SubmitCall, 'path'>): string {
  return `/${call.path.replace(/^\/+/, '').replace(/\{(clientId|applicationId|serviceId)\}/g, ':$1')}`;
}

/** Registers every submit call of every definition. @throws Error when two calls claim one route. */
export function submissionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const matchers = lookupMatchers(ctx);
  const claimed = new Map<string, string>();

  for (const definition of ctx.definitions) {
    const bindings = lookupBindings(definition);
    for (const call of definition.submit.calls) {
      const url = submitRouteUrl(call);
      const routeKey = `${call.method} ${url}`;
      const owner = claimed.get(routeKey);
      if (owner) throw new Error(`Submit route ${routeKey} of '${definition.key}' is already registered by '${owner}'`);
      claimed.set(routeKey, definition.key);
      const schema = call.schema ? definition.callSchemas[call.schema] : definition.formSchema;
      if (!schema)
        throw new Error(
          `Service '${definition.key}': schema '${call.schema ?? ''}' of call '${call.name}' is not loaded`,
        );
      const declared = definedProperties(schema);

      app.route({
        method: call.method,
        url,
        handler: async (request: FastifyRequest, reply) => {
          if (!isRecord(request.body)) throw new ValidationError([{ field: 'body', message: 'Send a JSON object.' }]);
          const read = readBody(call, definition, request.body, (request.params ?? {}) as Data);
          if (!isEmpty(read.clientId) && String(read.clientId) !== String(request.clientId)) throw forbidden();
          if (read.errors.length > 0) throw new ValidationError(read.errors);

          let application: Application | null = null;
          if (!isEmpty(read.applicationId)) {
            if (!isDbId(read.applicationId)) throw new HttpError(404, 'Application not found');
            application = await ownedApplication(db, request.clientId, Number(read.applicationId));
            if (application.service_id !== definition.id) {
              throw new ValidationError([
                { field: 'application_id', message: `is not an application of service ${definition.id}` },
              ]);
            }
            if (call.savesRecord) assertEditable(application);
            else if (!acceptsFollowUps(application)) throw new HttpError(409, NOT_CHANGEABLE);
          } else if (call.savesRecord) {
            throw new ValidationError([{ field: 'application_id', message: REQUIRED }]);
          }

          const bindingErrors = await resolveBindings(db, matchers, bindings, read.formData, request.clientId);
          const result = validateFormData(schema, read.formData);
          const errors = mergeErrors(bindingErrors, result.errors);
          if (errors.length > 0) throw new ValidationError(errors);

          // Only what the schema declares is stored: a body cannot keep fields of its own invention.
          const record: Data = {};
          for (const [key, value] of Object.entries(read.formData)) if (declared.has(key)) record[key] = value;
          // Flags are derived again from the form after validation: the body's own values are not trusted.
          for (const flag of call.flags ?? []) {
            const current = valueAt(read.formData, flag.field);
            for (const value of flag.values) record[value] = current === value;
          }
          if (!application) return ok(reply, { saved: false, [call.name]: record });
          const target = application;
          const recordKey = call.savesRecord ? definition.view.record : call.name;
          const now = nowIso();
          const data = JSON.stringify(record);
          await db.transaction().execute(async (trx) => {
            // Under the application's lock: of concurrent submits of one draft, exactly one passes.
            const locked = await lockApplication(trx, ctx.dialect, target.id);
            if (!locked) throw new HttpError(404, 'Application not found');
            if (!call.savesRecord) {
              if (!acceptsFollowUps(locked)) throw new HttpError(409, NOT_CHANGEABLE);
            } else {
              assertEditable(locked);
              const missing = await missingDocuments(trx, definition, target.id, record);
              if (missing.length > 0) throw new ValidationError(missing, DOCUMENTS_MISSING);
            }
            await trx
              .insertInto('application_records')
              .values({ application_id: target.id, record_key: recordKey, data, updated_at: now })
              .onConflict((oc) => oc.columns(['application_id', 'record_key']).doUpdateSet({ data, updated_at: now }))
              .execute();
            if (!call.savesRecord) return;
            const moved = await trx
              .updateTable('applications')
              .set({
                status_id: STATUS.submitted,
                submitted_at: now,
                updated_at: now,
                ...(locked.status_id === STATUS.returned ? { resubmitted: 1 } : {}),
              })
              .where('id', '=', target.id)
              .where('status_id', 'in', [...EDITABLE_STATUSES])
              .executeTakeFirst();
            if (moved.numUpdatedRows !== 1n) throw new HttpError(409, NOT_CHANGEABLE);
            await trx
              .insertInto('flow_histories')
              .values({
                application_id: target.id,
                status_id: STATUS.submitted,
                comment_to_applicant: null,
                created_at: now,
              })
              .execute();
          });
          return ok(reply, {
            id: target.id,
            app_id: target.app_id,
            application_status_id: call.savesRecord ? STATUS.submitted : target.status_id,
            [recordKey]: record,
          });
        },
      });
    }
  }
}
