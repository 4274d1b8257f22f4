import type { ValidateFunction } from 'ajv';
import metaSchema from '../../schemas/service-definition.schema.json';
import { createAjv } from './ajv-setup';
import type { JsonSchema, ServiceDefinition, ServiceDefinitionFile, UiSchema } from './definition-types';
import { compileSchema } from './form-validator';
import { unboundedFields } from './input-bounds';
import { CONTEXT_REFERENCES, submitCallProblems } from './payload-mapping';
import { bindingsOfUiSchema } from './lookup-bindings';
import { conditionFields, definedProperties, ruleFields } from './schema-walk';
import { isKnownWidget } from './widget-names';
import { isRecord, valueAt } from './value-path';
import { WIDGET_CONTRACTS } from './widget-contracts';
import type { CustomWidgetName } from './widget-names';

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

/** Allowed values of an enum-like property: `enum`, `const` or `oneOf`/`anyOf` of consts. */
function allowedValues(schema: JsonSchema | undefined): unknown[] | undefined {
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

/** Checks one service folder's files; returns its definition when it has no problem. */
function loadOne(
  folder: string,
  files: Record<string, unknown>,
  problems: DefinitionProblem[],
): ServiceDefinition | null {
  const start = problems.length;
  const serviceFile = `${folder}/service.json`;
  const raw = files[serviceFile];
  const report = (file: string, pointer: string, message: string): void => {
    problems.push({ file, pointer, message });
  };

  const meta = validateMeta(raw);
  if (meta.errors && meta.errors.length > 0) {
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
    return null;
  }
  const file = raw as ServiceDefinitionFile;
  if (file.key !== folder) report(serviceFile, '/key', `must equal the folder name '${folder}'`);

  const schemaFile = `${folder}/${file.form.schema}`;
  const uiFile = `${folder}/${file.form.ui}`;
  const formSchema = files[schemaFile];
  const uiSchema = files[uiFile];
  if (!isRecord(formSchema))
    report(serviceFile, '/form/schema', `file '${file.form.schema}' is missing or not a JSON object`);
  if (!isRecord(uiSchema)) report(serviceFile, '/form/ui', `file '${file.form.ui}' is missing or not a JSON object`);

  const callSchemas: Record<string, JsonSchema> = {};
  file.submit.calls.forEach((call, i) => {
    if (!call.schema) return;
    const content = files[`${folder}/${call.schema}`];
    if (!isRecord(content))
      report(serviceFile, ptr('submit', 'calls', i, 'schema'), `file '${call.schema}' is missing or not a JSON object`);
    else {
      callSchemas[call.schema] = content;
      try {
        compileSchema(content);
      } catch (error) {
        report(`${folder}/${call.schema}`, '', `schema does not compile: ${(error as Error).message}`);
      }
    }
  });
  if (!isRecord(formSchema) || !isRecord(uiSchema)) return null;

  try {
    compileSchema(formSchema);
  } catch (error) {
    report(schemaFile, '', `schema does not compile: ${(error as Error).message}`);
  }
  if (formSchema.type !== 'object') report(schemaFile, '/type', "the form schema must be of type 'object'");

  const properties = definedProperties(formSchema);
  const has = (field: string): boolean => properties.has(field.split('.')[0] ?? field);

  // ui.json: keys name properties, widgets are known, ui:order names properties.
  const checkUi = (ui: Record<string, unknown>, path: Array<string | number>): void => {
    for (const [key, value] of Object.entries(ui)) {
      if (key === 'ui:widget' && !isKnownWidget(value)) {
        report(uiFile, ptr(...path, key), `unknown widget '${String(value)}'`);
      }
      if (isRecord(value) && !key.startsWith('ui:')) checkUi(value, [...path, key]);
    }
  };
  for (const key of Object.keys(uiSchema)) {
    if (!key.startsWith('ui:') && !properties.has(key))
      report(uiFile, ptr(key), `'${key}' is not a property of ${file.form.schema}`);
  }
  checkUi(uiSchema, []);
  const order = uiSchema['ui:order'];
  if (Array.isArray(order)) {
    order.forEach((name, i) => {
      if (name !== '*' && (typeof name !== 'string' || !properties.has(name)))
        report(uiFile, ptr('ui:order', i), `'${String(name)}' is not a property of ${file.form.schema}`);
    });
  }

  // The engine's widgets: their options fit the widget's contract and name fields of the form.
  for (const binding of bindingsOfUiSchema(uiSchema as UiSchema)) {
    const at = binding.field.split('.');
    const contract = WIDGET_CONTRACTS[binding.widget];
    const ui = valueAt(uiSchema, binding.field) as Record<string, unknown>;
    const options = isRecord(ui['ui:options']) ? ui['ui:options'] : {};
    for (const problem of optionProblems(binding.widget, options))
      report(uiFile, ptr(...at, 'ui:options') + problem.pointer, problem.message);
    for (const name of contract.fieldOptions ?? []) {
      const value = options[name];
      const targets =
        typeof value === 'string'
          ? [[value, ptr(name)]]
          : isRecord(value)
            ? Object.keys(value).map((k) => [k, ptr(name, k)])
            : [];
      for (const [target, pointer] of targets) {
        if (target && !has(target))
          report(uiFile, ptr(...at, 'ui:options') + pointer, `'${target}' is not a property of ${file.form.schema}`);
      }
    }
    for (const m of (binding.source ?? '').matchAll(/\{([^{}]+)\}/g)) {
      const name = m[1] ?? '';
      if (!has(name) && !(CONTEXT_REFERENCES as readonly string[]).includes(name)) {
        report(
          uiFile,
          ptr(...at, 'ui:options', 'source'),
          `placeholder {${name}} is not a property of ${file.form.schema}`,
        );
      }
    }
  }

  // The certificate's holder is read from fields of the form.
  (file.view.holder ?? []).forEach((field, i) => {
    if (!has(field))
      report(serviceFile, ptr('view', 'holder', i), `'${field}' is not a property of ${file.form.schema}`);
  });

  // Every text and list the form accepts is bounded.
  for (const field of unboundedFields(formSchema)) report(schemaFile, field.pointer, field.message);

  // Rules read existing fields.
  for (const ref of ruleFields(formSchema)) {
    if (!properties.has(ref.field))
      report(schemaFile, ref.pointer, `rule reads '${ref.field}', which is not a property of the form`);
  }

  // Submit pipeline.
  const recordCalls = file.submit.calls.filter((c) => c.savesRecord === true).length;
  if (recordCalls !== 1)
    report(serviceFile, '/submit/calls', `exactly one call must have savesRecord (found ${recordCalls})`);
  const callNames = new Set<string>();
  file.submit.calls.forEach((call, i) => {
    if (callNames.has(call.name))
      report(serviceFile, ptr('submit', 'calls', i, 'name'), `duplicate call name '${call.name}'`);
    callNames.add(call.name);
    for (const problem of submitCallProblems(call, has))
      report(serviceFile, ptr('submit', 'calls', i, ...problem.path), problem.message);
    (call.flags ?? []).forEach((flag, j) => {
      if (!has(flag.field)) {
        report(
          serviceFile,
          ptr('submit', 'calls', i, 'flags', j, 'field'),
          `'${flag.field}' is not a property of ${file.form.schema}`,
        );
        return;
      }
      const allowed = allowedValues(properties.get(flag.field));
      flag.values.forEach((v, k) => {
        if (allowed && !allowed.includes(v))
          report(
            serviceFile,
            ptr('submit', 'calls', i, 'flags', j, 'values', k),
            `'${v}' is not a value of '${flag.field}'`,
          );
      });
    });
  });

  // Conditional uploads: their `when` is a condition that compiles and reads fields of the form.
  (file.documents.extra ?? []).forEach((extra, i) => {
    if (!extra.when) return;
    const at = ptr('documents', 'extra', i, 'when');
    try {
      compileSchema(extra.when);
    } catch (error) {
      report(serviceFile, at, `condition does not compile: ${(error as Error).message}`);
    }
    for (const ref of conditionFields(extra.when, at)) {
      if (!properties.has(ref.field))
        report(serviceFile, ref.pointer, `condition reads '${ref.field}', which is not a property of the form`);
    }
  });

  if (problems.length > start) return null;
  return { ...file, formSchema, uiSchema, callSchemas };
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
  const routes = new Map<string, string>();
  const duplicated = new Set<string>();
  for (const def of loaded) {
    const file = `${def.key}/service.json`;
    const ownerOfId = ids.get(def.id);
    if (ownerOfId) {
      problems.push({ file, pointer: '/id', message: `id ${def.id} is already used by '${ownerOfId}'` });
      duplicated.add(def.key);
    } else ids.set(def.id, def.key);
    for (const [name, route] of Object.entries(def.routes) as Array<[string, string | undefined]>) {
      if (!route) continue;
      const owner = routes.get(route);
      if (owner && owner !== def.key) {
        problems.push({
          file,
          pointer: ptr('routes', name),
          message: `route '${route}' is already used by '${owner}'`,
        });
        duplicated.add(def.key);
      } else if (owner === def.key) {
        problems.push({ file, pointer: ptr('routes', name), message: `route '${route}' is used twice` });
        duplicated.add(def.key);
      } else routes.set(route, def.key);
    }
  }
  const definitions = loaded.filter((d) => !duplicated.has(d.key)).sort((a, b) => a.id - b.id);
  return { definitions, problems };
}
