// @module-tag dialect-free: no database (the portal's validators against the runtime ones).
/**
 * The portal validates with Ajv code precompiled at build time (scripts/vite-plugin-services.ts), while
 * the server and the other suites compile at run time. For every service, every language and every
 * fixture of every form (fixtures/<key>/, or the variant's folder), both must give RJSF the same errors, and the confirm summary must show
 * the same conditional fields with either. The build must also have compiled exactly the schema the
 * portal renders in each language (RJSF's precompiled validator refuses any other).
 */
import { resolve, join } from 'node:path';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import services from 'virtual:service-definitions';
import modules from 'virtual:service-validators';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../app/i18n/languages';
import { loadLanguage } from '../../app/i18n';
import { localizedDefinition } from '../../app/localized-definitions';
import { visibleProperties } from '../../engine/core/schema-walk';
import { schemaMatches } from '../../engine/core/form-validator';
import { formKey } from '../../engine/core/service-forms';
import { precompiledValidators } from '../../engine/react/precompiled-validators';
import { runtimeValidatorFor } from '../../engine/react/runtime-validators';
import { schemaMatcher } from '../../engine/react/validator';
import { selectedServices } from '../selected-services';
import { formsOf, invalidFixtures, validFixtures, type FormUnderTest } from './service-fixtures';

const fixturesRoot = join(resolve(__dirname, '../..'), 'fixtures');

/** Every fixture of a form, valid ones first, named `valid/<file>` or `invalid/<file>`. */
/**
 * Validation results without the schemas ajv copies into the errors a custom message replaces
 * (`params.errors[].parentSchema`): the page's copy carries the `$id` RJSF gives a compiled schema,
 * and the test above already checks the page's validator was compiled from the same schema.
 */
function withoutParentSchemas(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutParentSchemas);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'parentSchema')
      .map(([key, item]) => [key, withoutParentSchemas(item)]),
  );
}

function fixtures(form: FormUnderTest): Array<[string, Record<string, unknown>]> {
  return [
    ...validFixtures(form).map(([name, data]): [string, Record<string, unknown>] => [`valid/${name}`, data]),
    ...invalidFixtures(form).map(([name, { data }]): [string, Record<string, unknown>] => [`invalid/${name}`, data]),
  ];
}

const precompiled = precompiledValidators(modules);
/** Every form of every service under test (each variant is a form with its own validators). */
const tested = selectedServices(services.definitions);
const forms = tested.flatMap((definition) => formsOf(definition, fixturesRoot).forms);
const cases = forms.flatMap((form) => LANGUAGES.map(({ code }) => [formKey(form.definition), code, form] as const));

describe('precompiled validators', () => {
  it('exist for every service and language', () => {
    expect(forms.length).toBeGreaterThanOrEqual(tested.length);
    for (const { definition } of forms)
      expect(Object.keys(modules[formKey(definition)] ?? {}).sort()).toEqual(LANGUAGES.map(({ code }) => code).sort());
  });

  describe.each(cases)('%s in %s', (key, language, { definition, ...form }) => {
    const data = fixtures({ definition, ...form });

    it('was compiled from the form schema the portal renders', async () => {
      await loadLanguage(language);
      const schema = localizedDefinition(definition, language).formSchema;
      const module = await modules[key]?.[language]?.();
      expect(module?.schemaHash).toBe(hashForSchema(schema as RJSFSchema));
    });

    it('gives the errors of the runtime validator for every fixture', async () => {
      await loadLanguage(language);
      const schema = localizedDefinition(definition, language).formSchema as RJSFSchema;
      const compiled = await precompiled.load(key, schema, language);
      const runtime = runtimeValidatorFor(language);
      expect(data.length).toBeGreaterThan(0);
      for (const [name, formData] of data) {
        const expected = runtime.validateFormData(formData, schema);
        const actual = compiled.validateFormData(formData, schema);
        expect(withoutParentSchemas(actual), name).toEqual(withoutParentSchemas(expected));
        expect(actual.errors.length > 0, name).toBe(name.startsWith('invalid/'));
      }
    });

    it('shows the same conditional fields in the confirm summary', async () => {
      await loadLanguage(language);
      const schema = localizedDefinition(definition, language).formSchema;
      const matches = schemaMatcher(await precompiled.load(key, schema, language), schema);
      for (const [name, formData] of data) {
        expect([...visibleProperties(schema, formData, matches).keys()], name).toEqual([
          ...visibleProperties(schema, formData, schemaMatches).keys(),
        ]);
      }
    });
  });
});
