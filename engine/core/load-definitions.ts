import type { ValidateFunction } from 'ajv';
import metaSchema from '../../schemas/service-definition.schema.json';
import { createAjv } from './ajv-setup';
import type {
  ApplicantTask,
  ApplicantTaskFile,
  DocumentsStep,
  FormFiles,
  JsonSchema,
  ServiceDefinition,
  ServiceDefinitionFile,
  ServiceView,
  SubmitCall,
  UiSchema,
} from './definition-types';
import { compileSchema } from './form-validator';
import { APPLICANT_TASK_STATUSES } from './status-transitions';
import { unboundedFields } from './input-bounds';
import { CONTEXT_REFERENCES, fieldsOfCall, submitCallProblems } from './payload-mapping';
import { bindingsOfUiSchema } from './lookup-bindings';
import { conditionFields, definedProperties, ruleFields } from './schema-walk';
import { isKnownWidget } from './widget-names';
import { isRecord, valueAt } from './value-path';
import { WIDGET_CONTRACTS } from './widget-contracts';
import type { CustomWidgetName } from './widget-names';

/** RJSF's options that render a text as markdown: refused, the portal shows texts as written. */
const MARKDOWN_OPTIONS = new Set(['enableMarkdownInDescription', 'enableMarkdownInHelp']);

/**
 * Loads and checks service definitions from their files' parsed JSON. Works in Node and the
 * browser (the meta-schema is imported, files are passed in), so `services:check`, the server and
 * the portal's dev reload report the same problems.
 */

export interface DefinitionProblem {
  /** File relative to `services/`, e.g. `plastics/ui.json`. */
  file: string;
  /** JSON pointer inside the file ('' for the whole file). */
  pointer: string;
  message: string;
}

export interface LoadedDefinitions {
  /** Definitions without problems, sorted by id. */
  definitions: ServiceDefinition[];
  problems: DefinitionProblem[];
}

const optionValidators = new Map<string, ValidateFunction>();

/** Problems of a widget's `ui:options` against its contract, with pointers below `ui:options`. */
function optionProblems(
  widget: CustomWidgetName,
  options: Record<string, unknown>,
): Array<{ pointer: string; message: string }> {
  let validate = optionValidators.get(widget);
  if (!validate) {
    validate = createAjv().compile(WIDGET_CONTRACTS[widget].options);
    optionValidators.set(widget, validate);
  }
  if (validate(options)) return [];
  return (validate.errors ?? []).map((e) => {
    const extra = e.params as { additionalProperty?: string; missingProperty?: string };
    if (extra.additionalProperty)
      return {
        pointer: `${e.instancePath}${ptr(extra.additionalProperty)}`,
        message: `unknown option of the ${widget} widget`,
      };
    if (extra.missingProperty)
      return {
        pointer: `${e.instancePath}${ptr(extra.missingProperty)}`,
        message: `the ${widget} widget needs this option`,
      };
    return { pointer: e.instancePath, message: e.message ?? 'is invalid' };
  });
}

let metaValidator: ValidateFunction | undefined;
function validateMeta(data: unknown): ValidateFunction {
  metaValidator ??= createAjv().compile(metaSchema as JsonSchema);
  metaValidator(data);
  return metaValidator;
}

/** Escapes one JSON pointer segment. */
export function pointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

function ptr(...segments: Array<string | number>): string {
  return segments.map((s) => `/${pointerSegment(s)}`).join('');
}

/** Allowed values of an enum-like property: `enum`, `const` or `oneOf`/`anyOf` of consts; undefined for free input. */
export function allowedValues(schema: JsonSchema | undefined): unknown[] | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const];
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list) && list.every((b) => isRecord(b) && 'const' in b))
      return list.map((b) => (b as Record<string, unknown>).const);
  }
  return undefined;
}

type Report = (file: string, pointer: string, message: string) => void;

/** `folder` + a path relative to it (`../shared/x.json` allowed), as a key of the files map; null outside. */
export function resolveFileKey(fromFile: string, relative: string): string | null {
  const parts = fromFile.split('/').slice(0, -1);
  for (const part of relative.split('/')) {
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (part && part !== '.') parts.push(part);
  }
  return parts.length >= 2 ? parts.join('/') : null;
}

