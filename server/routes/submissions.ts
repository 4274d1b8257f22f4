/**
 * The submit routes of the service definitions: one route per `submit.calls[]` entry of every
 * definition. A submission is judged with the definition's own schema (the one the browser used)
 * after the server has replaced every value it does not trust: lookup name fields come from its
 * lookup tables, company-picker fills from the caller's stored company, one-hot flags from the form.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { JsonSchema, ServiceDefinition, SubmitCall } from '../../engine/core/definition-types';
import {
  callSchema,
  fieldsOfCall,
  readField,
  readKey,
  readSubmitBody,
  resolveBodyValue,
  submitRoute,
  withCallDefaults,
  type ReadBody,
} from '../../engine/core/payload-mapping';
import { schemaMatches, validateFormData } from '../../engine/core/form-validator';
import { formsOf } from '../../engine/core/service-forms';
import {
  isOfferedEntry,
  lookupBindings,
  resolveSourcePath,
  type LookupBinding,
} from '../../engine/core/lookup-bindings';
import { isRecord, setValueAt, valueAt } from '../../engine/core/value-path';
import { isCountryName } from '../../engine/core/countries';
import { withinWordLimit, wordLimitMessage } from '../../engine/core/word-limit';
import { STATUS } from '../../engine/core/status-presentation';
import { uploadSlots } from '../../engine/core/required-documents';
import { definedProperties, visibleProperties } from '../../engine/core/schema-walk';
import {
  assertEditable,
  definitionOfStored,
  EDITABLE_STATUSES,
  lockApplication,
  missingUploadErrors,
  NOT_CHANGEABLE,
  ownedApplication,
} from '../applications-store';
import type { AppContext } from '../context';
import { lookupEntry } from './reference';
import { nowIso } from '../db/database';
import type { Application, Database } from '../db/tables';
import type { Transaction } from 'kysely';
import { forbidden, HttpError, idParam, isDbId, ok, ValidationError, type FieldError } from '../http';
import { REQUIRED } from '../field-rules';

type Data = Record<string, unknown>;

const BAD_OPTION = 'Choose a valid option.';
export const DOCUMENTS_MISSING = 'Please upload all required documents.';
export const OTHER_FORM = 'This application was submitted with another form of the service.';

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** A sibling of a dotted field: `a.b` + `c` -> `a.c`. */
function sibling(field: string, name: string): string {
  const dot = field.lastIndexOf('.');
  return dot < 0 ? name : `${field.slice(0, dot + 1)}${name}`;
}

/** The key of the looked-up option in a row of a lookup-codes list: `waste_identification_id` -> `waste_identification`. */
function optionKey(idField: string): string {
  return idField.endsWith('_id') ? idField.slice(0, -'_id'.length) : `${idField}_option`;
}

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

/**
 * Names of the given ids in the list an API path serves, in one query: id -> name for the ids found
 * (ids that cannot be database ids, and entries a binding's `only` does not offer, are not found); undefined when the server does not serve
 * the path, so it cannot check it. A null path (a placeholder without a value) finds nothing.
 */
