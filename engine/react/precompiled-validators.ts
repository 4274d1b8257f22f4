/**
 * The portal's form validators: Ajv code compiled at build time (scripts/vite-plugin-services.ts),
 * one module per service and language, fetched when a form is shown. The page compiles nothing, so it
 * runs under a Content-Security-Policy without 'unsafe-eval', and Ajv's compiler stays out of it.
 */
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { ErrorObject } from 'ajv';
import type { JsonSchema } from '../core/definition-types';
import type { FormData, ServiceFormContext } from './form-context';
import { keepingCustomMessages, validatorSource, type Localizer, type ServiceValidatorSource } from './validator';

/**
 * One precompiled module: the validate functions by schema hash, the hash of its form schema and
 * ajv-i18n's localizer of its language (so only the language shown is fetched, not all of them).
 */
export interface PrecompiledValidatorModule {
  /** RJSF's `hashForSchema` of the form schema the module was compiled from. */
  schemaHash: string;
  /** Ajv's messages in the module's language; undefined for English (Ajv's own). */
  localize?: Localizer;
  default: ValidatorFunctions;
}

/** Service key -> language -> loader of that language's module. */
export type PrecompiledValidatorModules = Readonly<
  Record<string, Readonly<Record<string, () => Promise<PrecompiledValidatorModule>>>>
>;

type QuotableParams = { missingProperty?: unknown; property?: unknown; deps?: unknown };

/** Applies `change` to the property names of the errors' params that RJSF puts titles in place of. */
function mapPropertyNames(errors: readonly ErrorObject[], change: (name: string) => string): void {
  for (const error of errors) {
    const params = error.params as QuotableParams;
    for (const key of ['missingProperty', 'property'] as const) {
      const name = params[key];
      if (typeof name === 'string' && name !== '') params[key] = change(name);
    }
    if (typeof params.deps === 'string' && params.deps !== '')
      params.deps = params.deps.split(', ').map(change).join(', ');
  }
}

/**
 * The localizer with property names quoted while it runs, as RJSF's runtime validator does (its
 * precompiled one does not): RJSF then finds `'company_id'` in the translated message and puts the
 * field's title in its place, so both give the same messages.
 */
export function quotingPropertyNames(localize: Localizer): Localizer {
  return (errors) => {
    if (!errors) return;
    mapPropertyNames(errors, (name) => `'${name}'`);
    localize(errors);
    mapPropertyNames(errors, (name) => name.slice(1, -1));
  };
}

/**
 * Validators from precompiled modules. The module is chosen by the hash of the schema shown, the
 * interface language's first: a form keeps its English schema while a language's texts are still
 * loading, and RJSF's precompiled validator only knows the exact schema it was compiled from. Ajv's
 * messages follow the interface language either way.
 */
export function precompiledValidators(modules: PrecompiledValidatorModules): ServiceValidatorSource {
  return validatorSource(async (key, schema: JsonSchema, language) => {
    const loaders = modules[key];
    if (!loaders) throw new Error(`no precompiled validators for the service '${key}'`);
    const hash = hashForSchema(schema as RJSFSchema);
    const own = await loaders[language]?.();
    const localize = own?.localize;
    const localizer = localize && quotingPropertyNames(keepingCustomMessages(localize));
    const candidates = [...new Set([language, 'en', ...Object.keys(loaders)])];
    for (const candidate of candidates) {
      const load = loaders[candidate];
      if (!load) continue;
      const module = candidate === language && own ? own : await load();
      if (module.schemaHash === hash)
        return createPrecompiledValidator<FormData, RJSFSchema, ServiceFormContext>(
          module.default,
          schema as RJSFSchema,
          localizer,
        );
    }
    throw new Error(`no precompiled validator of '${key}' fits its form schema; rebuild the portal`);
  });
}