/**
 * The file an include names: `{"$ref": "<file>.json", ...overrides}` (a `#/...` $ref is JSON Schema's
 * own and stays as it is).
 */
function includeOf(value: unknown): string | null {
  if (!isRecord(value)) return null;
  const ref = value.$ref;
  return typeof ref === 'string' && !ref.startsWith('#') && ref.endsWith('.json') ? ref : null;
}

/**
 * Replaces every `{"$ref": "<file>.json"}` in `value` by the content of that file (relative to
 * `fromFile`, inside services/), recursively: services share fragments this way (both licences'
 * Basel form, the legal-status blocks of the GCF letters). Keys beside the `$ref` are laid over the
 * included object, so a service takes a shared piece and adds or replaces what is its own (its field
 * order, its own fields). An include inside a list whose file holds a list is spread into that list
 * (the view rows the letters share). `included` collects the files used; a missing file, a cycle and
 * keys beside an include that is not an object are reported.
 */
function resolveIncludes(
  value: unknown,
  fromFile: string,
  files: Record<string, unknown>,
  report: Report,
  included: Set<string>,
  pointer = '',
  stack: string[] = [fromFile],
): unknown {
  const ref = includeOf(value);
  if (ref !== null && isRecord(value)) {
    const key = resolveFileKey(fromFile, ref);
    const { $ref: _ref, ...overrides } = value;
    const own = resolveIncludes(overrides, fromFile, files, report, included, pointer, stack) as Record<
      string,
      unknown
    >;
    if (!key || !(key in files)) {
      report(fromFile, pointer, `included file '${ref}' is missing`);
      return own;
    }
    if (stack.includes(key)) {
      report(fromFile, pointer, `'${ref}' includes itself (${[...stack, key].join(' -> ')})`);
      return own;
    }
    included.add(key);
    const content = resolveIncludes(files[key], key, files, report, included, '', [...stack, key]);
    if (Object.keys(own).length === 0) return content;
    if (!isRecord(content)) {
      report(fromFile, pointer, `'${ref}' is not an object, so keys beside its $ref cannot be laid over it`);
      return content;
    }
    return { ...content, ...own };
  }
  if (Array.isArray(value)) {
    // An include in a list whose file is a list is spread into it: services share rows of a view.
    return value.flatMap((item, i) => {
      const resolved = resolveIncludes(item, fromFile, files, report, included, `${pointer}/${i}`, stack);
      return includeOf(item) !== null && Array.isArray(resolved) ? resolved : [resolved];
    });
  }
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      out[key] = resolveIncludes(item, fromFile, files, report, included, `${pointer}/${pointerSegment(key)}`, stack);
    return out;
  }
  return value;
}

