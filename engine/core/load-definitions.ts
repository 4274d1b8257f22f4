/**
 * Loads and checks service definitions from their files' parsed JSON. Works in Node and the
 * browser (the meta-schema is imported, files are passed in), so `services:check`, the server and
 * the portal's dev reload report the same problems. The concerns live beside it: includes
 * (definition-includes.ts), the meta-schema (definition-meta.ts), a form's files
 * (form-files-check.ts); this module checks what joins them: the submit pipeline, the view, the
 * documents, the tasks, and uniqueness across services.
 */
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
import { fieldsOfCall, submitCallProblems } from './payload-mapping';
import { conditionFields } from './schema-walk';
import { allowedValues } from './allowed-values';
import { fileReader, resolveIncludes } from './definition-includes';
import { checkLifecycle } from './lifecycle-check';
import { checkMeta } from './definition-meta';
import { pointerOf, type DefinitionProblem, type Report } from './definition-problems';
import { readFormFiles } from './form-files-check';

export interface LoadedDefinitions {
  /** Definitions without problems, sorted by id. */
  definitions: ServiceDefinition[];
  problems: DefinitionProblem[];
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
  const at = (...segments: Array<string | number>) => pointerOf(...part.at, ...segments);
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
      part.documents === undefined ? at('documents', 'extra', i, 'when') : pointerOf('documents', 'extra', i, 'when');
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
    const at = (...segments: Array<string | number>) => pointerOf('tasks', i, ...segments);
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
  checkLifecycle(file.lifecycle, serviceFile, report);

  const parts: Array<FormPart & { variant?: { key: string; label: string } }> = [];
  if (file.variants) {
    if (file.form || file.submit || file.view)
      report(serviceFile, '', 'a service has form, submit and view, or variants, not both');
    const keys = new Set<string>();
    file.variants.options.forEach((option, i) => {
      if (keys.has(option.key))
        report(serviceFile, pointerOf('variants', 'options', i, 'key'), `duplicate variant '${option.key}'`);
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
        ([name, route]): [string, string | undefined, string] => [name, route, pointerOf('routes', name)],
      ),
      ...(def.unlocks ?? []).map((unlock, i): [string, string, string] => [
        'unlock',
        unlock.route,
        pointerOf('unlocks', i, 'route'),
      ]),
      ...(def.workQueues
        ? [['queues', def.workQueues.route, pointerOf('workQueues', 'route')] as [string, string, string]]
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
          pointer: pointerOf('unlocks', i, 'feature'),
          message: `feature '${unlock.feature}' is already opened by '${owner}'`,
        });
        duplicated.add(def.key);
      } else features.set(unlock.feature, def.key);
    });
  }
  // A document's download address is a route of the API: one service's.
  const downloads = new Map<string, string>();
  for (const def of loaded) {
    (def.lifecycle?.actions ?? []).forEach((action, i) => {
      if (!action.document) return;
      const owner = downloads.get(action.document.download);
      if (owner) {
        problems.push({
          file: `${def.key}/service.json`,
          pointer: pointerOf('lifecycle', 'actions', i, 'document', 'download'),
          message: `download '${action.document.download}' is already used by '${owner}'`,
        });
        duplicated.add(def.key);
      } else downloads.set(action.document.download, def.key);
    });
  }
  const definitions = loaded.filter((d) => !duplicated.has(d.key)).sort((a, b) => a.id - b.id);
  return { definitions, problems };
}
