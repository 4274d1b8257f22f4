/**
 * The portal validates with Ajv code precompiled at build time (scripts/vite-plugin-services.ts), while
 * the server and the other suites compile at run time. For every service, every language and every
 * fixture under fixtures/<key>/, both must give RJSF the same errors, and the confirm summary must show
 * the same conditional fields with either. The build must also have compiled exactly the schema the
 * portal renders in each language (RJSF's precompiled validator refuses any other).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import services from 'virtual:service-definitions';
import modules from 'virtual:service-validators';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../app/i18n/languages';
import { loadLanguage } from '../../app/i18n';
import { localizedDefinition } from '../../app/localized-definitions';
import { visibleProperties } from '../../engine/core/schema-walk';
import { schemaMatches } from '../../engine/core/form-validator';
import { precompiledValidators } from '../../engine/react/precompiled-validators';
import { runtimeValidatorFor } from '../../engine/react/runtime-validators';
import { schemaMatcher } from '../../engine/react/validator';

const root = resolve(__dirname, '../..');

function fixtures(key: string): Array<[string, Record<string, unknown>]> {
  const read = (kind: 'valid' | 'invalid') => {
    const dir = join(root, 'fixtures', key, kind);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name): [string, Record<string, unknown>] => {
        const content = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown>;
        return [`${kind}/${name}`, kind === 'valid' ? content : (content.data as Record<string, unknown>)];
      });
  };
  return [...read('valid'), ...read('invalid')];
}

const precompiled = precompiledValidators(modules);
const cases = services.definitions.flatMap((definition) =>
  LANGUAGES.map(({ code }) => [definition.key, code, definition] as const),
);

describe('precompiled validators', () => {
  it('exist for every service and language', () => {
    expect(services.definitions.length).toBeGreaterThan(0);
    for (const definition of services.definitions)
      expect(Object.keys(modules[definition.key] ?? {}).sort()).toEqual(LANGUAGES.map(({ code }) => code).sort());
  });

  describe.each(cases)('%s in %s', (key, language, definition) => {
    const data = fixtures(key);

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
        expect(actual, name).toEqual(expected);
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
