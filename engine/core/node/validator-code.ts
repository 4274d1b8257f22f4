/**
 * Ajv's standalone code of a form's validators (Node only): what the portal's build bundles as one
 * module per form and language (scripts/vite-plugin-services.ts), and what the studio's API serves for a
 * definition changed on disk since the build (server/routes/studio.ts). The page compiles no schema:
 * its Content-Security-Policy has no 'unsafe-eval', and a module from its own origin is a script it may
 * run.
 */
import { createRequire } from 'node:module';
import { hashForSchema, schemaParser, type RJSFSchema } from '@rjsf/utils';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { RJSF_AJV_OPTIONS } from '../ajv-setup';
import type { JsonSchema, ServiceDefinition } from '../definition-types';

/**
 * Modules Ajv's standalone code may require: pre-bundled in `npm run dev` (with ajv-i18n's localizers),
 * so none is found late.
 */
export const AJV_RUNTIME_MODULES = [
  'ajv/dist/runtime/equal',
  'ajv/dist/runtime/ucs2length',
  'ajv/dist/runtime/uri',
  'ajv/dist/runtime/validation_error',
  'ajv-formats/dist/formats',
] as const;

/** A `require("...")` with a literal name, as Ajv writes it (`require("ajv/dist/runtime/ucs2length")`). */
const REQUIRE_CALL = /\brequire\("([^"\\]+)"\)/g;

// Bundlers copy a CommonJS module's exports onto the namespace object; Node puts the whole
// module.exports on `default`. Ajv's runtime modules and ajv-formats are compiled TypeScript
// (`__esModule` set), so `require()` is the namespace in the first case and `default` in the second.
const INTEROP = `function __interop(namespace) {
  const whole = namespace.default;
  return whole !== null && (typeof whole === 'object' || typeof whole === 'function') && whole.__esModule ? whole : namespace;
}`;

/**
 * Turns Ajv's standalone CommonJS code into an ES module: every `require("x")` is served from a
 * static `import * as ns from "x"` (so the bundler sees and bundles it), the code runs once with its
 * own `exports` object, and that object is the default export. `constants` become named exports.
 */
export function standaloneToEsm(code: string, constants: Record<string, string> = {}): string {
  const specifiers = [...new Set([...code.matchAll(REQUIRE_CALL)].map((match) => match[1] ?? ''))];
  const lines = specifiers.map((specifier, i) => `import * as __module${i} from ${JSON.stringify(specifier)};`);
  const table = specifiers.map((specifier, i) => `${JSON.stringify(specifier)}: __module${i}`).join(', ');
  lines.push(
    INTEROP,
    `const __modules = { ${table} };`,
    'function __require(name) {',
    '  const namespace = __modules[name];',
    '  if (!namespace) throw new Error(`not bundled with the precompiled validators: ${name}`);',
    '  return __interop(namespace);',
    '}',
    'const __module = { exports: {} };',
    // A function scope, so `exports`, `require` and `module` are the ones given here, not globals.
    '(function (exports, require, module) {',
    code,
    '})(__module.exports, __require, __module);',
  );
  for (const [name, value] of Object.entries(constants)) lines.push(`export const ${name} = ${JSON.stringify(value)};`);
  lines.push('export default __module.exports;');
  return `${lines.join('\n')}\n`;
}

/**
 * Ajv's standalone code of a form schema's validators as RJSF's `compileSchemaValidatorsCode` makes
 * it (every sub-schema RJSF validates by itself, by hash), plus the definition's own conditions
 * (the `when` of its uploads), by hash too: the precompiled validator's `isValid` then answers them
 * as it answers the form's `if`s.
 */
export function validatorsCode(schema: JsonSchema, conditions: readonly JsonSchema[] = []): string {
  const schemas: Record<string, RJSFSchema> = { ...schemaParser(schema as RJSFSchema) };
  for (const condition of conditions) {
    const hash = hashForSchema(condition as RJSFSchema);
    schemas[hash] = { ...(condition as RJSFSchema), $id: hash };
  }
  const { ajvOptionsOverrides, ajvFormatOptions, extenderFn } = RJSF_AJV_OPTIONS;
  const ajv = createAjvInstance(
    undefined,
    undefined,
    { ...ajvOptionsOverrides, code: { lines: true, source: true }, schemas: Object.values(schemas) },
    ajvFormatOptions,
    undefined,
    extenderFn,
  );
  return standaloneCode(ajv);
}

/**
 * The ES module of the precompiled validators of one form schema (exactly the object the page gives
 * RJSF) and of the definition's conditions, plus `schemaHash`, which lets the page check that the
 * module fits the schema it renders, and `localize`, ajv-i18n's localizer `localizer` (a module name)
 * of the language, so each language's messages come with its validator instead of all of them with
 * the wizard.
 */
export function validatorModuleCode(
  schema: JsonSchema,
  localizer?: string,
  conditions: readonly JsonSchema[] = [],
): string {
  const module = standaloneToEsm(validatorsCode(schema, conditions), {
    schemaHash: hashForSchema(schema as RJSFSchema),
  });
  const localize = localizer
    ? `export { default as localize } from ${JSON.stringify(localizer)};`
    : 'export const localize = undefined;';
  return `${module}${localize}\n`;
}

/** The conditions of a definition besides its form's: the `when` of its uploads and of its lifecycle's blocks. */
export function definitionConditions(definition: Pick<ServiceDefinition, 'documents' | 'lifecycle'>): JsonSchema[] {
  return [
    ...(definition.documents.extra ?? []).flatMap((extra) => (extra.when ? [extra.when] : [])),
    // The blocks of the application's view are shown while theirs hold.
    ...(definition.lifecycle?.blocks ?? []).map((block) => block.when),
  ];
}

/** ajv-i18n's localizer module of `language`, when it has one (none for English: Ajv's own messages). */
export function ajvLocalizerModule(language: string): string | undefined {
  if (language === 'en') return undefined;
  const name = `ajv-i18n/localize/${language}`;
  try {
    createRequire(import.meta.url).resolve(name);
    return name;
  } catch {
    return undefined;
  }
}

/**
 * Ajv's standalone CommonJS code as an ES module that receives its `require` from the page:
 * `export default function (require) { ... return exports; }`, with `constants` as named exports. The
 * page gives the runtime modules it bundled itself (`AJV_RUNTIME_MODULES`), so a module made after the
 * build needs nothing the build did not make.
 */
export function standaloneToFactory(code: string, constants: Record<string, string> = {}): string {
  const lines = [
    INTEROP,
    'export default function (require) {',
    '  const __module = { exports: {} };',
    '  (function (exports, require, module) {',
    code,
    '  })(__module.exports, (name) => __interop(require(name)), __module);',
    '  return __module.exports;',
    '}',
  ];
  for (const [name, value] of Object.entries(constants)) lines.push(`export const ${name} = ${JSON.stringify(value)};`);
  return `${lines.join('\n')}\n`;
}
