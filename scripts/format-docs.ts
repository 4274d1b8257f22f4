/**
 * `npm run docs:format` writes `docs/format.md`, the field reference of the definition format, from the
 * schemas in `schemas/`: each schema's title and description, then every key a file may hold (its path,
 * type, whether it is required, its default and its description), the definitions each once, linked
 * from where they are used. `npm run docs:check` (part of `npm test`) fails when the file is not what
 * the schemas make.
 *
 * Both fail, naming the file and JSON pointer, when a property (or a definition) of a schema has no
 * `description`: the descriptions are what an editor shows on hover, and what this reference prints.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { JsonSchema } from '../engine/core/definition-types';
import { UI_SCHEMA_FILE } from '../engine/core/ui-meta-schema';

const REPOSITORY = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Where the reference is written, relative to the repository. */
export const REFERENCE_FILE = 'docs/format.md';

/** A schema of the format: its path relative to the repository (`schemas/<name>.schema.json`) and content. */
export interface SchemaFile {
  file: string;
  schema: JsonSchema;
}

/** A property or definition without a description: its file and the JSON pointer to it. */
export interface MissingDescription {
  file: string;
  pointer: string;
}

/** The schemas in the order the reference shows them, with the heading of each and what it checks. */
const KNOWN: Array<{ name: string; heading: string; checks: string }> = [
  { name: 'service-definition', heading: 'service.json', checks: '`services/<key>/service.json`' },
  {
    name: 'ui',
    heading: 'ui.json',
    checks: "a form's `ui.json` and the ui files it includes (`licence-forms/basel.ui.json`)",
  },
  {
    name: 'variant',
    heading: 'Variant files',
    checks: 'a form of a service with several, written in a file of its own (`licence-forms/basel.json`)',
  },
  {
    name: 'view-rows',
    heading: 'Shared view rows',
    checks: "a list of view rows services include in their view's rows (`gcf-letter-blocks/view-rows.json`)",
  },
  { name: 'catalogue', heading: 'Catalogues', checks: '`i18n/<language>.json` of a service or of a fragment folder' },
  { name: 'record-migration', heading: 'Record migrations', checks: '`services/<key>/migrations/<n>.json`' },
  {
    name: 'webhooks',
    heading: 'Webhook subscriptions',
    checks:
      'the file `WEBHOOKS_FILE` names: a setting of the server, not of a service ([operations](operations.md#webhooks))',
  },
  {
    name: 'retention',
    heading: 'Retention classes',
    checks:
      '`services/platform/retention.json`: the classes a service names in `retention` ([retention](retention.md))',
  },
];

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** Rows of a subtree beyond this many get a section of their own, linked from their row. */
const SECTION_ROWS = 12;

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const entries = (value: unknown): Array<[string, JsonSchema]> =>
  isSchema(value) ? Object.entries(value).filter((entry): entry is [string, JsonSchema] => isSchema(entry[1])) : [];

const schemaList = (value: unknown): JsonSchema[] => (Array.isArray(value) ? value.filter(isSchema) : []);

const hasDescription = (schema: JsonSchema): boolean =>
  typeof schema.description === 'string' && schema.description.trim() !== '';

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

