/**
 * Form validators compiled at run time by Ajv (RJSF's `customizeValidator`), one per language, for
 * tests and Node. Never for the page: Ajv compiles with `new Function`, which the portal's
 * Content-Security-Policy forbids (the page uses precompiled-validators.ts).
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { RJSF_AJV_OPTIONS } from '../core/ajv-setup';
import type { FormData, ServiceFormContext } from './form-context';
import { localizerFor, validatorLanguage, type ServiceValidator, type ServiceValidatorSource } from './validator';

const validators = new Map<string, ServiceValidator>();

/**
 * The runtime validator of a language, created once and kept: Ajv caches compiled schemas per
 * validator and schema object, so each language reuses its own compilations.
 */
export function runtimeValidatorFor(language: string | undefined): ServiceValidator {
  const code = validatorLanguage(language);
  let validator = validators.get(code);
  if (!validator) {
    validator = customizeValidator<FormData, RJSFSchema, ServiceFormContext>(RJSF_AJV_OPTIONS, localizerFor(code));
    validators.set(code, validator);
  }
  return validator;
}

/** A source of runtime validators: one per language serves every schema, at once (no loading state). */
export const runtimeValidators: ServiceValidatorSource = {
  peek: (_key, _schema, language) => runtimeValidatorFor(language),
  load: (_key, _schema, language) => Promise.resolve(runtimeValidatorFor(language)),
};
