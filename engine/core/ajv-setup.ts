import Ajv from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { SUM_OF } from './cross-field-rules';

/**
 * The one Ajv configuration of the project. The server, `services:check` and the form validators of
 * the page (precompiled at build time with `RJSF_AJV_OPTIONS`) all use it, so a submission is judged
 * by the same rules everywhere.
 */
export const AJV_OPTIONS = {
  allErrors: true,
  strict: false,
  coerceTypes: false,
  useDefaults: false,
  // Rules between fields ('after', 'at least') are `$data` references (cross-field-rules.ts).
  $data: true,
} as const;

/**
 * Adds ajv-formats and ajv-errors to an Ajv instance. Idempotent: RJSF already adds ajv-formats
 * itself, and adding a keyword twice makes Ajv throw.
 */
export function extendAjv<T extends Ajv>(ajv: T): T {
  if (!ajv.getKeyword('formatMaximum')) addFormats(ajv);
  if (!ajv.getKeyword('errorMessage')) ajvErrors(ajv);
  if (!ajv.getKeyword(SUM_OF.keyword as string)) ajv.addKeyword(SUM_OF);
  return ajv;
}

/**
 * The options of RJSF's Ajv validators, built like the server's Ajv: the runtime validator of tests and
 * Node (`customizeValidator`) and the build's precompiled ones (`compileSchemaValidatorsCode`) both
 * take them, so the code compiled for the page makes the same judgements.
 */
export const RJSF_AJV_OPTIONS = {
  ajvOptionsOverrides: { ...AJV_OPTIONS },
  // Formats come from extendAjv (as on the server), not from RJSF's own ajv-formats copy.
  ajvFormatOptions: false,
  extenderFn: (ajv: Ajv): Ajv => extendAjv(ajv),
} as const;

/** A new Ajv instance with `AJV_OPTIONS` and the extensions. */
export function createAjv(): Ajv {
  return extendAjv(new Ajv({ ...AJV_OPTIONS }));
}

/** Main export: the setup as one object. */
export const ajvSetup = { options: AJV_OPTIONS, extend: extendAjv, create: createAjv };
