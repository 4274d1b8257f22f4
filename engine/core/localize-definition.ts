import type {
  ApplicantTask,
  ExtraUpload,
  JsonSchema,
  Lifecycle,
  ServiceDefinition,
  StatusEmail,
  Transition,
  UiSchema,
} from './definition-types';
import { isRecord } from './value-path';
import { branchSchemas } from './schema-walk';

/**
 * Translation of a service definition's own texts. A definition is written in English; per-service
 * catalogues (`services/<key>/i18n/<lang>.json`) map each English text to its translation, keyed by
 * the text itself so analysts read them easily and reordering fields never breaks them.
 *
 * Only what people read is translated: titles, descriptions, help, placeholders, option labels and
 * custom error messages. Values (`const`, `enum`, `default`), names that travel to the server
 * (upload names, lookup names) and rules stay as written, so a localized definition accepts and
 * produces exactly the data of the English one and the server keeps validating with the original.
 */

/** Maps an English text of a definition to the text shown; returns its argument when untranslated. */
export type Translate = (text: string) => string;

/** A definition whose texts can be localized: what the portal renders. */
export type LocalizableDefinition = Pick<
  ServiceDefinition,
  'title' | 'summary' | 'department' | 'info' | 'wizard' | 'documents' | 'view' | 'formSchema' | 'uiSchema'
> &
  Partial<Pick<ServiceDefinition, 'variant' | 'variants' | 'workQueues' | 'tasks' | 'lifecycle'>>;

/** An upload of the documents step with the text shown for its stable `name`. */
export interface LocalizedExtraUpload extends ExtraUpload {
  /** Shown instead of `name`, which stays the English one sent to the server. */
  label?: string;
}

/** Texts worth translating: anything with a letter ("FREE", "NA"), not "5" or "30". */
function isTextual(value: unknown): value is string {
  return typeof value === 'string' && /\p{L}/u.test(value);
}

function text(value: string, translate: Translate): string {
  return isTextual(value) ? translate(value) : value;
}

/** Keywords holding one sub-schema. */
const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
/** Keywords holding a list of sub-schemas. */
const SCHEMA_LIST_KEYWORDS: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
/** Keywords holding a map of name -> sub-schema. */
const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependencies',
]);

/** ajv-errors messages: a string, or an object of keyword / property -> message at any depth. */
function localizeErrorMessage(value: unknown, translate: Translate): unknown {
  if (typeof value === 'string') return text(value, translate);
  if (Array.isArray(value)) return value.map((item) => localizeErrorMessage(item, translate));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = localizeErrorMessage(item, translate);
    return out;
  }
  return value;
}

/**
 * A JSON Schema with its `title`, `description` and `errorMessage` texts translated at every depth
 * (properties, branches of if/then/else and allOf/anyOf/oneOf, items, definitions), visited in the
 * file's own order. Values such as `const`, `enum`, `default` and `examples` are data and are left alone.
 * The rules' messages (`errorMessage`) go through `translateMessage`, the same as the rest unless given.
 */
export function localizeSchema(
  schema: JsonSchema,
  translate: Translate,
  translateMessage: Translate = translate,
): JsonSchema {
  const sub = (value: JsonSchema) => localizeSchema(value, translate, translateMessage);
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((key === 'title' || key === 'description') && typeof value === 'string') out[key] = text(value, translate);
    else if (key === 'errorMessage') out[key] = localizeErrorMessage(value, translateMessage);
    else if (SCHEMA_KEYWORDS.has(key) && isRecord(value)) out[key] = sub(value);
    else if (SCHEMA_LIST_KEYWORDS.has(key) && Array.isArray(value))
      out[key] = value.map((item) => (isRecord(item) ? sub(item) : item));
    else if (SCHEMA_MAP_KEYWORDS.has(key) && isRecord(value)) {
      // dependencies may also hold arrays of property names: those are kept as they are.
      const map: Record<string, unknown> = {};
      for (const [name, item] of Object.entries(value)) map[name] = isRecord(item) ? sub(item) : item;
      out[key] = map;
    } else out[key] = value;
  }
  return out;
}

/** Every message a schema's rules give (its `errorMessage` texts, at any depth), as written. */
export function ruleMessages(schema: JsonSchema): string[] {
  const found: string[] = [];
  localizeSchema(
    schema,
    (value) => value,
    (message) => {
      found.push(message);
      return message;
    },
  );
  return found;
}

/** uiSchema keys (directly or inside `ui:options`) whose string value is shown. */
const UI_TEXT_KEYS = ['title', 'description', 'help', 'placeholder', 'label'] as const;