async function lookupNames(
  db: Kysely<Database>,
  matchers: LookupMatcher[],
  path: string | null,
  ids: readonly unknown[],
  only?: Record<string, unknown>,
): Promise<Map<string, string> | undefined> {
  const found = new Map<string, string>();
  if (path === null) return found;
  const clean = path.replace(/^\/+/, '').split('?')[0] ?? '';
  for (const matcher of matchers) {
    const m = matcher.pattern.exec(clean);
    if (!m) continue;
    const wanted = [...new Set(ids.filter(isDbId).map(Number))];
    if (wanted.length === 0) return found;
    let query = db
      .selectFrom('lookups')
      .select(['id', 'name', 'extra'])
      .where('kind', '=', matcher.kind)
      .where('id', 'in', wanted);
    if (matcher.hasParent) {
      const parent = decodeURIComponent(m[1] ?? '');
      if (!isDbId(parent)) return found;
      query = query.where('parent_id', '=', Number(parent));
    }
    for (const row of await query.execute())
      if (isOfferedEntry(lookupEntry(row), only)) found.set(String(row.id), row.name);
    return found;
  }
  return undefined;
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
  const findOptions = (binding: LookupBinding, source: string, ids: readonly unknown[]) =>
    lookupNames(db, matchers, resolveSourcePath(source, formData, { clientId }), ids, binding.only);

  for (const binding of bindings) {
    const value = valueAt(formData, binding.field);
    switch (binding.check) {
      case 'own-company': {
        if (isEmpty(value)) break;
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
          break;
        }
        for (const [target, companyField] of Object.entries(binding.fill ?? {})) {
          setValueAt(formData, sibling(binding.field, target), (company as unknown as Data)[companyField] ?? null);
        }
        break;
      }
      case 'lookup-list': {
        if (!binding.source) break;
        const namesField = binding.nameField ? sibling(binding.field, binding.nameField) : null;
        const items = [...new Set(Array.isArray(value) ? value : [])];
        const found = await findOptions(binding, binding.source, items);
        const refused = found !== undefined && items.some((item) => !found.has(String(item)));
        if (refused) errors.push({ field: binding.field, message: BAD_OPTION });
        const names = found
          ? items.map((item) => found.get(String(item))).filter((n): n is string => n !== undefined)
          : [];
        // The names are the server's, from the ids: whatever the browser sent is replaced.
        if (namesField && !refused) setValueAt(formData, namesField, names.length > 0 ? names : undefined);
        break;
      }
      case 'lookup': {
        if (!binding.source) break;
        const nameField = binding.nameField ? sibling(binding.field, binding.nameField) : null;
        if (isEmpty(value)) {
          // No choice, no name: a name sent without an id is dropped.
          if (nameField) setValueAt(formData, nameField, null);
          break;
        }
        const extra = binding.extraOptions?.find((o) => String(o.value) === String(value));
        let name: string | null | undefined = extra?.label;
        if (!extra) {
          const found = await findOptions(binding, binding.source, [value]);
          name = found ? (found.get(String(value)) ?? null) : undefined;
          if (name === null || (name !== undefined && binding.exclude?.includes(name))) {
            errors.push({ field: binding.field, message: BAD_OPTION });
            break;
          }
        }
        if (nameField && name !== undefined) setValueAt(formData, nameField, name);
        break;
      }
      case 'country':
        if (!isEmpty(value) && !isCountryName(value)) errors.push({ field: binding.field, message: BAD_OPTION });
        break;
      case 'word-limit':
        if (typeof value === 'string' && !withinWordLimit(value, binding.maxWords ?? Infinity, binding.maxChars))
          errors.push({ field: binding.field, message: wordLimitMessage(binding.maxWords ?? 0) });
        break;
      case 'lookup-rows': {
        if (!binding.source || !binding.idField || !Array.isArray(value)) break;
        const idField = binding.idField;
        const ids = value.map((row) => (isRecord(row) ? row[idField] : undefined));
        const found = await findOptions(binding, binding.source, ids);
        if (found === undefined) break;
        if (ids.some((rowId) => !found.has(String(rowId)))) {
          errors.push({ field: binding.field, message: BAD_OPTION });
          break;
        }
        // Each row is stored with its option as the server names it (what the read-back answers too),
        // so the record shows `waste_identification.name`; whatever the browser sent there is replaced.
        const option = optionKey(idField);
        setValueAt(
          formData,
          binding.field,
          value.map((row) =>
            isRecord(row)
              ? { ...row, [option]: { id: row[idField], name: found.get(String(row[idField])) ?? null } }
              : row,
          ),
        );
        break;
      }
      case 'schema':
        break;
    }
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
  return missingUploadErrors(trx, applicationId, uploadSlots(definition, serviceAttachments, formData, schemaMatches));
}

/**
 * The whole form of an application at its submission: the record and the fields it leaves out
 * (`omit`), as the calls before it saved them. A field no call saved is absent.
 */