/** Reports the meta-schema's errors of `service.json`; true when there are none. */
function checkMeta(raw: unknown, serviceFile: string, report: Report): boolean {
  const meta = validateMeta(raw);
  if (!meta.errors || meta.errors.length === 0) return true;
  for (const e of meta.errors) {
    if (e.keyword === 'if') continue;
    const extra = e.params as { additionalProperty?: string; missingProperty?: string; allowedValues?: unknown[] };
    let pointer = e.instancePath;
    let message = e.message ?? 'is invalid';
    if (extra.additionalProperty) {
      pointer += ptr(extra.additionalProperty);
      message = 'unknown property';
    } else if (extra.missingProperty) {
      pointer += ptr(extra.missingProperty);
      message = 'is required';
    } else if (extra.allowedValues) {
      message += `: ${extra.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    }
    report(serviceFile, pointer, message);
  }
  return false;
}

/** One form of a service as written: at the top of service.json, or a variant (`at` its pointer). */
interface FormPart {
  at: Array<string | number>;
  /** Where its documents step is written: the variant's own, or the service's. */
  documentsAt: Array<string | number>;
  form: FormFiles;
  submit: { calls: SubmitCall[] };
  view: ServiceView;
  documents: DocumentsStep;
}

/** The checked files of one form. */
interface LoadedForm {
  formSchema: JsonSchema;
  uiSchema: UiSchema;
  callSchemas: Record<string, JsonSchema>;
}

/** Reads a JSON file a definition names (relative to its service.json), with its includes resolved. */
type FileReader = (relative: string, pointer: string) => [string, unknown] | null;

function fileReader(folder: string, files: Record<string, unknown>, fail: Report, included: Set<string>): FileReader {
  const serviceFile = `${folder}/service.json`;
  return (relative, pointer) => {
    const key = resolveFileKey(serviceFile, relative);
    const content = key ? files[key] : undefined;
    if (!key || !isRecord(content)) {
      fail(serviceFile, pointer, `file '${relative}' is missing or not a JSON object`);
      return null;
    }
    if (key.split('/')[0] !== folder) included.add(key);
    return [key, resolveIncludes(content, key, files, fail, included)];
  };
}

/** A form's schema and ui files, read, with what the checks after them need. */
interface FormFilesRead {
  formSchema: JsonSchema;
  uiSchema: UiSchema;
  properties: ReturnType<typeof definedProperties>;
  /** True when a (dotted) field's first segment is a property of the form. */
  has: (field: string) => boolean;
  notAProperty: (name: string) => string;
}

/**
 * Checks a form's schema and ui files (with their includes): the schema compiles and is an object,
 * ui keys and `ui:order` name properties, widgets are known and their options fit, every text and
 * list is bounded, rules read existing fields. Null when a file is missing.
 */
function readFormFiles(read: FileReader, form: FormFiles, at: (...s: Array<string | number>) => string, fail: Report) {
  const schemaEntry = read(form.schema, at('form', 'schema'));
  const uiEntry = read(form.ui, at('form', 'ui'));
  if (!schemaEntry || !uiEntry) return null;
  const [schemaFile, formSchema] = schemaEntry as [string, JsonSchema];
  const [uiFile, uiSchema] = uiEntry as [string, UiSchema];
  const schemaName = schemaFile.slice(schemaFile.lastIndexOf('/') + 1);

  try {
    compileSchema(formSchema);
  } catch (error) {
    fail(schemaFile, '', `schema does not compile: ${(error as Error).message}`);
  }
  if (formSchema.type !== 'object') fail(schemaFile, '/type', "the form schema must be of type 'object'");

  const properties = definedProperties(formSchema);
  const has = (field: string): boolean => properties.has(field.split('.')[0] ?? field);
  const notAProperty = (name: string) => `'${name}' is not a property of ${schemaName}`;

  // ui.json: keys name properties, widgets are known, ui:order names properties, no markdown.
  const checkUi = (ui: Record<string, unknown>, path: Array<string | number>): void => {
    for (const [key, value] of Object.entries(ui)) {
      if (key === 'ui:widget' && !isKnownWidget(value))
        fail(uiFile, ptr(...path, key), `unknown widget '${String(value)}'`);
      // A service's texts are plain: the catalogues translate them whole, and no markup of a
      // definition reaches the page (markdown can carry links and raw HTML).
      if (MARKDOWN_OPTIONS.has(key.replace(/^ui:/, '')) && value !== false)
        fail(uiFile, ptr(...path, key), `${key}: markdown is not supported, texts show as written`);
      if ((key === 'ui:options' || key === 'ui:globalOptions') && isRecord(value)) checkUi(value, [...path, key]);
      if (isRecord(value) && !key.startsWith('ui:')) checkUi(value, [...path, key]);
    }
  };
  for (const key of Object.keys(uiSchema)) {
    if (!key.startsWith('ui:') && !properties.has(key)) fail(uiFile, ptr(key), notAProperty(key));
  }
  checkUi(uiSchema, []);
  const order = uiSchema['ui:order'];
  if (Array.isArray(order)) {
    order.forEach((name, i) => {
      if (name !== '*' && (typeof name !== 'string' || !properties.has(name)))
        fail(uiFile, ptr('ui:order', i), notAProperty(String(name)));
    });
  }

  // The engine's widgets: their options fit the widget's contract and name fields of the form.
  for (const binding of bindingsOfUiSchema(uiSchema)) {
    const path = binding.field.split('.');
    const contract = WIDGET_CONTRACTS[binding.widget];
    const ui = valueAt(uiSchema, binding.field) as Record<string, unknown>;
    const options = isRecord(ui['ui:options']) ? ui['ui:options'] : {};
    for (const problem of optionProblems(binding.widget, options))
      fail(uiFile, ptr(...path, 'ui:options') + problem.pointer, problem.message);
    for (const name of contract.fieldOptions ?? []) {
      const value = options[name];
      const targets =
        typeof value === 'string'
          ? [[value, ptr(name)]]
          : isRecord(value)
            ? Object.keys(value).map((k) => [k, ptr(name, k)])
            : [];
      for (const [target, pointer] of targets) {
        if (target && !has(target)) fail(uiFile, ptr(...path, 'ui:options') + pointer, notAProperty(target));
      }
    }
    for (const m of (binding.source ?? '').matchAll(/\{([^{}]+)\}/g)) {
      const name = m[1] ?? '';
      if (!has(name) && !(CONTEXT_REFERENCES as readonly string[]).includes(name))
        fail(uiFile, ptr(...path, 'ui:options', 'source'), `placeholder {${name}} is not a property of ${schemaName}`);
    }
  }

  // Every text and list the form accepts is bounded.
  for (const field of unboundedFields(formSchema)) fail(schemaFile, field.pointer, field.message);

  // Rules read existing fields.
  for (const ref of ruleFields(formSchema)) {
    if (!properties.has(ref.field))
      fail(schemaFile, ref.pointer, `rule reads '${ref.field}', which is not a property of the form`);
  }
  const result: FormFilesRead = { formSchema, uiSchema, properties, has, notAProperty };
  return result;
}

/**
 * Checks one form of a service: its schema and ui files (with their includes), widgets, rules,
 * bounds, submit pipeline, view and conditional uploads. Null when anything is wrong.
 */
function loadForm(
  folder: string,
  part: FormPart,
  files: Record<string, unknown>,
  report: Report,
  included: Set<string>,
): LoadedForm | null {
  let failed = false;
  const fail: Report = (file, pointer, message) => {
    failed = true;
    report(file, pointer, message);
  };
  const serviceFile = `${folder}/service.json`;
  const at = (...segments: Array<string | number>) => ptr(...part.at, ...segments);
  const read = fileReader(folder, files, fail, included);

  const callSchemas: Record<string, JsonSchema> = {};
  part.submit.calls.forEach((call, i) => {
    if (!call.schema) return;
    const entry = read(call.schema, at('submit', 'calls', i, 'schema'));
    if (!entry) return;
    const [key, content] = entry as [string, JsonSchema];
    callSchemas[call.schema] = content;
    try {
      compileSchema(content);
    } catch (error) {
      fail(key, '', `schema does not compile: ${(error as Error).message}`);
    }
  });
  const formFiles = readFormFiles(read, part.form, at, fail);
  if (!formFiles) return null;
  const { formSchema, uiSchema, properties, has, notAProperty } = formFiles;

  // The certificate's holder is read from fields of the form.
  (part.view.holder ?? []).forEach((field, i) => {
    if (!has(field)) fail(serviceFile, at('view', 'holder', i), notAProperty(field));
  });

  // Submit pipeline.
  const recordCalls = part.submit.calls.filter((c) => c.savesRecord === true).length;
  if (recordCalls !== 1)
    fail(serviceFile, at('submit', 'calls'), `exactly one call must have savesRecord (found ${recordCalls})`);
  const callNames = new Set<string>();
  part.submit.calls.forEach((call, i) => {
    if (callNames.has(call.name))
      fail(serviceFile, at('submit', 'calls', i, 'name'), `duplicate call name '${call.name}'`);
    callNames.add(call.name);
    for (const problem of submitCallProblems(call, has))
      fail(serviceFile, at('submit', 'calls', i, ...problem.path), problem.message);
    (call.flags ?? []).forEach((flag, j) => {
      if (!has(flag.field)) {
        fail(serviceFile, at('submit', 'calls', i, 'flags', j, 'field'), notAProperty(flag.field));
        return;
      }
      const allowed = allowedValues(properties.get(flag.field));
      flag.values.forEach((v, k) => {
        if (allowed && !allowed.includes(v))
          fail(
            serviceFile,
            at('submit', 'calls', i, 'flags', j, 'values', k),
            `'${v}' is not a value of '${flag.field}'`,
          );
      });
    });
  });

  // The record call submits the application, so the fields it leaves out (`omit`) are saved by calls
  // before it: when the application becomes submitted, all of the form is stored and judged.
  const recordIndex = part.submit.calls.findIndex((c) => c.savesRecord === true);
  const recordCall = part.submit.calls[recordIndex];
  const formFields = [...properties.keys()];
  (recordCall?.omit ?? []).forEach((field, k) => {
    if (!has(field)) return;
    const sender = part.submit.calls.findIndex(
      (c, j) => j !== recordIndex && fieldsOfCall(c, formFields).includes(field),
    );
    if (sender < 0)
      fail(
        serviceFile,
        at('submit', 'calls', recordIndex, 'omit', k),
        `no other call of the pipeline sends '${field}'`,
      );
    else if (sender > recordIndex)
      fail(
        serviceFile,
        at('submit', 'calls', sender),
        `call '${part.submit.calls[sender]?.name ?? ''}' sends '${field}', which the record call leaves out: it must come before the record call, which submits the application`,
      );
  });
  // Nothing follows the record call: a call after it would change a submitted application, and an
  // interruption between the two would leave a submission without that call's part.
  const omitSenders = new Set(
    (recordCall?.omit ?? []).flatMap((field) =>
      part.submit.calls.filter((c) => c !== recordCall && fieldsOfCall(c, formFields).includes(field)),
    ),
  );
  part.submit.calls.forEach((call, i) => {
    if (recordIndex < 0 || i <= recordIndex || omitSenders.has(call)) return;
    fail(
      serviceFile,
      at('submit', 'calls', i),
      `call '${call.name}' comes after the record call, which submits the application: it must come before it`,
    );
  });

  // Detail tables read a record the pipeline saves.
  (part.view.tables ?? []).forEach((table, i) => {
    if (table.record && table.record !== part.view.record && !callNames.has(table.record))
      fail(serviceFile, at('view', 'tables', i, 'record'), `no call of the pipeline saves a record '${table.record}'`);
  });

  // Conditional uploads: their `when` is a condition that compiles and reads fields of the form.
  (part.documents.extra ?? []).forEach((extra, i) => {
    if (!extra.when) return;
    const where =
      part.documents === undefined ? at('documents', 'extra', i, 'when') : ptr('documents', 'extra', i, 'when');
    try {
      compileSchema(extra.when);
    } catch (error) {
      fail(serviceFile, where, `condition does not compile: ${(error as Error).message}`);
    }
    for (const ref of conditionFields(extra.when, where)) {
      if (!properties.has(ref.field))
        fail(serviceFile, ref.pointer, `condition reads '${ref.field}', which is not a property of the form`);
    }
  });

  return failed ? null : { formSchema, uiSchema, callSchemas };
}

/**
 * Checks a service's applicant tasks: their forms, conditions, uploads and saves; keys and records
 * unique (a task's record may not be a form's record or a call's). Null when anything is wrong.
 */
function loadTasks(
  folder: string,
  written: readonly ApplicantTaskFile[],
  forms: readonly ServiceDefinition[],
  files: Record<string, unknown>,
  report: Report,
  included: Set<string>,
): ApplicantTask[] | null {
  let failed = false;
  const fail: Report = (file, pointer, message) => {
    failed = true;
    report(file, pointer, message);
  };
  const serviceFile = `${folder}/service.json`;
  const read = fileReader(folder, files, fail, included);
  const keys = new Set<string>();
  const records = new Set<string>(
    forms.flatMap((form) => [form.view.record, ...form.submit.calls.map((call) => call.name)]),
  );
  const tasks: ApplicantTask[] = [];
  written.forEach((task, i) => {
    const at = (...segments: Array<string | number>) => ptr('tasks', i, ...segments);
    if (keys.has(task.key)) fail(serviceFile, at('key'), `duplicate task '${task.key}'`);
    keys.add(task.key);
    if (records.has(task.save.record))
      fail(serviceFile, at('save', 'record'), `record '${task.save.record}' is already saved by the service`);
    records.add(task.save.record);
    if (task.save.status !== undefined && !APPLICANT_TASK_STATUSES.includes(task.save.status))
      fail(
        serviceFile,
        at('save', 'status'),
        `a task hands the application back to the authority: status ${APPLICANT_TASK_STATUSES.join(' or ')}`,
      );
    try {
      compileSchema(task.when);
    } catch (error) {
      fail(serviceFile, at('when'), `condition does not compile: ${(error as Error).message}`);
    }
    const names = new Set<string>();
    task.uploads.forEach((upload, j) => {
      if (names.has(upload.name)) fail(serviceFile, at('uploads', j, 'name'), `duplicate upload '${upload.name}'`);
      names.add(upload.name);
    });
    const formFiles = readFormFiles(read, task.form, at, fail);
    if (formFiles) tasks.push({ ...task, formSchema: formFiles.formSchema, uiSchema: formFiles.uiSchema });
  });
  return failed ? null : tasks;
}

/** Checks one service folder's files; returns its definition when it has no problem. */
function loadOne(
  folder: string,
  files: Record<string, unknown>,
  problems: DefinitionProblem[],
): ServiceDefinition | null {
  const start = problems.length;
  const serviceFile = `${folder}/service.json`;
  const report: Report = (file, pointer, message) => problems.push({ file, pointer, message });
  const included = new Set<string>();
  const raw = resolveIncludes(files[serviceFile], serviceFile, files, report, included);
  // A missing include leaves an empty object behind: judging that would only add noise.
  if (problems.length > start || !checkMeta(raw, serviceFile, report)) return null;
  const file = raw as ServiceDefinitionFile;
  if (file.key !== folder) report(serviceFile, '/key', `must equal the folder name '${folder}'`);

  const parts: Array<FormPart & { variant?: { key: string; label: string } }> = [];
  if (file.variants) {
    if (file.form || file.submit || file.view)
      report(serviceFile, '', 'a service has form, submit and view, or variants, not both');
    const keys = new Set<string>();
    file.variants.options.forEach((option, i) => {
      if (keys.has(option.key))
        report(serviceFile, ptr('variants', 'options', i, 'key'), `duplicate variant '${option.key}'`);
      keys.add(option.key);
      parts.push({
        at: ['variants', 'options', i],
        documentsAt: option.documents ? ['variants', 'options', i, 'documents'] : ['documents'],
        form: option.form,
        submit: option.submit,
        view: option.view,
        documents: option.documents ?? file.documents,
        variant: { key: option.key, label: option.label },
      });
    });
  } else if (file.form && file.submit && file.view) {
    parts.push({
      at: [],
      documentsAt: ['documents'],
      form: file.form,
      submit: file.submit,
      view: file.view,
      documents: file.documents,
    });
  } else {
    report(serviceFile, '', 'a service needs form, submit and view, or variants');
    return null;
  }

  const { variants: _variants, tasks: _tasks, ...shared } = file;
  const forms: ServiceDefinition[] = [];
  for (const part of parts) {
    const loaded = loadForm(folder, part, files, report, included);
    if (!loaded) continue;
    forms.push({
      ...shared,
      form: part.form,
      submit: part.submit,
      view: part.view,
      documents: part.documents,
      ...loaded,
      ...(part.variant ? { variant: part.variant } : {}),
    });
  }
  const tasks = loadTasks(folder, file.tasks ?? [], forms, files, report, included);
  if (problems.length > start || forms.length === 0 || !tasks) return null;
  const fragments = [...new Set([...included].map((key) => key.split('/')[0] ?? '').filter((f) => f && f !== folder))];
  const withFragments = forms.map((form) => ({
    ...form,
    ...(fragments.length > 0 ? { fragments } : {}),
    ...(tasks.length > 0 ? { tasks } : {}),
  }));
  const first = withFragments[0] as ServiceDefinition;
  return file.variants && file.variants.options.length > 0
    ? { ...first, variants: { label: file.variants.label, options: withFragments } }
    : first;
}

/**
 * Loads every service of `files` (keys like `plastics/service.json`, values parsed JSON) and checks
 * them: meta-schema, referenced files, form schema compiles, widgets known, ui keys and rule
 * fields name properties, lookup options, exactly one record-saving call, body references, and
 * ids, keys and routes unique across services. A service with any problem is left out.
 */
export function loadServiceDefinitions(files: Record<string, unknown>): LoadedDefinitions {
  const problems: DefinitionProblem[] = [];
  const folders = Object.keys(files)
    .filter((name) => /^[^/]+\/service\.json$/.test(name))
    .map((name) => name.slice(0, -'/service.json'.length))
    .sort();
  const loaded: ServiceDefinition[] = [];
  for (const folder of folders) {
    const definition = loadOne(folder, files, problems);
    if (definition) loaded.push(definition);
  }

  // Uniqueness across services: the later folder (alphabetically) is the one reported.
  const ids = new Map<number, string>();
  const routes = new Map<string, { key: string; shareable: boolean }>();
  const duplicated = new Set<string>();
  for (const def of loaded) {
    const file = `${def.key}/service.json`;
    const ownerOfId = ids.get(def.id);
    if (ownerOfId) {
      problems.push({ file, pointer: '/id', message: `id ${def.id} is already used by '${ownerOfId}'` });
      duplicated.add(def.key);
    } else ids.set(def.id, def.key);
    // Info and apply pages belong to one service; a view or edit page may serve several (both
    // licences are viewed at /view-application-export): the application says whose it is. The page
    // of a feature the service opens, and the page of its work queues, belong to it alone too.
    const pages: Array<[string, string | undefined, string]> = [
      ...(Object.entries(def.routes) as Array<[string, string | undefined]>).map(
        ([name, route]): [string, string | undefined, string] => [name, route, ptr('routes', name)],
      ),
      ...(def.unlocks ?? []).map((unlock, i): [string, string, string] => [
        'unlock',
        unlock.route,
        ptr('unlocks', i, 'route'),
      ]),
      ...(def.workQueues
        ? [['queues', def.workQueues.route, ptr('workQueues', 'route')] as [string, string, string]]
        : []),
    ];
    for (const [name, route, pointer] of pages) {
      if (!route) continue;
      const shareable = name === 'view' || name === 'edit';
      const owner = routes.get(route);
      if (owner && (owner.key === def.key || !shareable || !owner.shareable)) {
        problems.push({
          file,
          pointer,
          message:
            owner.key === def.key
              ? `route '${route}' is used twice`
              : `route '${route}' is already used by '${owner.key}'`,
        });
        duplicated.add(def.key);
      } else if (!owner) routes.set(route, { key: def.key, shareable });
    }
  }
  // A feature is opened by one service at most: two would disagree on who may use it.
  const features = new Map<string, string>();
  for (const def of loaded) {
    (def.unlocks ?? []).forEach((unlock, i) => {
      const owner = features.get(unlock.feature);
      if (owner && owner !== def.key) {
        problems.push({
          file: `${def.key}/service.json`,
          pointer: ptr('unlocks', i, 'feature'),
          message: `feature '${unlock.feature}' is already opened by '${owner}'`,
        });
        duplicated.add(def.key);
      } else features.set(unlock.feature, def.key);
    });
  }
  const definitions = loaded.filter((d) => !duplicated.has(d.key)).sort((a, b) => a.id - b.id);
  return { definitions, problems };
}