function localizeEnumNames(value: unknown, translate: Translate): unknown {
  if (Array.isArray(value)) return value.map((name) => (typeof name === 'string' ? text(name, translate) : name));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, name] of Object.entries(value)) out[key] = typeof name === 'string' ? text(name, translate) : name;
    return out;
  }
  return value;
}

function localizeExtraOption(option: unknown, translate: Translate): unknown {
  if (!isRecord(option) || typeof option.label !== 'string') return option;
  // `name` keeps the English label: it is what the widget writes to its name field, which rules
  // compare (e.g. consumption_area_name === "Other") and the server recomputes in English.
  return { ...option, label: text(option.label, translate), name: option.name ?? option.label };
}

function localizeUiOptions(options: Record<string, unknown>, translate: Translate): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if ((UI_TEXT_KEYS as readonly string[]).includes(key) && typeof value === 'string')
      out[key] = text(value, translate);
    else if (key === 'enumNames') out[key] = localizeEnumNames(value, translate);
    else if (key === 'extraOptions' && Array.isArray(value))
      out[key] = value.map((option) => localizeExtraOption(option, translate));
    else out[key] = value;
  }
  return out;
}

/**
 * A uiSchema with its shown texts translated: `ui:title`, `ui:description`, `ui:help`,
 * `ui:placeholder`, `ui:enumNames` and the same inside `ui:options` (plus `extraOptions` labels),
 * for every field at any depth.
 */
export function localizeUiSchema(uiSchema: UiSchema, translate: Translate): UiSchema {
  const out: UiSchema = {};
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key.startsWith('ui:')) {
      const name = key.slice(3);
      if ((UI_TEXT_KEYS as readonly string[]).includes(name) && typeof value === 'string')
        out[key] = text(value, translate);
      else if (name === 'enumNames') out[key] = localizeEnumNames(value, translate);
      else if (name === 'options' && isRecord(value)) out[key] = localizeUiOptions(value, translate);
      else out[key] = value;
    } else if (isRecord(value)) out[key] = localizeUiSchema(value, translate);
    // A tuple's places (`items` as a list), the options of an `anyOf`/`oneOf`: a layout each.
    else if (Array.isArray(value))
      out[key] = value.map((entry: unknown) => (isRecord(entry) ? localizeUiSchema(entry, translate) : entry));
    else out[key] = value;
  }
  return out;
}

/**
 * `uiSchema` with labels for the fields of `schema` whose choices are a plain `enum` of texts and
 * carry none (no `oneOf` titles, no `ui:enumNames`), at any depth (nested objects, array items, and
 * fields written as a `$ref` to the schema's `definitions`): each value is its own English label, so it is
 * translated like every text of the form (and `i18n:check` asks for it), and the view and the confirm
 * step show the label instead of the stored value. The stored value stays the English one.
 */
