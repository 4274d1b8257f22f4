import type { JsonSchema } from './definition-types';
import { resolveLocalRef } from './kept-answers';
import { isRecord } from './value-path';

/**
 * Every value a form accepts is bounded in its schema, so neither browser nor server ever handles
 * a megabyte of text or a list of ten thousand items sent on purpose, nor keeps an implausible
 * value: a free-text field declares `maxLength` (2,000 characters unless the spec says otherwise), a
 * list `maxItems`, a number `maximum` (a quantity or a count the authority could receive), a date
 * `formatMinimum` and `formatMaximum` (1900 to 2100 unless the field needs others). Values chosen
 * from a list (enum, const, a lookup the server checks) are bounded by the list.
 * `services:check` reports each field that does not.
 */

/** The length of free text when the spec states none. */
export const DEFAULT_TEXT_LIMIT = 2000;

/** The dates a date field takes when it needs no others. */
export const DEFAULT_DATE_RANGE = { formatMinimum: '1900-01-01', formatMaximum: '2100-12-31' } as const;

export interface UnboundedField {
  /** JSON pointer of the declaration inside the form schema. */
  pointer: string;
  message: string;
}

/** A value listed in its schema (enum, const, a oneOf/anyOf of consts) is bounded by the list. */
function isListed(schema: JsonSchema): boolean {
  if (Array.isArray(schema.enum) || 'const' in schema) return true;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list) && list.length > 0 && list.every((b) => isRecord(b) && 'const' in b)) return true;
  }
  return false;
}

/** Formats of a day or a moment: they need `formatMinimum` and `formatMaximum`. */
const DATE_FORMATS: ReadonlySet<unknown> = new Set(['date', 'date-time', 'iso-date-time']);
const isDate = (schema: JsonSchema) => DATE_FORMATS.has(schema.format);
/** Times of day: bounded by their own shape. */
const TIME_FORMATS: ReadonlySet<unknown> = new Set(['time', 'iso-time']);

/** Text bounded by itself: listed values, dates and times (their own bounds are checked apart). */
function isClosedText(schema: JsonSchema): boolean {
  return isListed(schema) || isDate(schema) || TIME_FORMATS.has(schema.format);
}

function typesOf(schema: JsonSchema): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
}

/**
 * Declarations without their bound, anywhere a value of the form can sit: strings without
 * `maxLength`, arrays without `maxItems`, numbers without `maximum`, dates without `formatMinimum`
 * and `formatMaximum`; in properties, branches (then/else/allOf/anyOf/oneOf/dependencies), list items
 * and tuple places, `additionalProperties`, `patternProperties`, nested objects and what a local
 * `$ref` names (reported where it is declared, once). An object that takes answers of any shape
 * (`additionalProperties: true`), a tuple that takes more items than it places (`additionalItems`
 * absent or true) and a `$ref` that leads back to itself (a recursion: no depth bounds the answers)
 * are reported too. `if` conditions are rules, not declarations, and are not visited.
 * `chosenFromLists` names the fields (dotted, as in the uiSchema) whose values a widget picks from
 * a list the server checks them against (a lookup): they and what they hold need no maximum.
 */
