/**
 * The field tree of a form as the wizard renders it, computed from the schema and the uiSchema alone:
 * every field the form can show, in display order (`ui:order`), with its label, widget, whether it is
 * required and on which condition it is shown. The conformance snapshots hold it, so a change to a
 * form's layout or rules shows up as a readable diff rather than being noticed in the browser.
 *
 * It reads the conditional structure the way RJSF resolves it (properties of `allOf` entries, of the
 * `then`/`else` of their `if`, of `dependencies`), and says the conditions in words, e.g.
 * `import_purchase is "import" or "import_single"`.
 */
import { applyUiOrder } from '../../engine/core/confirm-summary';
import type { JsonSchema, UiSchema } from '../../engine/core/definition-types';
import { isRecord } from '../../engine/core/value-path';

export interface FieldRow {
  /** Dotted path; `[]` stands for every row of a list. */
  path: string;
  label: string;
  /** `ui:widget`, else the widget RJSF picks for the schema (`text`, `select`, `checkbox`, ...). */
  widget: string;
  /** `true`, `false`, or the condition (beyond those it is shown on) under which it is required. */
  required: boolean | string;
  /** The condition under which the form shows it; absent when always shown. */
  shownWhen?: string;
}

/** A list of conditions that all hold (the `if`s of nested branches). */
type Conditions = string[];

interface Declaration {
  schema: JsonSchema;
  when: Conditions;
}

interface FieldFacts {
  declarations: Declaration[];
  /** Condition lists under which the field is required (an empty list: always). */
  requiredWhen: Conditions[];
}

const json = (value: unknown) => JSON.stringify(value);

/** One property constraint of an `if`, in words. */
function describeProperty(name: string, schema: unknown, required: boolean): string {
  let text: string;
  if (isRecord(schema) && 'const' in schema) text = `${name} = ${json(schema.const)}`;
  else if (isRecord(schema) && Array.isArray(schema.enum)) text = `${name} is ${schema.enum.map(json).join(' or ')}`;
  else if (isRecord(schema) && isRecord(schema.not) && 'const' in schema.not)
    text = `${name} != ${json(schema.not.const)}`;
  else if (isRecord(schema) && isRecord(schema.not) && Array.isArray(schema.not.enum))
    text = `${name} is not ${schema.not.enum.map(json).join(' or ')}`;
  else if (isRecord(schema) && schema.maxItems === 0 && Object.keys(schema).length === 1) text = `${name} is empty`;
  else if (isRecord(schema) && typeof schema.minItems === 'number' && Object.keys(schema).length === 1)
    text = `${name} has at least ${schema.minItems} item(s)`;
  else text = `${name} matches ${json(schema)}`;
  // A property constraint of an `if` also holds when the property is absent, unless it is required.
  return required ? text : `${text} (or ${name} absent)`;
}

/** An `if` schema in words: its property constraints and required fields, joined by "and". */
export function describeCondition(condition: unknown): string {
  if (!isRecord(condition)) return json(condition);
  const required = Array.isArray(condition.required)
    ? condition.required.filter((f): f is string => typeof f === 'string')
    : [];
  const properties = isRecord(condition.properties) ? condition.properties : {};
  const parts = Object.entries(properties).map(([name, schema]) =>
    describeProperty(name, schema, required.includes(name)),
  );
  for (const name of required) if (!(name in properties)) parts.push(`${name} is filled`);
  const rest = Object.keys(condition).filter((k) => k !== 'properties' && k !== 'required');
  if (rest.length > 0) parts.push(`matches ${json(Object.fromEntries(rest.map((k) => [k, condition[k]])))}`);
  return parts.join(' and ');
}

/** The widget RJSF draws for a schema without `ui:widget` (its registry's defaults). */
function defaultWidget(schema: JsonSchema): string {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const choices =
    Array.isArray(schema.enum) ||
    (Array.isArray(schema.oneOf) && schema.oneOf.every((o) => isRecord(o) && 'const' in o));
  if (type === 'boolean') return 'checkbox';
  if (type === 'object') return 'object';
  if (type === 'array') return 'array';
  if (choices) return 'select';
  if (type === 'string' && typeof schema.format === 'string') return schema.format;
  return 'text';
}