export function withEnumLabels(schema: JsonSchema, uiSchema: UiSchema): UiSchema {
  /**
   * A field as the form renders it: a local `$ref` (`#/definitions/<name>`, `#/$defs/<name>`) read
   * from the schema, so the choices of a shared definition are labelled where each field uses it.
   */
  const resolve = (field: JsonSchema, seen: ReadonlySet<string> = new Set()): JsonSchema => {
    const ref = field.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/') || seen.has(ref)) return field;
    let target: unknown = schema;
    for (const part of ref.slice(2).split('/'))
      target = isRecord(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    if (!isRecord(target)) return field;
    const { $ref: _ref, ...rest } = field;
    return { ...resolve(target, new Set([...seen, ref])), ...rest };
  };
  const label = (written: JsonSchema, ui: unknown): unknown => {
    const field = resolve(written);
    const own = isRecord(ui) ? ui : {};
    if (isRecord(field.items)) {
      const items = label(field.items, own.items);
      return items === own.items ? ui : { ...own, items };
    }
    if (field.type === 'object' || isRecord(field.properties)) {
      const object = labelObject(field, own);
      return object === own ? ui : object;
    }
    const values = field.enum;
    const labelled =
      'ui:enumNames' in own ||
      (isRecord(own['ui:options']) && 'enumNames' in own['ui:options']) ||
      field.oneOf ||
      field.anyOf;
    if (!Array.isArray(values) || labelled || !values.every((v) => typeof v === 'string')) return ui;
    return { ...own, 'ui:enumNames': [...values] };
  };
  const labelObject = (object: JsonSchema, ui: Record<string, unknown>): Record<string, unknown> => {
    let out = ui;
    const visit = (written: JsonSchema): void => {
      const part = resolve(written);
      if (isRecord(part.properties))
        for (const [name, field] of Object.entries(part.properties)) {
          if (!isRecord(field)) continue;
          const next = label(field, out[name]);
          if (next !== out[name]) out = { ...out, [name]: next };
        }
      for (const branch of branchSchemas(part)) visit(branch);
    };
    visit(object);
    return out;
  };
  return labelObject(schema, uiSchema) as UiSchema;
}

/** A translated copy of an applicant task: its texts, uploads and form. */
function localizeTask(task: ApplicantTask, translate: Translate): ApplicantTask {
  const localized: ApplicantTask = {
    ...task,
    title: text(task.title, translate),
    action: text(task.action, translate),
    uploads: task.uploads.map((upload) => localizeExtra(upload, translate)),
    messages: {
      upload: text(task.messages.upload, translate),
      unavailable: text(task.messages.unavailable, translate),
      refused: text(task.messages.refused, translate),
      success: text(task.messages.success, translate),
    },
    formSchema: localizeSchema(task.formSchema, translate),
    uiSchema: localizeUiSchema(withEnumLabels(task.formSchema, task.uiSchema), translate),
  };
  if (task.intro !== undefined) localized.intro = text(task.intro, translate);
  return localized;
}

function localizeExtra(extra: ExtraUpload, translate: Translate): LocalizedExtraUpload {
  const out: LocalizedExtraUpload = { ...extra, label: text(extra.name, translate) };
  if (extra.description !== undefined) out.description = text(extra.description, translate);
  if (extra.requiredMessage !== undefined) out.requiredMessage = text(extra.requiredMessage, translate);
  return out;
}

/**
 * A translated copy of a definition: `translate` receives each English text people read and returns
 * what to show. Covers service.json (title, summary, department, wizard titles and failure titles, textual fee and
 * validity, How to Apply paragraphs, extra upload names, descriptions and messages, view row
 * labels, work queue titles and labels, applicant tasks' texts, uploads and forms, the lifecycle's
 * status labels, next lines and e-mails, transition labels and comments, document labels, reason
 * messages and e-mails, and block texts), the form schema (titles, descriptions, `errorMessage` texts at any depth, option titles
 * of `oneOf`/`anyOf` consts) and the uiSchema (titles, descriptions, help, placeholders, enum names,
 * extra option labels). Everything else (ids, routes, rules, values, calls) is kept, so the copy
 * validates and submits the same data as the original. The input is not changed.
 */
export function localizeDefinition<D extends LocalizableDefinition>(definition: D, translate: Translate): D {
  // Visited in the order of service.json, then schema.json, then ui.json, so `definitionStrings`
  // lists the texts in the order an analyst reads the files.
  const title = text(definition.title, translate);
  const summary = text(definition.summary, translate);
  const department = text(definition.department, translate);
  const { info, documents, view } = definition;
  const localizedInfo = { ...info };
  if (info.title !== undefined) localizedInfo.title = text(info.title, translate);
  if (info.fee !== undefined) localizedInfo.fee = text(info.fee, translate);
  if (info.validity !== undefined) localizedInfo.validity = text(info.validity, translate);
  localizedInfo.howToApply = info.howToApply.map((paragraph) => text(paragraph, translate));
  if (info.choice) localizedInfo.choice = { ...info.choice, label: text(info.choice.label, translate) };
  const wizard = { ...definition.wizard, title: text(definition.wizard.title, translate) };
  if (definition.wizard.editTitle !== undefined) wizard.editTitle = text(definition.wizard.editTitle, translate);
  if (definition.wizard.alerts) wizard.alerts = definition.wizard.alerts.map((message) => text(message, translate));
  if (definition.wizard.failures) {
    wizard.failures = Object.fromEntries(
      Object.entries(definition.wizard.failures).map(([stage, title]) => [stage, text(title, translate)]),
    );
  }
  const localizedDocuments = { ...documents };
  if (documents.extra) localizedDocuments.extra = documents.extra.map((extra) => localizeExtra(extra, translate));
  if (documents.templates)
    localizedDocuments.templates = documents.templates.map((t) => ({ ...t, label: text(t.label, translate) }));
  const label = (row: { label: string }) => ({ ...row, label: text(row.label, translate) });
  const localizedView = {
    ...view,
    rows: view.rows.map(label),
    ...(view.tables
      ? {
          tables: view.tables.map((table) => ({
            ...table,
            title: text(table.title, translate),
            columns: table.columns.map(label),
          })),
        }
      : {}),
  };
  const formSchema = localizeSchema(definition.formSchema, translate);
  const uiSchema = localizeUiSchema(withEnumLabels(definition.formSchema, definition.uiSchema), translate);
  const localized = {
    ...definition,
    title,
    summary,
    department,
    info: localizedInfo,
    wizard,
    documents: localizedDocuments,
    view: localizedView,
    formSchema,
    uiSchema,
  };
  if (definition.variant)
    localized.variant = { ...definition.variant, label: text(definition.variant.label, translate) };
  if (definition.variants) {
    const options = definition.variants.options.map((option) => localizeDefinition(option, translate));
    localized.variants = { label: text(definition.variants.label, translate), options };
  }
  if (definition.workQueues) {
    const { workQueues } = definition;
    localized.workQueues = {
      ...workQueues,
      title: text(workQueues.title, translate),
      ...(workQueues.dashboardLink ? { dashboardLink: text(workQueues.dashboardLink, translate) } : {}),
      queues: workQueues.queues.map((queue) => ({ ...queue, label: text(queue.label, translate) })),
    };
  }
  if (definition.tasks) localized.tasks = definition.tasks.map((task) => localizeTask(task, translate));
  if (definition.lifecycle) localized.lifecycle = localizeLifecycle(definition.lifecycle, translate);
  return localized;
}

function localizeEmail(email: StatusEmail, translate: Translate): StatusEmail {
  return {
    ...email,
    subject: text(email.subject, translate),
    paragraphs: email.paragraphs.map((paragraph) => text(paragraph, translate)),
    linkLabel: text(email.linkLabel, translate),
  };
}

/**
 * A translated copy of a transition: its label (the console's button), its document's label, the
 * message asking for the applicant's reason, its own e-mail, and its history comment as
 * `commentLabel`. `comment` stays the English one: it is what the server writes into the history,
 * and `historyCommentLabels` finds it there. `description` stays English: it is the staff command's
 * help, not shown in the console.
 */
function localizeTransition(transition: Transition, translate: Translate): Transition {
  const localized: Transition = { ...transition };
  if (transition.label !== undefined) localized.label = text(transition.label, translate);
  if (transition.comment !== undefined) localized.commentLabel = text(transition.comment, translate);
  if (transition.document)
    localized.document = { ...transition.document, label: text(transition.document.label, translate) };
  if (transition.reason)
    localized.reason = { ...transition.reason, requiredMessage: text(transition.reason.requiredMessage, translate) };
  if (transition.email) localized.email = localizeEmail(transition.email, translate);
  return localized;
}

/**
 * The history comments a lifecycle's transitions write (English, as stored), each with the text to
 * show: its `commentLabel` in a translated copy. The comments staff or applicants write themselves
 * are not among them and are shown as written.
 */
export function historyCommentLabels(lifecycle: Pick<Lifecycle, 'transitions'> | undefined): Map<string, string> {
  const labels = new Map<string, string>();
  for (const transition of lifecycle?.transitions ?? [])
    if (transition.comment !== undefined && transition.commentLabel !== undefined)
      labels.set(transition.comment, transition.commentLabel);
  return labels;
}

/**
 * A translated copy of a lifecycle: status labels, next lines and e-mails, the transitions' labels,
 * comments, document labels, reason messages and e-mails, block texts.
 */
function localizeLifecycle(lifecycle: Lifecycle, translate: Translate): Lifecycle {
  const localized: Lifecycle = { ...lifecycle };
  if (lifecycle.statuses)
    localized.statuses = lifecycle.statuses.map((status) => ({
      ...status,
      label: text(status.label, translate),
      next: text(status.next, translate),
      ...(status.email ? { email: localizeEmail(status.email, translate) } : {}),
    }));
  localized.transitions = lifecycle.transitions.map((transition) => localizeTransition(transition, translate));
  if (lifecycle.decision)
    localized.decision = {
      ...lifecycle.decision,
      accept: localizeTransition(lifecycle.decision.accept, translate),
      deny: localizeTransition(lifecycle.decision.deny, translate),
    };
  if (lifecycle.blocks)
    localized.blocks = lifecycle.blocks.map((block) => ({
      ...block,
      title: text(block.title, translate),
      ...(block.text !== undefined ? { text: text(block.text, translate) } : {}),
    }));
  return localized;
}

/**
 * Every text of a definition that `localizeDefinition` translates, once each, in the order met.
 * `npm run i18n:check` asks each service catalogue for all of them.
 */
export function definitionStrings(definition: LocalizableDefinition): string[] {
  const seen = new Set<string>();
  localizeDefinition(definition, (value) => {
    seen.add(value);
    return value;
  });
  return [...seen];
}
