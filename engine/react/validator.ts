/**
 * The RJSF validators of the portal: Ajv built with the same options and extensions as the server
 * (`engine/core/ajv-setup.ts`), so the browser refuses exactly what the server refuses, with Ajv's
 * own messages in the interface language (ajv-i18n). One validator per language, built on first use.
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';
import localizeDe from 'ajv-i18n/localize/de';
import localizeEs from 'ajv-i18n/localize/es';
import localizeIt from 'ajv-i18n/localize/it';
import localizeRu from 'ajv-i18n/localize/ru';
import { AJV_OPTIONS, extendAjv } from '../core/ajv-setup';
import type { FormData, ServiceFormContext } from './form-context';

export type ServiceValidator = ValidatorType<FormData, RJSFSchema, ServiceFormContext>;

type Localizer = (errors?: null | ErrorObject[]) => void;

// About 1.5 KB gzip each, in the wizard's chunk only; English is Ajv's own.
const LOCALIZERS: Record<string, Localizer> = { de: localizeDe, es: localizeEs, it: localizeIt, ru: localizeRu };

/**
 * Localizes Ajv's messages except the schema's own `errorMessage` texts (ajv-errors), which already
 * come translated with the definition; ajv-i18n would replace them with a generic sentence.
 */
export function keepingCustomMessages(localize: Localizer): Localizer {
  return (errors) => {
    if (!errors) return;
    localize(errors.filter((error) => error.keyword !== 'errorMessage'));
  };
}

function createValidator(localizer?: Localizer): ServiceValidator {
  return customizeValidator<FormData, RJSFSchema, ServiceFormContext>(
    {
      ajvOptionsOverrides: { ...AJV_OPTIONS },
      // Formats come from extendAjv (as on the server), not from RJSF's own ajv-formats copy.
      ajvFormatOptions: false,
      extenderFn: (ajv) => extendAjv(ajv),
    },
    localizer ? keepingCustomMessages(localizer) : undefined,
  );
}

const validators = new Map<string, ServiceValidator>();

/** The language whose Ajv messages are used for `language` (`de-CH` -> `de`; unknown -> `en`). */
export function validatorLanguage(language: string | undefined): string {
  const base = (language ?? '').toLowerCase().split('-')[0] ?? '';
  return base in LOCALIZERS ? base : 'en';
}

/**
 * The validator of a language, created once and kept: Ajv caches compiled schemas per validator and
 * schema object, so each language reuses its own compilations.
 */
export function validatorFor(language: string | undefined): ServiceValidator {
  const code = validatorLanguage(language);
  let validator = validators.get(code);
  if (!validator) {
    validator = createValidator(LOCALIZERS[code]);
    validators.set(code, validator);
  }
  return validator;
}

/** The English validator. */
export const validator = validatorFor('en');
