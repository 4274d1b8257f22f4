import type { JsonSchema } from './definition-types';
import { isRecord } from './value-path';

/**
 * Keywords a form schema may not use because the engine would not honour them: forms are JSON Schema
 * draft-07 (RJSF's and the server's Ajv), which ignores the keywords of later drafts, so a rule written
 * with one would be accepted by every check and enforced by none. Each is refused with what to write
 * instead.
 */
const LATER_DRAFT: Readonly<Record<string, string>> = {
  unevaluatedProperties: "list the fields in 'properties' and set additionalProperties",
  unevaluatedItems: "use 'items' and 'additionalItems'",
  dependentSchemas: "use 'dependencies' with a schema",
  dependentRequired: "use 'dependencies' with a list of fields",
  prefixItems: "use 'items' as a list, with 'additionalItems'",
  $defs: "use 'definitions'",
  $dynamicRef: "use '$ref'",
  $recursiveRef: "use '$ref'",
  $anchor: "use '$ref' with a JSON pointer ('#/definitions/name')",
};

/** Keys whose values are data, not schemas: never walked. */
const DATA_KEYS = new Set(['enum', 'const', 'default', 'examples', 'errorMessage', 'required', 'title', 'description']);

/** Keywords whose keys are names of the form's author (a property may be called 'title'). */
const NAME_MAPS = /\/(properties|definitions|patternProperties|dependencies)$/;

export interface KeywordProblem {
  /** JSON pointer inside the form schema. */
  pointer: string;
  message: string;
}

/** The keywords of `schema`, at any depth, that the engine would not honour (see LATER_DRAFT). */
export function unsupportedKeywords(schema: JsonSchema): KeywordProblem[] {
  const problems: KeywordProblem[] = [];
  const visit = (value: unknown, pointer: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${pointer}/${i}`));
      return;
    }
    if (!isRecord(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const instead = LATER_DRAFT[key];
      if (instead)
        problems.push({
          pointer: at,
          message: `${key} belongs to a later JSON Schema draft and would be ignored here: ${instead}`,
        });
      if (key === '$ref' && typeof inner === 'string' && !inner.startsWith('#'))
        problems.push({
          pointer: at,
          message: `'${inner}' is not a file the definition includes: name a fragment of this folder, or a '#/definitions/...' pointer`,
        });
      // Property names and the branches' keys are schemas; data-holding keywords are not walked.
      if (!DATA_KEYS.has(key) || NAME_MAPS.test(pointer)) visit(inner, at);
    }
  };
  visit(schema, '');
  return problems;
}