async function wholeForm(
  trx: Transaction<Database>,
  definition: ServiceDefinition,
  call: SubmitCall,
  applicationId: number,
  record: Data,
): Promise<Data> {
  const omitted = call.omit ?? [];
  if (omitted.length === 0) return record;
  const formFields = [...definedProperties(definition.formSchema).keys()];
  const senders = definition.submit.calls
    .filter((other) => other !== call && fieldsOfCall(other, formFields).some((field) => omitted.includes(field)))
    .map((other) => other.name);
  const whole: Data = { ...record };
  if (senders.length > 0) {
    const saved = await trx
      .selectFrom('application_records')
      .select('data')
      .where('application_id', '=', applicationId)
      .where('record_key', 'in', senders)
      .execute();
    for (const row of saved) {
      const part = JSON.parse(row.data) as unknown;
      if (isRecord(part)) for (const field of omitted) if (field in part) whole[field] = part[field];
    }
  }
  return whole;
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

interface Candidate {
  definition: ServiceDefinition;
  call: SubmitCall;
  bindings: LookupBinding[];
  schema: JsonSchema;
  declared: ReadonlySet<string>;
  /** Records of the service's other forms (variants): an application holds the record of one form. */
  otherRecords: string[];
}

/**
 * Registers every submit call of every definition. Services may share a route (both licences save a
 * Basel record at the same path): the application named in the body says whose call it is.
 * @throws Error when two calls of one service claim one route.
 */
export function submissionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const matchers = lookupMatchers(ctx);
  const routes = new Map<string, { method: SubmitCall['method']; url: string; candidates: Candidate[] }>();

  // The current services first (a call without an application is judged by them), then the kept
  // earlier versions, which judge the applications submitted under them.
  for (const service of [...ctx.definitions, ...ctx.archived]) {
    const records = formsOf(service).map((form) => form.view.record);
    for (const definition of formsOf(service)) {
      const bindings = lookupBindings(definition);
      for (const call of definition.submit.calls) {
        const url = submitRoute(call);
        const routeKey = `${call.method} ${url}`;
        const route = routes.get(routeKey) ?? { method: call.method, url, candidates: [] };
        if (route.candidates.some((c) => c.definition.id === service.id && c.definition.version === service.version))
          throw new Error(`Submit route ${routeKey} is claimed twice by the forms of '${definition.key}'`);
        const schema = callSchema(definition, call);
        if (!schema)
          throw new Error(
            `Service '${definition.key}': schema '${call.schema ?? ''}' of call '${call.name}' is not loaded`,
          );
        route.candidates.push({
          definition,
          call,
          bindings,
          schema,
          declared: new Set(definedProperties(schema).keys()),
          otherRecords: records.filter((record) => record !== definition.view.record),
        });
        routes.set(routeKey, route);
      }
    }
  }

  /** The candidate of an application: its service's, in the version that judges it (a draft: the current one). */
  function candidateOf(candidates: readonly Candidate[], application: Application): Candidate | undefined {
    const judge = definitionOfStored(ctx, application);
    return candidates.find(
      (c) => c.definition.id === application.service_id && c.definition.version === judge?.version,
    );
  }

  /** The call a request is for, with the application it names (null for a call without one). */
  async function resolve(
    candidates: Candidate[],
    request: FastifyRequest,
    body: Data,
  ): Promise<{ candidate: Candidate; read: ReadBody; application: Application | null }> {
    const params = (request.params ?? {}) as Data;
    const first = candidates[0] as Candidate;
    let candidate = first;
    let read = readSubmitBody(first.call, first.definition.id, body, params);
    if (!isEmpty(read.clientId) && String(read.clientId) !== String(request.clientId)) throw forbidden();
    if (isEmpty(read.applicationId)) {
      if (first.call.savesRecord || candidates.length > 1)
        throw new ValidationError([{ field: 'application_id', message: REQUIRED }]);
      if (read.errors.length > 0) throw new ValidationError(read.errors);
      return { candidate, read, application: null };
    }
    if (!isDbId(read.applicationId)) throw new HttpError(404, 'Application not found');
    const application = await ownedApplication(db, request.clientId, Number(read.applicationId));
    const owner = candidateOf(candidates, application);
    if (!owner) {
      throw new ValidationError([
        {
          field: 'application_id',
          message: `is not an application of service ${candidates.map((c) => c.definition.id).join(' or ')}`,
        },
      ]);
    }
    if (owner !== first) {
      candidate = owner;
      read = readSubmitBody(owner.call, owner.definition.id, body, params);
    }
    if (read.errors.length > 0) throw new ValidationError(read.errors);
    return { candidate, read, application };
  }

  for (const { method, url, candidates } of routes.values()) {
    app.route({
      method,
      url,
      handler: async (request: FastifyRequest, reply) => {
        if (!isRecord(request.body)) throw new ValidationError([{ field: 'body', message: 'Send a JSON object.' }]);
        const { candidate, read, application } = await resolve(candidates, request, request.body);
        const { definition, call, bindings, schema, declared, otherRecords } = candidate;
        // Every call of the pipeline comes before the record call, which submits (the definition check
        // says so): a call may change an application only while its form may (draft or returned).
        if (application) assertEditable(application);

        // Names first (rules read them), then only the fields the data shows are kept: a value the
        // form hides (the company of an applicant who switched to "individual") is neither stored
        // nor used to fill other fields. Then the real checks of what is kept.
        let formData = read.formData;
        if (call.savesRecord) {
          const named = structuredClone(formData);
          await resolveBindings(db, matchers, bindings, named, request.clientId);
          const visible = visibleProperties(schema, named, schemaMatches);
          formData = Object.fromEntries(Object.entries(formData).filter(([key]) => visible.has(key)));
        }
        const bindingErrors = await resolveBindings(db, matchers, bindings, formData, request.clientId);
        const result = validateFormData(schema, formData);
        const errors = mergeErrors(bindingErrors, result.errors);
        if (errors.length > 0) throw new ValidationError(errors);

        // Only what the schema declares is stored: a body cannot keep fields of its own invention.
        // What was sent is judged; a field with a default that is blank or that the form does not show
        // is stored as the default (a representative's name the form does not ask for: N/A).
        const record: Data = {};
        for (const [key, value] of Object.entries(withCallDefaults(call, formData)))
          if (declared.has(key)) record[key] = value;
        // Flags are derived again from the form after validation: the body's own values are not trusted.
        for (const flag of call.flags ?? []) {
          const current = valueAt(formData, flag.field);
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
          assertEditable(locked);
          if (call.savesRecord) {
            // The record call submits, so the form as a whole must hold then (a part a call before it
            // saved is judged too), and the documents are those the whole form asks for, as the page
            // decides them: a condition may read a field the record leaves out.
            const whole = await wholeForm(trx, definition, call, target.id, record);
            const missing = await missingDocuments(trx, definition, target.id, whole);
            if (missing.length > 0) throw new ValidationError(missing, DOCUMENTS_MISSING);
            if (whole !== record) {
              const incomplete = validateFormData(definition.formSchema, whole).errors;
              if (incomplete.length > 0) throw new ValidationError(incomplete);
            }
            // A returned application is corrected in the form it was submitted with (its record says which).
            if (otherRecords.length > 0) {
              const other = await trx
                .selectFrom('application_records')
                .select('record_key')
                .where('application_id', '=', target.id)
                .where('record_key', 'in', otherRecords)
                .executeTakeFirst();
              if (other) throw new HttpError(409, OTHER_FORM);
            }
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
              definition_version: definition.version,
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
              actor: 'applicant',
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

  // Read-back calls: what a call saved for an application, e.g. GET transit-states/{applicationId}.
  // Services may share the path; the application says whose call it is.
  const reads = new Map<string, Candidate[]>();
  for (const { candidates } of routes.values()) {
    for (const candidate of candidates) {
      if (!candidate.call.read) continue;
      const url = submitRoute({ path: candidate.call.read });
      reads.set(url, [...(reads.get(url) ?? []), candidate]);
    }
  }
  for (const [url, candidates] of reads) {
    app.get(url, async (request, reply) => {
      const application = await ownedApplication(
        db,
        request.clientId,
        idParam((request.params as { applicationId?: string }).applicationId),
      );
      const candidate = candidateOf(candidates, application);
      if (!candidate) throw new HttpError(404, 'Application not found');
      const stored = await db
        .selectFrom('application_records')
        .select('data')
        .where('application_id', '=', application.id)
        .where('record_key', '=', candidate.call.name)
        .executeTakeFirst();
      if (!stored) return ok(reply, []);
      // What the call sent, rebuilt from what was saved (the rows of the transit states, the list of
      // an audit's locations).
      const saved = JSON.parse(stored.data) as Data;
      const key = readKey(candidate.call) ?? '';
      const value = resolveBodyValue(candidate.call.body[key], saved, {
        clientId: application.client_id,
        applicationId: application.id,
        serviceId: application.service_id,
      });
      const field = readField(candidate.call);
      const rows = Array.isArray(value) ? value : [];
      return ok(reply, field ? await withLookedUpRows(candidate, field, rows) : rows);
    });
  }

  /**
   * Rows of a list whose id field names an option of a list the server serves (lookup-codes) get the
   * option too: `{ code, waste_identification_id, waste_identification: { id, name } }`.
   */
  async function withLookedUpRows(candidate: Candidate, field: string, rows: unknown[]): Promise<unknown[]> {
    const binding = candidate.bindings.find((b) => b.field === field && b.check === 'lookup-rows');
    if (!binding?.source || !binding.idField) return rows;
    const idField = binding.idField;
    const names = await lookupNames(
      db,
      matchers,
      binding.source,
      rows.map((row) => (isRecord(row) ? row[idField] : null)),
    );
    const nested = optionKey(idField);
    return rows.map((row) =>
      isRecord(row) ? { ...row, [nested]: { id: row[idField], name: names?.get(String(row[idField])) ?? null } } : row,
    );
  }
}