/** Collects the fields an object schema can define, with the conditions that show and require them. */
function collect(schema: JsonSchema): Map<string, FieldFacts> {
  const facts = new Map<string, FieldFacts>();
  const factsOf = (name: string): FieldFacts => {
    let entry = facts.get(name);
    if (!entry) {
      entry = { declarations: [], requiredWhen: [] };
      facts.set(name, entry);
    }
    return entry;
  };
  const visit = (s: JsonSchema, when: Conditions): void => {
    if (isRecord(s.properties))
      for (const [name, prop] of Object.entries(s.properties))
        factsOf(name).declarations.push({ schema: isRecord(prop) ? prop : {}, when });
    if (Array.isArray(s.required))
      for (const name of s.required) if (typeof name === 'string') factsOf(name).requiredWhen.push(when);
    if (Array.isArray(s.allOf)) for (const item of s.allOf) if (isRecord(item)) visit(item, when);
    if (s.if !== undefined) {
      const condition = describeCondition(s.if);
      if (isRecord(s.then)) visit(s.then, [...when, condition]);
      if (isRecord(s.else)) visit(s.else, [...when, `not (${condition})`]);
    }
    if (isRecord(s.dependencies))
      for (const [key, dependency] of Object.entries(s.dependencies))
        if (isRecord(dependency)) visit(dependency, [...when, `${key} is filled`]);
  };
  visit(schema, []);
  return facts;
}

const both = (conditions: Conditions) => conditions.join(' and ');

/** `a or b` of condition lists; `undefined` when one of them is empty (always). */
function anyOf(lists: Conditions[]): string | undefined {
  if (lists.length === 0 || lists.some((l) => l.length === 0)) return undefined;
  const texts = [...new Set(lists.map(both))];
  return texts.length === 1 ? texts[0] : texts.map((t) => `(${t})`).join(' or ');
}

/** The rows of an object schema under `prefix`, in display order, nested objects and list rows included. */
export function fieldTree(schema: JsonSchema, uiSchema: UiSchema, prefix = ''): FieldRow[] {
  const facts = collect(schema);
  const rows: FieldRow[] = [];
  for (const name of applyUiOrder([...facts.keys()], uiSchema['ui:order'])) {
    const entry = facts.get(name);
    // A name only ever `required` or constrained by a rule, never declared, is not drawn.
    const shown = entry?.declarations.filter((d) => d.schema.type !== undefined || d.schema.title !== undefined);
    if (!entry || !shown || shown.length === 0) continue;
    const merged: JsonSchema = Object.assign({}, ...entry.declarations.map((d) => d.schema)) as JsonSchema;
    const ui = isRecord(uiSchema[name]) ? uiSchema[name] : {};
    const options = isRecord(ui['ui:options']) ? ui['ui:options'] : {};
    const titles = [...new Set(shown.map((d) => d.schema.title).filter((t): t is string => typeof t === 'string'))];
    const label = [ui['ui:title'], options.title].find((t): t is string => typeof t === 'string') ?? titles.join(' / ');
    const shownWhen = anyOf(shown.map((d) => d.when));
    // Required "when shown" is simply required; otherwise name only the conditions beyond the shown ones.
    const showing = new Set(shown.length === 1 ? shown[0]?.when : []);
    const extra = entry.requiredWhen.map((when) => when.filter((c) => !showing.has(c)));
    const required = extra.length === 0 ? false : (anyOf(extra) ?? true);
    const path = `${prefix}${name}`;
    const row: FieldRow = {
      path,
      label: label || name,
      widget: typeof ui['ui:widget'] === 'string' ? ui['ui:widget'] : defaultWidget(merged),
      required,
    };
    if (shownWhen) row.shownWhen = shownWhen;
    rows.push(row);
    if (merged.type === 'object') rows.push(...fieldTree(merged, ui, `${path}.`));
    if (merged.type === 'array' && isRecord(merged.items) && merged.items.type === 'object') {
      rows.push(...fieldTree(merged.items, isRecord(ui.items) ? ui.items : {}, `${path}[].`));
    }
  }
  return rows;
}