const escapePointer = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** The name a schema file goes by in `KNOWN` (`schemas/ui.schema.json` -> `ui`). */
const nameOf = (file: string): string => file.replace(/^schemas\//, '').replace(/\.schema\.json$/, '');

/** The schemas of `schemas/`, in the reference's order (those it does not know after, by name). */
export function readSchemaFiles(root = REPOSITORY): SchemaFile[] {
  const rank = (file: string) => {
    const index = KNOWN.findIndex((known) => known.name === nameOf(file));
    return index === -1 ? KNOWN.length : index;
  };
  return readdirSync(join(root, 'schemas'))
    .filter((name) => name.endsWith('.schema.json'))
    .map((name) => `schemas/${name}`)
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map((file) => ({ file, schema: JSON.parse(readFileSync(join(root, file), 'utf8')) as JsonSchema }));
}

/**
 * Every property (of `properties` and `patternProperties`, and the `additionalProperties` schema of an
 * object that takes keys of its own naming, at any depth) and every definition without a description.
 * The schemas of an `if` or a `not` are conditions, not keys a file holds: left out.
 */
export function missingDescriptions(files: SchemaFile[]): MissingDescription[] {
  const missing: MissingDescription[] = [];
  for (const { file, schema } of files) {
    const visit = (node: JsonSchema, pointer: string, condition: boolean): void => {
      for (const keyword of ['properties', 'patternProperties', 'definitions', '$defs'])
        for (const [key, child] of entries(node[keyword])) {
          const at = `${pointer}/${keyword}/${escapePointer(key)}`;
          if (!condition && !hasDescription(child)) missing.push({ file, pointer: at });
          visit(child, at, condition);
        }
      if (isSchema(node.additionalProperties)) {
        const at = `${pointer}/additionalProperties`;
        if (!condition && !hasDescription(node.additionalProperties)) missing.push({ file, pointer: at });
        visit(node.additionalProperties, at, condition);
      }
      for (const keyword of ['items', 'additionalItems', 'then', 'else', 'propertyNames'])
        if (isSchema(node[keyword])) visit(node[keyword], `${pointer}/${keyword}`, condition);
      for (const keyword of ['allOf', 'anyOf', 'oneOf', 'items'])
        schemaList(node[keyword]).forEach((child, index) => visit(child, `${pointer}/${keyword}/${index}`, condition));
      for (const [key, child] of entries(node.dependencies))
        visit(child, `${pointer}/dependencies/${escapePointer(key)}`, condition);
      for (const keyword of ['if', 'not'])
        if (isSchema(node[keyword])) visit(node[keyword], `${pointer}/${keyword}`, true);
    };
    visit(schema, '', false);
  }
  return missing;
}

/** One key of a file: its path (`lifecycle.actions[].from`), type, whether required, description. */
interface Row {
  path: string;
  /** Which form of a union, or which condition, the key belongs to. */
  note?: string;
  type: string;
  required: boolean;
  description: string;
}

interface Section {
  /** What links name it: `file:<file>`, `def:<file>#<name>`, or `at:<owner's key>:<path>` below those. */
  key: string;
  heading: string;
  level: number;
  paragraphs: string[];
  rows: Row[];
  children: Section[];
}

/** Rows and the sections split off below them. */
interface Part {
  rows: Row[];
  sections: Section[];
}

const code = (text: string): string => {
  const fence = text.includes('`') ? '``' : '`';
  return `${fence}${text.startsWith('`') ? ' ' : ''}${text}${text.endsWith('`') ? ' ' : ''}${fence}`;
};

const json = (value: unknown): string => code(JSON.stringify(value));

/** "a", "a or b", "a, b or c". */
const joinOr = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;

const unique = (items: string[]): string[] => [...new Set(items)];

/** A link to a section, resolved once every section has its anchor. */
const link = (label: string, key: string): string => `[${label}](#\uE000${key}\uE000)`;

/** Prose of a description, for markdown: code spans kept, markup characters outside them escaped. */
function prose(text: string): string {
  return text
    .split(/(`+[^`]*?`+)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replaceAll('<', '&lt;').replaceAll('*', '\\*')))
    .join('')
    .trim();
}

/** The rows, sections and anchors of one schema file. */
class SchemaReference {
  constructor(
    private readonly source: SchemaFile,
    private readonly headings: Map<string, string>,
  ) {}

  /** The file's section: its root's keys, then its definitions. */
  section(): Section {
    const { file, schema } = this.source;
    const heading = this.headings.get(file) ?? file.replace(/^schemas\//, '');
    const checks = KNOWN.find((known) => known.name === nameOf(file))?.checks;
    const title = typeof schema.title === 'string' ? `**${prose(schema.title)}**: ` : '';
    const paragraphs = [`${title}[\`${file}\`](../${file})${checks ? `, which checks ${checks}` : ''}.`];
    if (hasDescription(schema)) paragraphs.push(prose(schema.description as string));
    if (file === UI_SCHEMA_FILE)
      paragraphs.push(
        '`schemas/ui.schema.json` is itself written by `npm run services:schemas` from `engine/core/ui-meta-schema.ts` and the widget contracts (`engine/core/widget-contracts.ts`): its descriptions are edited there.',
      );
    const part = this.children(schema, '', { key: `file:${file}`, name: heading });
    const forms = this.forms(schema);
    if (forms) paragraphs.push(forms);
    else if (part.rows.length === 0) paragraphs.push(`The whole file is ${this.type(schema)}.`);
    const section: Section = {
      key: `file:${file}`,
      heading,
      level: 2,
      paragraphs,
      rows: part.rows,
      children: part.sections,
    };
    const definitions = [...entries(schema.definitions), ...entries(schema.$defs)].sort(([a], [b]) =>
      a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
    );
    if (definitions.length > 0)
      section.children.push({
        key: `defs:${file}`,
        heading: `Definitions of ${lowerFirst(heading)}`,
        level: 3,
        paragraphs: [`The parts of ${lowerFirst(heading)} that its keys name by \`$ref\`, each described once.`],
        rows: [],
        children: definitions.map(([name, definition]) => this.definition(name, definition)),
      });
    return section;
  }

  private definition(name: string, definition: JsonSchema): Section {
    const key = `def:${this.source.file}#${name}`;
    const part = this.children(definition, '', { key, name });
    const paragraphs = hasDescription(definition) ? [prose(definition.description as string)] : [];
    const forms = this.forms(definition);
    const type = this.type(definition);
    if (forms) paragraphs.push(forms);
    else if (type !== 'object') paragraphs.push(`Type: ${type}.`);
    return { key, heading: code(name), level: 4, paragraphs, rows: part.rows, children: part.sections };
  }

  /** The forms of a union (`anyOf`, `oneOf`), as a numbered list of their types and descriptions. */
  private forms(schema: JsonSchema): string | undefined {
    const options = [...schemaList(schema.anyOf), ...schemaList(schema.oneOf)];
    if (options.length === 0) return undefined;
    const items = options.map((option, index) => {
      const description = hasDescription(option) ? `: ${prose(option.description as string)}` : '';
      return `${index + 1}. ${this.type(option)}${description}`;
    });
    return ['One of these forms:', '', ...items].join('\n');
  }

  /** The keys below `node`, at `path`, in the file or definition `owner`. */
  private children(node: JsonSchema, path: string, owner: { key: string; name: string }, split = true): Part {
    const rows: Row[] = [];
    const sections: Section[] = [];
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    const add = (at: string, child: JsonSchema, isRequired: boolean) => {
      const row: Row = { path: at, type: this.type(child), required: isRequired, description: describe(child) };
      rows.push(row);
      if (typeof child.$ref === 'string') return;
      const below = this.children(child, at, owner, split);
      if (split && below.rows.length > SECTION_ROWS) {
        const key = `at:${owner.key}:${at}`;
        row.type += `, see ${link(code(at), key)}`;
        sections.push({ key, heading: code(at), level: 0, paragraphs: [], rows: below.rows, children: below.sections });
      } else {
        rows.push(...below.rows);
        sections.push(...below.sections);
      }
    };
    const join = (key: string) => (path === '' ? key : `${path}.${key}`);
    for (const [key, child] of entries(node.properties)) add(join(key), child, required.has(key));
    for (const [pattern, child] of entries(node.patternProperties))
      add(join(`<key matching ${pattern}>`), child, false);
    if (isSchema(node.additionalProperties)) add(join('<key>'), node.additionalProperties, false);
    if (isSchema(node.items) && typeof node.items.$ref !== 'string') {
      const below = this.children(node.items, `${path}[]`, owner, split);
      rows.push(...below.rows);
      sections.push(...below.sections);
    }
    schemaList(node.items).forEach((item, index) => add(`${path}[${index}]`, item, false));
    for (const entry of schemaList(node.allOf)) {
      if (typeof entry.$ref === 'string') continue;
      if (isSchema(entry.if) && isSchema(entry.then)) {
        // A condition's keys make one section: none split off below it.
        const below = this.children(entry.then, path, owner, false);
        if (below.rows.length === 0) continue;
        const subject = code(path === '' ? owner.name : path);
        const heading = `${subject} when ${condition(entry.if)}`;
        sections.push({
          key: `at:${owner.key}:${path}:${heading}`,
          heading,
          level: 0,
          paragraphs: [],
          rows: below.rows,
          children: below.sections,
        });
        continue;
      }
      const below = this.children(entry, path, owner, split);
      rows.push(...below.rows);
      sections.push(...below.sections);
    }
    for (const keyword of ['anyOf', 'oneOf'])
      schemaList(node[keyword]).forEach((option, index) => {
        if (typeof option.$ref === 'string') return;
        const below = this.children(option, path, owner, split);
        // At the top of a section, its forms are listed above the table (`forms`): named by number.
        const note = optionLabel(option, index, path === '');
        rows.push(...below.rows.map((row) => ({ ...row, note: row.note ?? note })));
        sections.push(...below.sections);
      });
    return { rows, sections };
  }

  /** The type of a schema, in words, with links to the definitions it names. */
  type(schema: JsonSchema): string {
    const alternatives = unique(this.alternatives(schema));
    const limits = constraints(schema);
    return `${joinOr(alternatives)}${limits.length > 0 ? ` (${limits.join(', ')})` : ''}`;
  }

  private alternatives(schema: JsonSchema): string[] {
    if (typeof schema.$ref === 'string') return [this.reference(schema.$ref)];
    if ('const' in schema) return [json(schema.const)];
    if (Array.isArray(schema.enum)) return schema.enum.map(json);
    const named = schemaList(schema.allOf).filter((entry) => typeof entry.$ref === 'string');
    if (named.length > 0) return named.map((entry) => this.reference(entry.$ref as string));
    const options = [...schemaList(schema.anyOf), ...schemaList(schema.oneOf)];
    if (options.length > 0) return options.flatMap((option) => this.alternatives(option));
    const declared = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type].filter(Boolean);
    const types =
      declared.length > 0
        ? (declared as string[])
        : schema.properties || schema.additionalProperties || schema.patternProperties
          ? ['object']
          : schema.items
            ? ['array']
            : [];
    if (types.length === 0) return ['any value'];
    return types.map((type) => (type === 'array' ? this.arrayOf(schema) : type));
  }

  /** "array of string", "array (≤ 50 items) of string (not empty)". */
  private arrayOf(schema: JsonSchema): string {
    const limits = listLimits(schema);
    const array = limits.length > 0 ? `array (${limits.join(', ')})` : 'array';
    const { items } = schema;
    if (Array.isArray(items)) return `${array}, a tuple`;
    if (!isSchema(items)) return array;
    return `${array} of ${this.typeIn(items)}`;
  }

  /** The type of a list's items: in parentheses when it has several alternatives. */
  private typeIn(schema: JsonSchema): string {
    const alternatives = unique(this.alternatives(schema));
    const limits = constraints(schema);
    const inner = alternatives.length > 1 ? `(${joinOr(alternatives)})` : (alternatives[0] ?? 'any value');
    return `${inner}${limits.length > 0 ? ` (${limits.join(', ')})` : ''}`;
  }

  /** A `$ref`, as a link to the definition's section (or the JSON Schema it names). */
  private reference(ref: string): string {
    if (ref === DRAFT_07 || ref === DRAFT_07.replace(/#$/, '')) return 'JSON Schema (draft-07)';
    const [target = '', fragment = ''] = ref.split('#');
    const file = target === '' ? this.source.file : `schemas/${target.replace(/^\.\//, '')}`;
    const definition = /^\/(?:definitions|\$defs)\/([^/]+)$/.exec(fragment);
    if (definition?.[1]) return link(code(definition[1]), `def:${file}#${definition[1]}`);
    return link(code(ref), `file:${file}`);
  }
}

/** A row's description, with its default. */
function describe(schema: JsonSchema): string {
  const text = hasDescription(schema) ? prose(schema.description as string) : '';
  return 'default' in schema ? `${text} Default: ${json(schema.default)}.`.trim() : text;
}

/** "1 item", "2 items", "1 to 10 items", "≥ 2 items", "≤ 50 items" (`unit` plural, or none). */
function range(low: unknown, high: unknown, unit = ''): string | undefined {
  const min = typeof low === 'number' ? low : undefined;
  const max = typeof high === 'number' ? high : undefined;
  const of = (count: number) => (unit === '' ? '' : ` ${count === 1 ? unit.replace(/s$/, '') : unit}`);
  if (min !== undefined && max !== undefined) return min === max ? `${min}${of(min)}` : `${min} to ${max}${of(max)}`;
  if (min !== undefined) return `≥ ${min}${of(min)}`;
  if (max !== undefined) return `≤ ${max}${of(max)}`;
  return undefined;
}

/** Limits of a list, in words: its number of items, no repeats. */
function listLimits(schema: JsonSchema): string[] {
  const limits = [range(schema.minItems, schema.maxItems, 'items')];
  if (schema.uniqueItems === true) limits.push('no repeats');
  return limits.filter((limit): limit is string => limit !== undefined);
}

/** Limits of a value other than a list's, in words: ranges, lengths, patterns, keys. */
function constraints(schema: JsonSchema): string[] {
  const length = range(schema.minLength, schema.maxLength, 'characters');
  const limits = [range(schema.minimum, schema.maximum), length === '≥ 1 character' ? 'not empty' : length];
  if (typeof schema.pattern === 'string') limits.push(`matching ${code(schema.pattern)}`);
  if (typeof schema.format === 'string') limits.push(`format ${code(schema.format)}`);
  limits.push(range(schema.minProperties, schema.maxProperties, 'keys'));
  if (isSchema(schema.propertyNames)) {
    const names = constraints(schema.propertyNames);
    if (names.length > 0) limits.push(`keys ${names.join(', ')}`);
  }
  if (isSchema(schema.not) && Array.isArray(schema.not.enum)) limits.push(`not ${joinOr(schema.not.enum.map(json))}`);
  return limits.filter((limit): limit is string => limit !== undefined);
}

/** The condition of an `if`, in words: "`ui:widget` is `"lookup"`". */
function condition(schema: JsonSchema): string {
  const tests = entries(schema.properties).map(([key, test]) =>
    'const' in test
      ? `${code(key)} is ${json(test.const)}`
      : Array.isArray(test.enum)
        ? `${code(key)} is ${joinOr(test.enum.map(json))}`
        : `${code(key)} matches its condition`,
  );
  return tests.length > 0 ? tests.join(' and ') : 'its condition holds';
}

/** Which form of a union a key belongs to: the one whose `op` is "move", or the n-th. */
function optionLabel(option: JsonSchema, index: number, listed: boolean): string {
  const [discriminator] = entries(option.properties).filter(([, child]) => 'const' in child);
  if (discriminator) return `if ${code(discriminator[0])} is ${json(discriminator[1].const)}`;
  const description = !listed && hasDescription(option) ? `: ${prose(option.description as string)}` : '';
  return `form ${index + 1}${description}`;
}

/** The anchor GitHub gives a heading. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const cell = (text: string): string => text.replaceAll('|', '\\|');

function table(rows: Row[]): string[] {
  if (rows.length === 0) return [];
  return [
    '| key | type | required | description |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${cell(code(row.path) + (row.note ? ` (${row.note})` : ''))} | ${cell(row.type)} | ${row.required ? 'yes' : ''} | ${cell(row.description)} |`,
    ),
    '',
  ];
}

const INTRO = [
  '# The service definition format',
  '',
  '> Generated by `npm run docs:format` from `schemas/*.schema.json`; edit the descriptions there.',
  '> `npm run docs:check` (part of `npm test`) fails when this file is not current.',
  '',
  "Every key a service definition's files may hold, as the format's schemas describe it. Each JSON file",
  'under `services/` names its schema in `$schema`, so an editor checks what is typed and shows these',
  'descriptions on hover. What the engine, the checker and the server make of a definition (the rules of',
  'a form, the widgets, includes, the submit pipeline, versions, the studio) is in',
  '[What the engine makes of a definition](format-rules.md); how to make each kind of change, step by',
  'step, in the [analyst guide](analyst-guide.md).',
  '',
  'A key is named by its path from the top of its file, or of its definition: `a.b` is key `b` of the',
  'object at `a`, `a[]` each item of the list at `a`, `<key>` any key of an object that takes keys of',
  'its own naming. A type that names a definition links to it. Required: the key must be written when',
  'its object is.',
  '',
];

/** The reference as markdown, before the formatter lays it out. */
export function referenceMarkdown(files: SchemaFile[]): string {
  const headings = new Map(
    files.map(({ file }) => [file, KNOWN.find((known) => known.name === nameOf(file))?.heading ?? nameOf(file)]),
  );
  const sections = files.map((source) => new SchemaReference(source, headings).section());

  // Anchors in document order, numbered as GitHub numbers a repeated one.
  const anchors = new Map<string, string>();
  const used = new Map<string, number>(
    INTRO.filter((line) => line.startsWith('#')).map((line) => [slug(line.replace(/^#+ /, '')), 1]),
  );
  const lines: string[] = [...INTRO];
  lines.push('| file | schema | reference |', '| --- | --- | --- |');
  for (const { file } of files) {
    const known = KNOWN.find((entry) => entry.name === nameOf(file));
    lines.push(
      `| ${cell(known?.checks ?? '')} | [\`${file}\`](../${file}) | ${link(headings.get(file) ?? file, `file:${file}`)} |`,
    );
  }
  lines.push('');
  const render = (section: Section, level: number) => {
    const heading = section.heading;
    const base = slug(heading);
    const count = used.get(base) ?? 0;
    used.set(base, count + 1);
    anchors.set(section.key, count === 0 ? base : `${base}-${count}`);
    lines.push(`${'#'.repeat(Math.min(level, 6))} ${heading}`, '');
    for (const paragraph of section.paragraphs) lines.push(paragraph, '');
    lines.push(...table(section.rows));
    for (const child of section.children) render(child, child.level === 0 ? level + 1 : child.level);
  };
  for (const section of sections) render(section, section.level);

  return `${lines.join('\n')}\n`.replace(/#\uE000([^\uE000]*)\uE000/g, (_, key: string) => {
    const anchor = anchors.get(key);
    if (anchor === undefined) throw new Error(`format-docs: no section for ${key}`);
    return `#${anchor}`;
  });
}

/** The reference as written: laid out by the repository's formatter, so `format:check` passes on it. */
export async function referenceText(files: SchemaFile[], root = REPOSITORY): Promise<string> {
  const filepath = join(root, REFERENCE_FILE);
  const config = (await resolveConfig(filepath)) ?? {};
  return format(referenceMarkdown(files), { ...config, filepath });
}

async function main(check: boolean): Promise<number> {
  const files = readSchemaFiles();
  const missing = missingDescriptions(files);
  for (const { file, pointer } of missing) console.error(`${file}#${pointer}: no description`);
  const text = await referenceText(files);
  const target = join(REPOSITORY, REFERENCE_FILE);
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // Not written yet.
  }
  if (check) {
    if (current !== text) {
      console.error(`${REFERENCE_FILE} is not current: run npm run docs:format`);
      return 1;
    }
    if (missing.length === 0) console.log(`${REFERENCE_FILE} is current`);
  } else {
    if (current !== text) writeFileSync(target, text);
    console.log(`${current === text ? 'unchanged' : 'wrote'} ${REFERENCE_FILE}`);
  }
  if (missing.length > 0) {
    console.error(`${missing.length} description(s) missing: every property of a schema needs one`);
    return 1;
  }
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.includes('--check'));
}
