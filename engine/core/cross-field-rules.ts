import { _, type KeywordCxt, type KeywordDefinition } from 'ajv';
import { definedProperties } from './schema-walk';
import { isRecord } from './value-path';

/**
 * Rules between fields, written in the form schema and judged by the one Ajv setup (the server's, and
 * the page's precompiled validators, which are generated code: this keyword generates code too):
 * - 'after', 'at least', 'at most' are Ajv's `$data` references on the standard keywords
 *   (`"formatExclusiveMinimum": { "$data": "1/start_date" }` on an end date,
 *   `"minimum": { "$data": "1/adults" }`);
 * - 'add up to' is `sumOf` on the object: `"sumOf": { "fields": ["share_a", "share_b"], "equals": 100 }`.
 *
 * Each takes its message from `errorMessage`, like every rule of the spec.
 */

/** The rule 'these number fields add up to': an answer missing counts as 0 (its own rule asks for it). */
export const SUM_OF: KeywordDefinition = {
  keyword: 'sumOf',
  type: 'object',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['fields', 'equals'],
    properties: {
      fields: { type: 'array', minItems: 2, items: { type: 'string' } },
      equals: { type: 'number' },
    },
    additionalProperties: false,
  },
  code(cxt: KeywordCxt) {
    const { data, schema } = cxt;
    const { fields, equals } = schema as { fields: string[]; equals: number };
    const total = fields
      .map((field) => _`(typeof ${data}[${field}] == "number" ? ${data}[${field}] : 0)`)
      .reduce((sum, term) => _`${sum} + ${term}`);
    // Shares written with decimals (33.3 + 66.7) add up with a rounding error: compared to a millionth.
    cxt.fail(_`Math.abs(${total} - ${equals}) > 0.000001`);
  },
};

/** The relative pointer of a `$data` reference to a field of the same object: `1/<field>`. */
export const SIBLING_REFERENCE = /^1\/([^/~]+)$/;

/** A problem of a rule between fields, with its JSON pointer inside the form schema. */
export interface CrossFieldProblem {
  pointer: string;
  message: string;
}

/**
 * The rules between fields of `schema` that read what is not there: a `$data` reference that is not
 * `1/<field>` or names no property of the same object, a `sumOf` whose fields are not number
 * properties of its object. `properties` lists the properties an object may have, by its pointer.
 */
export function crossFieldProblems(schema: Record<string, unknown>): CrossFieldProblem[] {
  const problems: CrossFieldProblem[] = [];
  const visitObject = (object: Record<string, unknown>, pointer: string, siblings: Map<string, unknown>): void => {
    const own = new Map(siblings);
    if (isRecord(object.properties))
      for (const [name, field] of Object.entries(object.properties)) own.set(name, field);
    const sum = object.sumOf;
    if (isRecord(sum) && Array.isArray(sum.fields)) {
      sum.fields.forEach((name, i) => {
        const field = own.get(String(name));
        if (!isRecord(field) || (field.type !== 'number' && field.type !== 'integer'))
          problems.push({
            pointer: `${pointer}/sumOf/fields/${i}`,
            message: `'${String(name)}' is not a number field of this object`,
          });
      });
    }
    if (isRecord(object.properties))
      for (const [name, field] of Object.entries(object.properties))
        if (isRecord(field)) visitField(field, `${pointer}/properties/${name}`, own);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = object[key];
      if (Array.isArray(list))
        list.forEach((item, i) => isRecord(item) && visitObject(item, `${pointer}/${key}/${i}`, own));
    }
    for (const key of ['then', 'else'] as const) {
      const branch = object[key];
      if (isRecord(branch)) visitObject(branch, `${pointer}/${key}`, own);
    }
  };
  const visitField = (field: Record<string, unknown>, pointer: string, siblings: Map<string, unknown>): void => {
    for (const [keyword, value] of Object.entries(field)) {
      if (!isRecord(value) || typeof value.$data !== 'string') continue;
      const match = SIBLING_REFERENCE.exec(value.$data);
      if (!match)
        problems.push({
          pointer: `${pointer}/${keyword}/$data`,
          message: `a rule reads a field beside this one: write '1/<field>'`,
        });
      else if (!siblings.has(match[1] as string))
        problems.push({
          pointer: `${pointer}/${keyword}/$data`,
          message: `'${match[1] as string}' is not a field beside this one`,
        });
    }
    if (isRecord(field.properties) || field.type === 'object') visitObject(field, pointer, new Map());
    if (isRecord(field.items)) visitField(field.items, `${pointer}/items`, new Map());
  };
  // Fields declared in any branch of the form are siblings of each other (the form is one object).
  visitObject(schema, '', definedProperties(schema));
  return problems;
}
