import { placeholdersOf } from './placeholders';
import type { BodyValue, JsonSchema, ServiceDefinition, SubmitCall } from './definition-types';
import { definedProperties } from './schema-walk';
import { isRecord, setValueAt, valueAt } from './value-path';

/**
 * The submit-call language of a definition, read in this one module both ways: the wizard builds
 * the requests of the submit pipeline from the form data (`buildSubmitRequests`), the server reads a
 * request back into the form data it was built from (`readSubmitBody`) before judging it, and the
 * loader checks a call's templates (`submitCallProblems`).
 *
 * Body template values:
 * - `"$form"`: the whole form data (spread with the key `"..."`, minus the call's `omit` fields);
 * - `"$form.<field>"`: one field (dotted paths reach into objects);
 * - `{ "$form": "<field>", "trim": true, "keepRowsWith": ["a", "b"], "default": "N/A" }`: one field
 *   with transforms: `trim` trims every text in it, `keepRowsWith` keeps only the rows of a list whose
 *   named fields are not blank (a waste identification row needs its code), `dropBlankRows` drops the
 *   rows of a list with nothing filled in (the transit rows: a row begun is kept, and judged by the
 *   schema), `default` is sent when the field is blank or absent (a representative's name sent as N/A);
 * - `"$context.clientId"`, `"$context.applicationId"`, `"$context.serviceId"`;
 * - anything else is a constant the server insists on.
 * `flags` add one-hot booleans derived from an enum field; path placeholders are `{clientId}`,
 * `{applicationId}` and `{serviceId}`.
 */

export interface SubmitContext {
  clientId: number | string;
  applicationId: number | string;
  serviceId: number | string;
}

export interface SubmitRequest {
  name: string;
  method: SubmitCall['method'];
  /** Path relative to the API base, placeholders filled. */
  path: string;
  body: Record<string, unknown>;
  savesRecord: boolean;
}

/** References a template may use besides `$form`. */
export const CONTEXT_REFERENCES = ['clientId', 'applicationId', 'serviceId'] as const;

type Data = Record<string, unknown>;

/** A field reference with transforms: `{ "$form": field, trim?, keepRowsWith?, dropBlankRows?, default? }`. */
interface FieldTransform {
  field: string;
  trim: boolean;
  keepRowsWith: string[];
  dropBlankRows: boolean;
  /** Sent instead of a blank or absent value; undefined when the call names none. */
  fallback: unknown;
}

function transformOf(value: unknown): FieldTransform | null {
  if (!isRecord(value) || typeof value.$form !== 'string') return null;
  const keep = Array.isArray(value.keepRowsWith) ? value.keepRowsWith.filter((f) => typeof f === 'string') : [];
  return {
    field: value.$form,
    trim: value.trim === true,
    keepRowsWith: keep,
    dropBlankRows: value.dropBlankRows === true,
    fallback: value.default,
  };
}

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** A row of a list with nothing filled in: every value blank, at any depth. */
function isBlankRow(row: unknown): boolean {
  if (Array.isArray(row)) return row.every(isBlankRow);
  if (isRecord(row)) return Object.values(row).every(isBlankRow);
  return isBlank(row);
}

function trimmed(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimmed);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimmed(v)]));
  return value;
}

/**
 * Applies a field's transforms. Idempotent, so the server applies them again to what it receives;
 * the server reads a body without the `default` (it judges what was sent) and stores the default
 * afterwards (`withCallDefaults`).
 */
function transformed(value: unknown, transform: FieldTransform, withDefault = true): unknown {
  let result = transform.trim ? trimmed(value) : value;
  if (transform.keepRowsWith.length > 0 && Array.isArray(result)) {
    result = result.filter(
      (row) => isRecord(row) && transform.keepRowsWith.every((field) => !isBlank(valueAt(row, field))),
    );
  }
  if (transform.dropBlankRows && Array.isArray(result)) result = result.filter((row) => !isBlankRow(row));
  if (withDefault && transform.fallback !== undefined && isBlank(result)) result = transform.fallback;
  return result;
}

/** The field transforms of a call's body at any depth. */
function transformsOf(call: SubmitCall): FieldTransform[] {
  const found: FieldTransform[] = [];
  const visit = (value: unknown): void => {
    const transform = transformOf(value);
    if (transform) found.push(transform);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (isRecord(value)) Object.values(value).forEach(visit);
  };
  for (const [key, value] of Object.entries(call.body)) if (key !== '...') visit(value);
  return found;
}