export function unboundedFields(schema: JsonSchema, chosenFromLists: readonly string[] = []): UnboundedField[] {
  const found: UnboundedField[] = [];
  const fromList = (field: string) =>
    chosenFromLists.some((listed) => field === listed || field.startsWith(`${listed}.`));
  /** Targets of `$ref` already reported, and those being walked (a ref back to one is a cycle). */
  const walked = new Set<string>(['']);
  const walking: string[] = [''];
  const followRef = (s: JsonSchema, pointer: string, field: string): void => {
    const ref = s.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#')) return;
    const target = resolveLocalRef(ref, schema);
    if (!target) {
      found.push({ pointer: `${pointer}/$ref`, message: `'${ref}' names nothing in this schema` });
      return;
    }
    const at = ref === '#' ? '' : ref.slice(1);
    if (walking.includes(at)) {
      found.push({
        pointer: `${pointer}/$ref`,
        message: `'${ref}' refers back to itself, so no depth bounds the answers: write out the levels the form needs`,
      });
      return;
    }
    if (walked.has(at)) return;
    walked.add(at);
    walking.push(at);
    visitValue(target, at, field);
    walking.pop();
  };
  const visitValue = (s: JsonSchema, pointer: string, field: string): void => {
    followRef(s, pointer, field);
    const types = typesOf(s);
    if (types.includes('string') && !isClosedText(s) && typeof s.maxLength !== 'number') {
      found.push({
        pointer,
        message: `a free-text field needs a maxLength (${DEFAULT_TEXT_LIMIT.toLocaleString('en')} characters unless the spec says otherwise)`,
      });
    }
    if (types.includes('string') && isDate(s) && (s.formatMinimum === undefined || s.formatMaximum === undefined)) {
      found.push({
        pointer,
        message: `a date field needs a formatMinimum and a formatMaximum (${DEFAULT_DATE_RANGE.formatMinimum} and ${DEFAULT_DATE_RANGE.formatMaximum} unless the field needs others)`,
      });
    }
    if (
      (types.includes('number') || types.includes('integer')) &&
      !isListed(s) &&
      !fromList(field) &&
      typeof s.maximum !== 'number' &&
      typeof s.exclusiveMaximum !== 'number'
    ) {
      found.push({ pointer, message: 'a number needs a maximum (the largest quantity or count that is plausible)' });
    }
    if (types.includes('array') && typeof s.maxItems !== 'number')
      found.push({ pointer, message: 'a list needs a maxItems' });
    if (isRecord(s.items)) visitValue(s.items, `${pointer}/items`, field);
    else if (Array.isArray(s.items)) {
      s.items.forEach((item, i) => isRecord(item) && visitValue(item, `${pointer}/items/${i}`, field));
      if (isRecord(s.additionalItems)) visitValue(s.additionalItems, `${pointer}/additionalItems`, field);
      else if (s.additionalItems !== false)
        found.push({
          pointer,
          message:
            'a list of fixed places (items as a list) needs additionalItems: false, or a schema for the items after them',
        });
    }
    visitObject(s, pointer, field);
  };
  const visitObject = (s: JsonSchema, pointer: string, field: string): void => {
    const child = (name: string) => (field ? `${field}.${name}` : name);
    if (isRecord(s.properties)) {
      for (const [name, prop] of Object.entries(s.properties)) {
        if (isRecord(prop)) visitValue(prop, `${pointer}/properties/${escapePointer(name)}`, child(name));
      }
    }
    if (s.additionalProperties === true)
      found.push({
        pointer: `${pointer}/additionalProperties`,
        message: 'additionalProperties: true takes answers of any size: give it a schema with its bounds',
      });
    else if (isRecord(s.additionalProperties))
      visitValue(s.additionalProperties, `${pointer}/additionalProperties`, child('*'));
    if (isRecord(s.patternProperties)) {
      for (const [pattern, prop] of Object.entries(s.patternProperties))
        if (isRecord(prop)) visitValue(prop, `${pointer}/patternProperties/${escapePointer(pattern)}`, child('*'));
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = s[key];
      if (Array.isArray(list))
        list.forEach((item, i) => {
          if (!isRecord(item)) return;
          followRef(item, `${pointer}/${key}/${i}`, field);
          visitObject(item, `${pointer}/${key}/${i}`, field);
        });
    }
    for (const key of ['then', 'else'] as const) {
      const branch = s[key];
      if (isRecord(branch)) visitObject(branch, `${pointer}/${key}`, field);
    }
    if (isRecord(s.dependencies)) {
      for (const [name, dep] of Object.entries(s.dependencies)) {
        if (isRecord(dep)) visitObject(dep, `${pointer}/dependencies/${escapePointer(name)}`, field);
      }
    }
  };
  visitValue(schema, '', '');
  return found;
}

/** A property name as a JSON pointer's segment. */
function escapePointer(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}
