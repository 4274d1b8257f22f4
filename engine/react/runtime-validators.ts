/**
 * Form validators compiled at run time by Ajv (RJSF's `customizeValidator`), one per language, for
 * tests and Node. Never for the page: Ajv compiles with `new Function`, which the portal's
 * Content-Security-Policy forbids (the page uses precompiled-validators.ts).
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import localizeDe from 'ajv-i18n/localize/de';
import localizeEs from 'ajv-i18n/localize/es';
import localizeIt from 'ajv-i18n/localize/it';
import localizeRu from 'ajv-i18n/localize/ru';
import { RJSF_AJV_OPTIONS } from '../core/ajv-setup';
import type { FormData, ServiceFormContext } from './form-context';
import {
  keepingCustomMessages,
  validatorLanguage,
  type Localizer,
  type ServiceValidator,
  type ServiceValidatorSource,
} from './validator';

// The page's validators bring their language's localizer with them (precompiled-validators.ts).
const LOCALIZERS: Record<string, Localizer> = { de: localizeDe, es: localizeEs, it: localizeIt, ru: localizeRu };

/** ajv-i18n's localizer of `language` (none for English), keeping the schema's custom messages. */
export function localizerFor(language: string | undefined): Localizer | undefined {
  const localize = LOCALIZERS[validatorLanguage(language)];
  return localize ? keepingCustomMessages(localize) : undefined;
}

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