/**
 * `data` with the `default` of each of the call's fields that is blank or absent: what the server
 * stores after judging what was sent (a representative's name stored as N/A).
 */
export function withCallDefaults(call: SubmitCall, data: Record<string, unknown>): Record<string, unknown> {
  const result = { ...data };
  for (const transform of transformsOf(call)) {
    if (transform.fallback !== undefined && isBlank(valueAt(result, transform.field)))
      setValueAt(result, transform.field, transform.fallback);
  }
  return result;
}

/** Resolves one template value; `undefined` means "leave the key out". */
export function resolveBodyValue(value: BodyValue, formData: Data, context: SubmitContext): unknown {
  const transform = transformOf(value);
  if (transform) {
    const field = valueAt(formData, transform.field);
    return field === undefined ? transform.fallback : transformed(field, transform);
  }
  if (typeof value === 'string') {
    if (value === '$form') return { ...formData };
    if (value.startsWith('$form.')) return valueAt(formData, value.slice('$form.'.length));
    if (value.startsWith('$context.'))
      return (context as unknown as Record<string, unknown>)[value.slice('$context.'.length)];
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => resolveBodyValue(v, formData, context));
  if (isRecord(value)) return resolveTemplate(value, formData, context, []);
  return value;
}

function resolveTemplate(template: Record<string, BodyValue>, formData: Data, context: SubmitContext, omit: string[]) {
  const body: Data = {};
  for (const [key, value] of Object.entries(template)) {
    if (key === '...') {
      const spread = resolveBodyValue(value, formData, context);
      if (isRecord(spread)) for (const [field, v] of Object.entries(spread)) if (!omit.includes(field)) body[field] = v;
      continue;
    }
    const resolved = resolveBodyValue(value, formData, context);
    if (resolved !== undefined) body[key] = resolved;
  }
  return body;
}

/** Fills `{clientId}`, `{applicationId}`, `{serviceId}` in a call path. */
export function resolveCallPath(path: string, context: SubmitContext): string {
  return path.replace(/\{(clientId|applicationId|serviceId)\}/g, (_m, name: keyof SubmitContext) =>
    encodeURIComponent(String(context[name])),
  );
}

/** The route of a call under the API prefix: `clients/{clientId}/x` -> `/clients/:clientId/x`. */
export function submitRoute(call: Pick<SubmitCall, 'path'>): string {
  return `/${call.path.replace(/^\/+/, '').replace(/\{(clientId|applicationId|serviceId)\}/g, ':$1')}`;
}

/**
 * The requests of the submit pipeline, in the definition's order (the calls saving the parts of the
 * form the record call leaves out come before it: the record call submits the application).
 */
export function buildSubmitRequests(
  definition: Pick<ServiceDefinition, 'submit'>,
  formData: Data,
  context: SubmitContext,
): SubmitRequest[] {
  return definition.submit.calls.map((call) => {
    const body = resolveTemplate(call.body, formData, context, call.omit ?? []);
    for (const flag of call.flags ?? []) {
      const current = valueAt(formData, flag.field);
      for (const value of flag.values) body[value] = current === value;
    }
    return {
      name: call.name,
      method: call.method,
      path: resolveCallPath(call.path, context),
      body,
      savesRecord: call.savesRecord === true,
    };
  });
}

/** A field error of a request body, in the shape of the API's 422 answer. */
export interface BodyError {
  field: string;
  message: string;
}

/** A request body read back: the form data it carries and the context values it names. */
export interface ReadBody {
  formData: Data;
  errors: BodyError[];
  clientId: unknown;
  applicationId: unknown;
}

