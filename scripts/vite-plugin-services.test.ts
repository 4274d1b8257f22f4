import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { afterAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../engine/core/definition-types';
import { PLATFORM_LIFECYCLE, testDefinitionFile, testFiles, testFormSchema } from '../engine/core/test-definition';
import { PLATFORM_LIFECYCLE_FILE } from '../engine/core/lifecycle-upgrade';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import {
  ajvLocalizerModule,
  definitionConditions,
  standaloneToEsm,
  validatorModuleCode,
} from '../engine/core/node/validator-code';
import {
  CATALOGUES_MODULE,
  catalogueFiles,
  DEFINITIONS_MODULE,
  VALIDATORS_MODULE,
  loadServices,
  renderedFormSchema,
  servicesPlugin,
} from './vite-plugin-services';

const work = mkdtempSync(join(tmpdir(), 'services-plugin-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let written = 0;
/** Writes an ES module and imports it (Node resolves its imports, as in the tests of the portal). */
async function importModule(code: string): Promise<Record<string, unknown>> {
  written += 1;
  const file = join(work, `module-${written}.mjs`);
  writeFileSync(file, code);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, unknown>;
}

describe('standaloneToEsm', () => {
  // A CommonJS module as TypeScript compiles it (`__esModule`), like Ajv's runtime modules.
  const compiled = join(work, 'length.cjs');
  writeFileSync(
    compiled,
    'Object.defineProperty(exports, "__esModule", { value: true });\nexports.default = (text) => text.length;\nexports.twice = (n) => 2 * n;\n',
  );
  // An ES module: the shape a bundler's namespace of such a module has (`default` is the export).
  const esm = join(work, 'plus.mjs');
  writeFileSync(esm, 'export default (n) => n + 1;\n');

  const cjs = [
    '"use strict";',
    'exports["51c0dc9e"] = validate10;',
    `const func1 = require(${JSON.stringify(compiled)}).default;`,
    `const func2 = require(${JSON.stringify(compiled)}).twice;`,
    `const func3 = require(${JSON.stringify(esm)}).default;`,
    'function validate10(data) { validate10.errors = null; return func2(func1(data)) === 4 && func3(1) === 2; }',
    'exports.abc = validate11;',
    'function validate11(data) { return data === "require(\\"not-a-module\\")"; }',
  ].join('\n');

  it('imports each required module once, statically, and exports the exports object as default', () => {
    const code = standaloneToEsm(cjs, { schemaHash: '1f' });
    expect(code.match(/^import \* as __module\d+ from .+;$/gm)).toEqual([
      `import * as __module0 from ${JSON.stringify(compiled)};`,
      `import * as __module1 from ${JSON.stringify(esm)};`,
    ]);
    expect(code).toContain('export const schemaHash = "1f";');
    expect(code).toContain('export default __module.exports;');
    // Ajv's code runs unchanged with its own `exports`, `require` and `module`: nothing is left to a
    // module system's CommonJS support, and strings in the schemas are never rewritten.
    expect(code).toContain(
      `(function (exports, require, module) {\n${cjs}\n})(__module.exports, __require, __module);`,
    );
  });

  it('runs: hash-named exports, CommonJS and ES modules required, strings left alone', async () => {
    const module = await importModule(standaloneToEsm(cjs, { schemaHash: '1f' }));
    const validators = module.default as Record<string, (data: unknown) => boolean>;
    expect(Object.keys(validators)).toEqual(['51c0dc9e', 'abc']);
    expect(validators['51c0dc9e']?.('ab')).toBe(true);
    expect(validators['51c0dc9e']?.('abc')).toBe(false);
    expect(validators.abc?.('require("not-a-module")')).toBe(true);
    expect(module.schemaHash).toBe('1f');
  });

  it('turns a real precompiled form schema into a module that validates', async () => {
    const schema: JsonSchema = {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string', maxLength: 3, title: 'Name' }, mail: { type: 'string', format: 'email' } },
      errorMessage: { required: { name: 'Name please' } },
    };
    const module = await importModule(validatorModuleCode(schema));
    const hash = hashForSchema(schema as RJSFSchema);
    expect(module.schemaHash).toBe(hash);
    const validate = (module.default as Record<string, ((data: unknown) => boolean) & { errors?: unknown }>)[hash];
    expect(validate?.({ name: 'Ada', mail: 'ada@example.org' })).toBe(true);
    // maxLength counts characters with ajv's runtime ucs2length; formats come from ajv-formats.
    expect(validate?.({ name: '😀😀😀' })).toBe(true);
    expect(validate?.({ name: 'Adam' })).toBe(false);
    expect(validate?.({ name: 'Ada', mail: 'nope' })).toBe(false);
    expect(validate?.({})).toBe(false);
    expect(validate?.errors).toEqual([expect.objectContaining({ keyword: 'errorMessage', message: 'Name please' })]);
    expect(module.localize).toBeUndefined();
  });

  it("answers the definition's own conditions too, through RJSF's precompiled validator", async () => {
    const schema: JsonSchema = { type: 'object', properties: { has_eia: { type: 'boolean' } } };
    const when: JsonSchema = { properties: { has_eia: { const: true } }, required: ['has_eia'] };
    const module = await importModule(validatorModuleCode(schema, undefined, [when]));
    const validator = createPrecompiledValidator(module.default as ValidatorFunctions, schema as RJSFSchema);
    expect(validator.isValid(when as RJSFSchema, { has_eia: true }, schema as RJSFSchema)).toBe(true);
    expect(validator.isValid(when as RJSFSchema, { has_eia: false }, schema as RJSFSchema)).toBe(false);
    expect(
      definitionConditions({
        documents: { accept: ['pdf'], serviceAttachments: false, extra: [{ name: 'EIA', when }, { name: 'x' }] },
      }),
    ).toEqual([when]);
  });

  it("brings its language's Ajv messages", async () => {
    expect(ajvLocalizerModule('en')).toBeUndefined();
    expect(ajvLocalizerModule('xx')).toBeUndefined();
    expect(ajvLocalizerModule('de')).toBe('ajv-i18n/localize/de');
    const module = await importModule(validatorModuleCode({ type: 'number' }, 'ajv-i18n/localize/de'));
    const errors = [{ keyword: 'type', instancePath: '', schemaPath: '#/type', params: { type: 'number' } }];
    (module.localize as (errors: unknown[]) => void)(errors);
    expect(errors[0]).toMatchObject({ message: 'muss sein: number' });
  });
});

type Hook<A extends unknown[], R> = (...args: A) => R;

/** A services folder under `work` holding the platform's base lifecycle every service includes. */
function servicesFolder(name: string): string {
  const folder = join(work, name);
  mkdirSync(join(folder, 'platform'), { recursive: true });
  writeFileSync(join(folder, PLATFORM_LIFECYCLE_FILE), JSON.stringify(PLATFORM_LIFECYCLE));
  return folder;
}

describe('servicesPlugin', () => {
  const services = servicesFolder('services');
  mkdirSync(join(services, 'sample', 'i18n'), { recursive: true });
  const file = testDefinitionFile({
    submit: { calls: [{ name: 'save', method: 'POST', path: 'samples', body: { '...': '$form' }, savesRecord: true }] },
    view: { record: 'sample', rows: [{ label: 'Quantity', field: 'quantity' }] },
  });
  writeFileSync(join(services, 'sample', 'service.json'), JSON.stringify(file));
  const formSchema: JsonSchema = {
    type: 'object',
    required: ['quantity'],
    properties: { quantity: { type: 'number', title: 'Quantity', exclusiveMinimum: 0, maximum: 1000 } },
  };
  writeFileSync(join(services, 'sample', 'schema.json'), JSON.stringify(formSchema));
  writeFileSync(join(services, 'sample', 'ui.json'), '{}');
  writeFileSync(join(services, 'sample', 'i18n', 'de.json'), JSON.stringify({ Quantity: 'Menge' }));

  const plugin = servicesPlugin({ servicesDir: services, languages: ['en', 'de'] });
  const resolveId = plugin.resolveId as Hook<[string], string | undefined>;
  const load = plugin.load as Hook<[string], string | undefined>;
  const moduleOf = (id: string): string => {
    const resolved = resolveId(id);
    expect(resolved, id).toBeDefined();
    const code = load(resolved ?? '');
    expect(code, id).toBeDefined();
    return code ?? '';
  };

  it('serves the checked definitions', () => {
    const loaded = loadServices(services);
    expect(loaded.problems).toEqual([]);
    expect(moduleOf(DEFINITIONS_MODULE)).toBe(`export default ${JSON.stringify(loaded)};\n`);
  });

  it('serves one lazy loader per service and language', () => {
    const code = moduleOf(VALIDATORS_MODULE);
    expect(code).toContain(`"en": () => import("${VALIDATORS_MODULE}/sample/en")`);
    expect(code).toContain(`"de": () => import("${VALIDATORS_MODULE}/sample/de")`);
  });

  it('compiles the form schema each language renders, named after the service in the build', () => {
    expect(resolveId(`${VALIDATORS_MODULE}/sample/de`)).toBe(`\0${VALIDATORS_MODULE}/sample/de/validators-sample-de`);
    const [definition] = loadServices(services).definitions;
    if (!definition) throw new Error('sample not loaded');
    const german = renderedFormSchema(services, definition, 'de');
    expect(german.properties).toEqual({
      quantity: { type: 'number', title: 'Menge', exclusiveMinimum: 0, maximum: 1000 },
    });
    expect(renderedFormSchema(services, definition, 'en')).toBe(definition.formSchema);
    expect(moduleOf(`${VALIDATORS_MODULE}/sample/de`)).toBe(validatorModuleCode(german, 'ajv-i18n/localize/de'));
    expect(moduleOf(`${VALIDATORS_MODULE}/sample/en`)).toContain('export const localize = undefined;');
    expect(moduleOf(`${VALIDATORS_MODULE}/sample/en`)).toContain(
      `export const schemaHash = ${JSON.stringify(hashForSchema(formSchema as RJSFSchema))};`,
    );
  });

  it('serves the catalogues of its own folder, whatever folder that is', () => {
    const code = moduleOf(CATALOGUES_MODULE);
    const file = join(services, 'sample', 'i18n', 'de.json').split(sep).join('/');
    expect(code).toContain(`"sample/i18n/de.json": () => import(${JSON.stringify(file)})`);
    expect(catalogueFiles(services)).toEqual(['sample/i18n/de.json']);
    // The repository's own catalogues are not among them.
    expect(code).not.toContain('plastics');
  });

  it("lists the platform's catalogues beside the services': every service's lifecycle includes it", () => {
    const files = catalogueFiles(fileURLToPath(new URL('../services', import.meta.url)));
    expect(files).toEqual(expect.arrayContaining(['platform/i18n/de.json', 'platform/i18n/ru.json']));
  });

  it('leaves other modules alone and refuses unknown services and languages', () => {
    expect(resolveId('virtual:something-else')).toBeUndefined();
    expect(resolveId('./app.tsx')).toBeUndefined();
    expect(() => load(`\0${VALIDATORS_MODULE}/other/en/validators-other-en`)).toThrow(/no valid service form 'other'/);
    expect(() => load(`\0${VALIDATORS_MODULE}/sample/fr/validators-sample-fr`)).toThrow(/unknown language 'fr'/);
  });
});

describe('servicesPlugin with variants', () => {
  const services = servicesFolder('variant-services');
  mkdirSync(join(services, 'paired'), { recursive: true });
  mkdirSync(join(services, 'shared-forms', 'i18n'), { recursive: true });
  const variant = (key: string, title: string) => ({
    key,
    label: `${key} form`,
    form: { schema: `../shared-forms/${key}.schema.json`, ui: '../shared-forms/ui.json' },
    submit: {
      calls: [{ name: 'save', method: 'POST', path: `paired-${key}`, body: { '...': '$form' }, savesRecord: true }],
    },
    view: { record: `paired_${key}`, rows: [{ label: title, field: 'amount' }] },
  });
  const { form: _form, submit: _submit, view: _view, ...file } = testDefinitionFile({ key: 'paired' });
  writeFileSync(
    join(services, 'paired', 'service.json'),
    JSON.stringify({ ...file, variants: { label: 'Kind', options: [variant('a', 'Amount'), variant('b', 'Weight')] } }),
  );
  for (const [key, title] of [
    ['a', 'Amount'],
    ['b', 'Weight'],
  ])
    writeFileSync(
      join(services, 'shared-forms', `${key}.schema.json`),
      JSON.stringify({ type: 'object', properties: { amount: { type: 'number', title, maximum: 1000 } } }),
    );
  writeFileSync(join(services, 'shared-forms', 'ui.json'), '{}');
  writeFileSync(join(services, 'shared-forms', 'i18n', 'de.json'), JSON.stringify({ Weight: 'Gewicht' }));

  const plugin = servicesPlugin({ servicesDir: services, languages: ['en', 'de'] });
  const resolveId = plugin.resolveId as Hook<[string], string | undefined>;
  const load = plugin.load as Hook<[string], string | undefined>;

  it('compiles one validator per form, translated with the catalogue of the fragment it comes from', () => {
    expect(loadServices(services).problems).toEqual([]);
    const loaders = load(resolveId(VALIDATORS_MODULE) ?? '') ?? '';
    expect(loaders).toContain(`"de": () => import("${VALIDATORS_MODULE}/paired.a/de")`);
    expect(loaders).toContain(`"de": () => import("${VALIDATORS_MODULE}/paired.b/de")`);
    expect(loaders).not.toContain(`${VALIDATORS_MODULE}/paired/`);
    const german = { type: 'object', properties: { amount: { type: 'number', title: 'Gewicht', maximum: 1000 } } };
    expect(load(resolveId(`${VALIDATORS_MODULE}/paired.b/de`) ?? '')).toBe(
      validatorModuleCode(german, 'ajv-i18n/localize/de'),
    );
  });
});

describe('servicesPlugin with a kept earlier version', () => {
  const services = servicesFolder('versioned-services');
  mkdirSync(join(services, 'sample', 'versions'), { recursive: true });
  const schema = (title: string): JsonSchema => ({
    ...testFormSchema,
    properties: { ...testFormSchema.properties, quantity: { type: 'number', title, maximum: 1000 } },
  });
  const files = (version: number, title: string) => ({
    ...testFiles({ version }),
    'sample/schema.json': schema(title),
  });
  for (const [name, value] of Object.entries(files(2, 'Quantity (kg)')))
    writeFileSync(join(services, name), JSON.stringify(value));
  writeFileSync(
    join(services, 'sample', 'versions', '1.json'),
    JSON.stringify({ version: 1, files: files(1, 'Quantity') }),
  );
  const plugin = servicesPlugin({ servicesDir: services, languages: ['en'] });
  const resolveId = plugin.resolveId as Hook<[string], string | undefined>;
  const load = plugin.load as Hook<[string], string | undefined>;

  it('serves the kept version with the definitions and compiles its form under <key>@<version>', () => {
    const loaded = loadServices(services);
    expect(loaded.problems.map((p) => `${p.file}#${p.pointer}: ${p.message}`)).toEqual([]);
    expect(loaded.archived.map((d) => [d.version, d.superseded])).toEqual([[1, true]]);
    const loaders = load(resolveId(VALIDATORS_MODULE) ?? '') ?? '';
    expect(loaders).toContain(`"en": () => import("${VALIDATORS_MODULE}/sample/en")`);
    expect(loaders).toContain(`"en": () => import("${VALIDATORS_MODULE}/sample@1/en")`);
    const kept = resolveId(`${VALIDATORS_MODULE}/sample@1/en`) ?? '';
    expect(kept).toBe(`\0${VALIDATORS_MODULE}/sample@1/en/validators-sample-v1-en`);
    expect(load(kept)).toContain(
      `export const schemaHash = ${JSON.stringify(hashForSchema(schema('Quantity') as RJSFSchema))};`,
    );
  });
});
