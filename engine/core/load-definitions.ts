/**
 * Loads and checks service definitions from their files' parsed JSON. Works in Node and the
 * browser (the meta-schema is imported, files are passed in), so `services:check`, the server and
 * the portal's dev reload report the same problems. Each concern has its module: includes
 * (definition-includes.ts), the meta-schema (definition-meta.ts), a form's files
 * (form-files-check.ts), the submit pipeline (submit-pipeline-check.ts), the documents step
 * (documents-check.ts), tasks (task-check.ts), the lifecycle (lifecycle-check.ts), clashes between
 * services (cross-service-check.ts) and versions (definition-versions.ts). This module reads a
 * service's forms (the top-level one or its variants) and joins the checks.
 */
import type {
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
import { fileReader, resolveIncludes } from './definition-includes';
import { checkLifecycle } from './lifecycle-check';
import { resolveLifecycle } from './transitions';
import { upgradeLifecycle } from './lifecycle-upgrade';
import { isRecord } from './value-path';
import { checkMeta } from './definition-meta';
import { pointerOf, type DefinitionProblem, type Report } from './definition-problems';
import { readFormFiles } from './form-files-check';
import { checkSubmitPipeline } from './submit-pipeline-check';
import { checkConditionalUploads } from './documents-check';
import { loadTasks } from './task-check';
import { clashesAcrossServices } from './cross-service-check';
import { serviceChoiceProblems } from './service-choice';
import { HOLDER_PLACEHOLDER } from './approval-letter';
import { placeholdersOf } from './placeholders';
import { ruleMessages } from './localize-definition';
import { checkRetentionClasses, resolveRetention, RETENTION_FILE, type RetentionClasses } from './retention-classes';

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
  taskRecords: ReadonlySet<string>,
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
  // So are the placeholders of the letter issued instead of a certificate.
  const { letter } = part.view;
  const letterTexts: Array<[Array<string | number>, string]> = letter
    ? [
        [['subject'], letter.subject],
        ...letter.body.map((text, i): [Array<string | number>, string] => [['body', i], text]),
      ]
    : [];
  for (const [where, text] of letterTexts)
    for (const name of placeholdersOf(text))
      if (name !== HOLDER_PLACEHOLDER && !has(name))
        fail(serviceFile, at('view', 'letter', ...where), notAProperty(name));

  checkSubmitPipeline(part.submit.calls, formFiles, serviceFile, at, fail);
  const callNames = new Set(part.submit.calls.map((call) => call.name));

  // Detail tables read a record the pipeline saves.
  (part.view.tables ?? []).forEach((table, i) => {
    if (table.record && table.record !== part.view.record && !callNames.has(table.record))
      fail(serviceFile, at('view', 'tables', i, 'record'), `no call of the pipeline saves a record '${table.record}'`);
    // A column reads the items of its table's list: another record means nothing there.
    table.columns.forEach((column, j) => {
      if (column.record !== undefined || column.supersededBy !== undefined)
        fail(serviceFile, at('view', 'tables', i, 'columns', j), 'a column reads its list: no record or supersededBy');
    });
  });
  // A row reads the view's record, one the pipeline saves or one an applicant task saves.
  const known = (record: string | undefined) =>
    record === undefined || record === part.view.record || callNames.has(record) || taskRecords.has(record);
  part.view.rows.forEach((row, i) => {
    if (!known(row.record))
      fail(serviceFile, at('view', 'rows', i, 'record'), `no call or task saves a record '${row.record}'`);
    if (row.supersededBy && !known(row.supersededBy.record))
      fail(
        serviceFile,
        at('view', 'rows', i, 'supersededBy', 'record'),
        `no call or task saves a record '${row.supersededBy.record}'`,
      );
  });

  checkConditionalUploads(part.documents, part.documentsAt, properties, serviceFile, fail);

  return failed ? null : { formSchema, uiSchema, callSchemas };
}

/** Checks one service folder's files; returns its definition when it has no problem. */
function loadOne(
  folder: string,
  files: Record<string, unknown>,
  problems: DefinitionProblem[],
  classes: RetentionClasses | null,
): ServiceDefinition | null {
  const start = problems.length;
  const serviceFile = `${folder}/service.json`;
  const report: Report = (file, pointer, message) => problems.push({ file, pointer, message });
  const included = new Set<string>();
  // A file written before the transition table is read in its format (lifecycle-upgrade.ts).
  const written = isRecord(files[serviceFile]) ? upgradeLifecycle(files[serviceFile]) : files[serviceFile];
  const raw = resolveIncludes(written, serviceFile, files, report, included);
  // A missing include leaves an empty object behind: judging that would only add noise.
  if (problems.length > start || !checkMeta(raw, serviceFile, report)) return null;
  const file = raw as ServiceDefinitionFile;
  if (file.key !== folder) report(serviceFile, '/key', `must equal the folder name '${folder}'`);
  const lifecycle = resolveLifecycle(file.lifecycle, serviceFile, report);
  checkLifecycle(file, lifecycle, serviceFile, report);
  const retention = resolveRetention(file.retention, classes, serviceFile, report, RETENTION_FILE in files);

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
  // The records the applicant tasks save, which view rows may read.
  const taskRecords = new Set((file.tasks ?? []).map((task) => task.save.record));
  for (const part of parts) {
    const loaded = loadForm(folder, part, files, report, included, taskRecords);
    if (!loaded) continue;
    forms.push({
      ...shared,
      lifecycle,
      ...(retention ? { retentionPolicy: retention } : {}),
      form: part.form,
      submit: part.submit,
      view: part.view,
      documents: part.documents,
      ...loaded,
      ...(part.variant ? { variant: part.variant } : {}),
    });
  }
  // The wizard's alerts are messages of the forms' rules, word for word.
  const messages = new Set(forms.flatMap((form) => ruleMessages(form.formSchema)));
  (file.wizard.alerts ?? []).forEach((message, i) => {
    if (forms.length > 0 && !messages.has(message))
      report(serviceFile, pointerOf('wizard', 'alerts', i), `'${message}' is not a message of the form's rules`);
  });
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
 * ids, keys and routes unique across services, start-page choices that read the same from each
 * page (unless `alone`: an archived version, without its siblings). A service with any problem is
 * left out.
 */
export function loadServiceDefinitions(
  files: Record<string, unknown>,
  options: { alone?: boolean } = {},
): LoadedDefinitions {
  const problems: DefinitionProblem[] = [];
  const folders = Object.keys(files)
    .filter((name) => /^[^/]+\/service\.json$/.test(name))
    .map((name) => name.slice(0, -'/service.json'.length))
    .sort();
  const loaded: ServiceDefinition[] = [];
  // The platform's retention classes, judged once (a wrong file is one problem, not one per service).
  const classes = checkRetentionClasses(files[RETENTION_FILE], (file, pointer, message) =>
    problems.push({ file, pointer, message }),
  );
  for (const folder of folders) {
    const definition = loadOne(folder, files, problems, classes);
    if (definition) loaded.push(definition);
  }

  const duplicated = clashesAcrossServices(loaded, problems);
  // An archived version is loaded alone: the siblings its start-page choice names are not there.
  const unchoosable = options.alone ? new Set<string>() : serviceChoiceProblems(loaded, problems);
  const definitions = loaded
    .filter((d) => !duplicated.has(d.key) && !unchoosable.has(d.key))
    .sort((a, b) => a.id - b.id);
  return { definitions, problems };
}