const REQUIRED = 'This field is required';
const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** True when a template value holds no reference anywhere, i.e. it is a constant. */
function isConstant(value: unknown): boolean {
  if (typeof value === 'string') return !value.startsWith('$');
  if (transformOf(value)) return false;
  if (Array.isArray(value)) return value.every(isConstant);
  if (isRecord(value)) return Object.values(value).every(isConstant);
  return true;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Reads a request of `call` back into the form data it was built from (the inverse of
 * `buildSubmitRequests`): spread fields, `$form` references at any depth of the template (with their
 * transforms applied again, as nothing the browser did is trusted), the context values it names
 * (`params` are the path's), and an error for each constant that differs and each context value that
 * is missing or wrong. Flag keys are not form data and are left out. The caller validates the form data.
 */
export function readSubmitBody(call: SubmitCall, serviceId: number, body: Data, params: Data = {}): ReadBody {
  const errors: BodyError[] = [];
  const flagKeys = new Set((call.flags ?? []).flatMap((f) => f.values));
  const templateKeys = new Set(Object.keys(call.body).filter((k) => k !== '...'));
  const omit = new Set(call.omit ?? []);
  const formData: Data = {};
  if (call.body['...'] === '$form') {
    for (const [key, value] of Object.entries(body))
      if (!templateKeys.has(key) && !flagKeys.has(key) && !omit.has(key)) formData[key] = value;
  }
  let clientId: unknown = params.clientId;
  let applicationId: unknown = params.applicationId;
  if (params.serviceId !== undefined && String(params.serviceId) !== String(serviceId)) {
    errors.push({ field: 'serviceId', message: `must be ${serviceId}` });
  }
  const read = (template: BodyValue, value: unknown, key: string): void => {
    const transform = transformOf(template);
    if (transform) {
      if (value !== undefined) setValueAt(formData, transform.field, transformed(value, transform, false));
    } else if (template === '$form') {
      if (isRecord(value)) Object.assign(formData, value);
    } else if (typeof template === 'string' && template.startsWith('$form.')) {
      if (value !== undefined) setValueAt(formData, template.slice('$form.'.length), value);
    } else if (template === '$context.clientId') {
      if (isEmpty(value)) errors.push({ field: key, message: REQUIRED });
      clientId = isEmpty(value) ? clientId : value;
    } else if (template === '$context.applicationId') {
      if (isEmpty(value)) errors.push({ field: key, message: REQUIRED });
      applicationId = isEmpty(value) ? applicationId : value;
    } else if (template === '$context.serviceId') {
      if (String(value) !== String(serviceId)) errors.push({ field: key, message: `must be ${serviceId}` });
    } else if (isConstant(template)) {
      if (!sameJson(value, template)) errors.push({ field: key, message: `must be ${JSON.stringify(template)}` });
    } else if (Array.isArray(template)) {
      // A list built of references (the locations of an audit) comes back with the same number of items.
      if (value === undefined) return;
      if (!Array.isArray(value) || value.length !== template.length)
        errors.push({ field: key, message: `must be a list of ${template.length}` });
      else template.forEach((item, i) => read(item, value[i], `${key}.${i}`));
    } else if (isRecord(template)) {
      if (value === undefined) return;
      if (!isRecord(value)) errors.push({ field: key, message: 'must be an object' });
      else for (const [name, item] of Object.entries(template)) read(item, value[name], `${key}.${name}`);
    }
  };
  for (const [key, template] of Object.entries(call.body)) if (key !== '...') read(template, body[key], key);
  return { formData, errors, clientId, applicationId };
}

/** The form fields a call sends: every field for a spread (minus `omit`), else the referenced ones. */
export function fieldsOfCall(call: SubmitCall, formFields: readonly string[]): string[] {
  const fields = new Set<string>();
  const visit = (value: unknown): void => {
    const transform = transformOf(value);
    if (transform) fields.add(transform.field.split('.')[0] ?? transform.field);
    else if (value === '$form') for (const f of formFields) fields.add(f);
    else if (typeof value === 'string' && value.startsWith('$form.'))
      fields.add(value.slice('$form.'.length).split('.')[0] ?? '');
    else if (Array.isArray(value)) value.forEach(visit);
    else if (isRecord(value)) Object.values(value).forEach(visit);
  };
  for (const [key, value] of Object.entries(call.body)) {
    if (key === '...' && value === '$form') {
      for (const f of formFields) if (!(call.omit ?? []).includes(f)) fields.add(f);
    } else visit(value);
  }
  return [...fields];
}

/** The one form field a call sends (without a spread), e.g. the transit rows; null otherwise. */
export function readField(call: SubmitCall): string | null {
  if ('...' in call.body) return null;
  const fields = fieldsOfCall(call, []);
  return fields.length === 1 ? (fields[0] ?? null) : null;
}

/**
 * The one body key of a call (without a spread) that carries form data, e.g. `transit_states` or the
 * `locations` of an audit: what its `read` path answers, rebuilt from what the call saved. Null when
 * the call spreads the form or carries form data under several keys.
 */
export function readKey(call: SubmitCall): string | null {
  if ('...' in call.body) return null;
  const keys = Object.entries(call.body).filter(
    ([, template]) => !isConstant(template) && !(typeof template === 'string' && template.startsWith('$context.')),
  );
  return keys.length === 1 ? (keys[0]?.[0] ?? null) : null;
}

/** Record schemas without their omitted fields, per form schema and `omit` list (compiled once each). */
const recordSchemas = new WeakMap<JsonSchema, Map<string, JsonSchema>>();

/**
 * The form schema without the top-level `fields` (their declaration, their `required` entry and
 * their ajv-errors `required` message): what a record call that leaves them to other calls carries.
 */
function withoutFields(schema: JsonSchema, fields: readonly string[]): JsonSchema {
  if (fields.length === 0) return schema;
  const key = JSON.stringify(fields);
  const cached = recordSchemas.get(schema)?.get(key);
  if (cached) return cached;
  const keep = (name: string) => !fields.includes(name);
  const result: JsonSchema = { ...schema };
  if (isRecord(schema.properties))
    result.properties = Object.fromEntries(Object.entries(schema.properties).filter(([name]) => keep(name)));
  if (Array.isArray(schema.required)) result.required = schema.required.filter((name) => keep(String(name)));
  if (isRecord(schema.errorMessage) && isRecord(schema.errorMessage.required)) {
    const messages = Object.entries(schema.errorMessage.required).filter(([name]) => keep(name));
    result.errorMessage = { ...schema.errorMessage, required: Object.fromEntries(messages) };
  }
  const byOmit = recordSchemas.get(schema) ?? new Map<string, JsonSchema>();
  byOmit.set(key, result);
  recordSchemas.set(schema, byOmit);
  return result;
}

/**
 * The schema a call's body is judged by once read back: for the record call the form schema without
 * the fields it `omit`s (the calls that send them are judged by theirs), for a call naming its own
 * `schema` that one, otherwise an object of just the fields it sends, each with its schema from the
 * form (a follow-up call such as the transit rows carries a part of the form).
 */
export function callSchema(definition: Pick<ServiceDefinition, 'formSchema' | 'callSchemas'>, call: SubmitCall) {
  if (call.schema) return definition.callSchemas[call.schema];
  if (call.savesRecord) return withoutFields(definition.formSchema, call.omit ?? []);
  const properties = definedProperties(definition.formSchema);
  const own: Record<string, JsonSchema> = {};
  for (const field of fieldsOfCall(call, [...properties.keys()])) {
    const schema = properties.get(field);
    if (schema) own[field] = schema;
  }
  return { type: 'object', properties: own } satisfies JsonSchema;
}

/** A problem of a call's templates: JSON pointer below the call and message. */
export interface CallProblem {
  path: Array<string | number>;
  message: string;
}

/**
 * Checks the templates of a call against the form's fields (`has(field)`): references, transforms,
 * spreads, omitted fields and path placeholders.
 */
export function submitCallProblems(call: SubmitCall, has: (field: string) => boolean): CallProblem[] {
  const problems: CallProblem[] = [];
  const check = (value: unknown, path: Array<string | number>): void => {
    const transform = transformOf(value);
    if (transform) {
      if (!has(transform.field))
        problems.push({ path: [...path, '$form'], message: `unknown field '${transform.field}'` });
      return;
    }
    if (typeof value === 'string' && value.startsWith('$')) {
      const context = /^\$context\.(.+)$/.exec(value);
      const form = /^\$form\.(.+)$/.exec(value);
      if (value === '$form') return;
      if (context && (CONTEXT_REFERENCES as readonly string[]).includes(context[1] ?? '')) return;
      if (form && has(form[1] ?? '')) return;
      problems.push({ path, message: `unknown reference '${value}'` });
    } else if (Array.isArray(value)) value.forEach((v, j) => check(v, [...path, j]));
    else if (isRecord(value)) for (const [k, v] of Object.entries(value)) check(v, [...path, k]);
  };
  for (const [key, value] of Object.entries(call.body)) {
    if (key === '...' && value !== '$form')
      problems.push({ path: ['body', key], message: "only '$form' can be spread" });
    check(value, ['body', key]);
  }
  (call.omit ?? []).forEach((field, i) => {
    if (!has(field)) problems.push({ path: ['omit', i], message: `unknown field '${field}'` });
  });
  for (const name of placeholdersOf(call.path)) {
    if (!(CONTEXT_REFERENCES as readonly string[]).includes(name))
      problems.push({ path: ['path'], message: `unknown placeholder {${name}}` });
  }
  if (call.read !== undefined && readKey(call) === null)
    problems.push({ path: ['read'], message: 'a call read back sends its form data under one key (no spread)' });
  return problems;
}

/** Main export. */
export const payloadMapping = buildSubmitRequests;

/** What a context reference of a call's body holds, as the API's documentation says it. */
const CONTEXT_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '$context.clientId': "The signed-in applicant's client id.",
  '$context.applicationId': 'The id of the application (its draft).',
  '$context.serviceId': "The service's id.",
};

/** The schema of a form field at a dotted path (`a.b`: `b` of the object `a`), or undefined. */
function fieldSchemaAt(schema: JsonSchema, path: string): JsonSchema | undefined {
  let current: JsonSchema | undefined = schema;
  for (const part of path.split('.')) current = current ? definedProperties(current).get(part) : undefined;
  return current;
}

/** A field's words for the documentation: its title and description, nothing that judges it. */
function fieldNote(schema: JsonSchema | undefined, path: string): JsonSchema {
  const title = typeof schema?.title === 'string' ? schema.title : path;
  return {
    title,
    description: [`The form's field \`${path}\`.`, typeof schema?.description === 'string' ? schema.description : '']
      .filter(Boolean)
      .join(' '),
  };
}

/**
 * The fields of a form as the API's documentation shows them: each with its title and description,
 * nothing that judges it (the form's own schema does, with its messages).
 */
export function formFieldNotes(schema: JsonSchema, omit: readonly string[] = []): Record<string, JsonSchema> {
  const notes: Record<string, JsonSchema> = {};
  for (const [field, fieldSchema] of definedProperties(schema))
    if (!omit.includes(field)) notes[field] = fieldNote(fieldSchema, field);
  return notes;
}

/**
 * The body a submit call sends, as the API's documentation shows it: each key of the call's body
 * template (a spread `"..."` gives every field of the form it sends) with the title of the field it
 * carries, a context value or the constant it must be. Annotations only: the server reads the body
 * back into the form's data (`readSubmitBody`) and judges it by the form's own schema with the form's
 * messages, which only the application the request names can choose (its service and version).
 */
export function callBodyDocument(
  definition: Pick<ServiceDefinition, 'formSchema' | 'callSchemas' | 'key'>,
  call: SubmitCall,
): JsonSchema {
  const schema = callSchema(definition, call) ?? definition.formSchema;
  const note = (template: unknown, key: string): JsonSchema => {
    const transform = transformOf(template);
    if (transform) return fieldNote(fieldSchemaAt(definition.formSchema, transform.field), transform.field);
    if (typeof template === 'string' && template.startsWith('$form.')) {
      const path = template.slice('$form.'.length);
      return fieldNote(fieldSchemaAt(definition.formSchema, path), path);
    }
    if (template === '$form') return { description: 'The form data it sends, every field of the form.' };
    if (typeof template === 'string' && CONTEXT_DESCRIPTIONS[template])
      return { description: CONTEXT_DESCRIPTIONS[template] };
    if (Array.isArray(template))
      return {
        description: `A list of ${template.length}.`,
        prefixItems: template.map((item, i) => note(item, `${key}.${i}`)),
      };
    if (isRecord(template))
      return {
        description: `An object of ${Object.keys(template).length} field(s).`,
        properties: Object.fromEntries(
          Object.entries(template).map(([name, item]) => [name, note(item, `${key}.${name}`)]),
        ),
      };
    return { description: `Always ${JSON.stringify(template)}.` };
  };
  const properties: Record<string, JsonSchema> =
    call.body['...'] === '$form' ? formFieldNotes(schema, call.omit ?? []) : {};
  for (const [key, template] of Object.entries(call.body)) if (key !== '...') properties[key] = note(template, key);
  for (const flag of call.flags ?? [])
    for (const value of flag.values)
      properties[value] = { description: `True when the form's field \`${flag.field}\` is '${value}'.` };
  return {
    type: 'object',
    description: `The call '${call.name}' of the service '${definition.key}': its fields are judged by the form's schema, with the form's messages.`,
    properties,
  };
}
