/**
 * The form validators of the portal and how the engine gets them.
 *
 * A validator is RJSF's Ajv validator of one form schema with Ajv's own messages in the interface
 * language (ajv-i18n), built with the server's Ajv options (`RJSF_AJV_OPTIONS`), so the browser refuses
 * exactly what the server refuses. The engine does not make them: a `ServiceValidatorSource` given
 * through `ServiceValidatorsContext` does. The portal gives the validators precompiled at build time
 * (precompiled-validators.ts; the page may not compile code under its Content-Security-Policy), tests
 * and Node the runtime ones (runtime-validators.ts).
 */
import { createContext, useContext, useEffect, useState } from 'react';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';
import { useTranslation } from './translation';
import type { SchemaMatcher } from '../core/schema-walk';
import type { JsonSchema, ServiceDefinition } from '../core/definition-types';
import { formKey } from '../core/service-forms';
import type { FormData, ServiceFormContext } from './form-context';

export type ServiceValidator = ValidatorType<FormData, RJSFSchema, ServiceFormContext>;

/** Rewrites Ajv's messages in place (ajv-i18n). */
export type Localizer = (errors?: null | ErrorObject[]) => void;

/** Languages with their own validators: ajv-i18n's messages (English is Ajv's own). */
export const VALIDATOR_LANGUAGES: readonly string[] = ['en', 'de', 'es', 'it', 'ru'];

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

/** The language whose Ajv messages are used for `language` (`de-CH` -> `de`; unknown -> `en`). */
export function validatorLanguage(language: string | undefined): string {
  const base = (language ?? '').toLowerCase().split('-')[0] ?? '';
  return VALIDATOR_LANGUAGES.includes(base) ? base : 'en';
}

/** Where the engine's forms get their validators from. */
export interface ServiceValidatorSource {
  /** The validator of `schema` (service `key`'s form as rendered) in `language`, once made. */
  peek(key: string, schema: JsonSchema, language: string): ServiceValidator | undefined;
  /** Makes it (once; later calls answer the same promise); rejects when none can be made. */
  load(key: string, schema: JsonSchema, language: string): Promise<ServiceValidator>;
}

/**
 * A source that makes each validator once per form schema object and language with `make`. The
 * portal's translated definitions are cached, so their schema objects are stable.
 */
export function validatorSource(
  make: (key: string, schema: JsonSchema, language: string) => Promise<ServiceValidator>,
): ServiceValidatorSource {
  type Entry = { promise: Promise<ServiceValidator>; validator?: ServiceValidator };
  const entries = new WeakMap<JsonSchema, Map<string, Entry>>();
  const entry = (schema: JsonSchema, language: string): Entry | undefined =>
    entries.get(schema)?.get(validatorLanguage(language));
  return {
    peek: (_key, schema, language) => entry(schema, language)?.validator,
    load(key, schema, language) {
      const known = entry(schema, language);
      if (known) return known.promise;
      const code = validatorLanguage(language);
      let byLanguage = entries.get(schema);
      if (!byLanguage) {
        byLanguage = new Map();
        entries.set(schema, byLanguage);
      }
      const made: Entry = { promise: make(key, schema, code) };
      made.promise.then(
        (validator) => {
          made.validator = validator;
        },
        // A failure (a chunk that did not load) is forgotten, so a retry tries again.
        () => byLanguage.delete(code),
      );
      byLanguage.set(code, made);
      return made.promise;
    },
  };
}

/** The validators of the engine's forms; the portal and the tests provide one. */
export const ServiceValidatorsContext = createContext<ServiceValidatorSource | null>(null);

/** `if` conditions answered by a form's validator, for the confirm summary (`visibleProperties`). */
export function schemaMatcher(validator: ServiceValidator, rootSchema: JsonSchema): SchemaMatcher {
  return (schema, data) =>
    typeof schema === 'boolean'
      ? schema
      : validator.isValid(schema as RJSFSchema, data as FormData, rootSchema as RJSFSchema);
}

/** A definition with the validator of its form schema. */
export interface ValidatedDefinition<D> {
  definition: D;
  validator: ServiceValidator;
}

export interface ServiceValidatorState<D> {
  /**
   * The definition to show with its validator: the given one once its validator is there, until then
   * the previous one (a language switch keeps the form and its data until the new validator arrives).
   */
  shown?: ValidatedDefinition<D>;
  /** Why the validator of the given definition could not be made. */
  error?: string;
  retry(): void;
}

/**
 * The validator of `definition`'s form in the interface language, from `ServiceValidatorsContext`,
 * loading it on first use.
 */
export function useServiceValidator<D extends Pick<ServiceDefinition, 'key' | 'variant' | 'formSchema'>>(
  definition: D,
): ServiceValidatorState<D> {
  const source = useContext(ServiceValidatorsContext);
  if (!source) throw new Error('the service form needs a ServiceValidatorsContext provider');
  const { i18n } = useTranslation();
  const language = validatorLanguage(i18n.resolvedLanguage);
  const validator = source.peek(formKey(definition), definition.formSchema, language);
  const [last, setLast] = useState<ValidatedDefinition<D> | undefined>(
    validator ? { definition, validator } : undefined,
  );
  // Remembered during render (React's pattern for information from previous renders).
  if (validator && (last?.definition !== definition || last.validator !== validator))
    setLast({ definition, validator });
  const [, setLoaded] = useState(0);
  const [failure, setFailure] = useState<{ definition: D; language: string; message: string }>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (validator) return;
    let live = true;
    source.load(formKey(definition), definition.formSchema, language).then(
      () => live && setLoaded((count) => count + 1),
      (error: unknown) =>
        live && setFailure({ definition, language, message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [source, definition, language, validator, attempt]);

  const failed = !validator && failure?.definition === definition && failure.language === language;
  return {
    shown: validator ? { definition, validator } : last,
    error: failed ? failure.message : undefined,
    retry: () => {
      setFailure(undefined);
      setAttempt((count) => count + 1);
    },
  };
}
