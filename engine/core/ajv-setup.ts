import Ajv from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';

/**
 * The one Ajv configuration of the project. The server, `services:check` and the browser's RJSF
 * validator (`customizeValidator({ ajvOptionsOverrides: AJV_OPTIONS, extenderFn: extendAjv })`) all
 * use it, so a submission is judged by the same rules everywhere.
 */
export const AJV_OPTIONS = {
  allErrors: true,
  strict: false,
  coerceTypes: false,
  useDefaults: false,
  $data: false,
} as const;

/**
 * Adds ajv-formats and ajv-errors to an Ajv instance. Idempotent: RJSF already adds ajv-formats
 * itself, and adding a keyword twice makes Ajv throw.
 */
export function extendAjv<T extends Ajv>(ajv: T): T {
  if (!ajv.getKeyword('formatMaximum')) addFormats(ajv);
  if (!ajv.getKeyword('errorMessage')) ajvErrors(ajv);
  return ajv;
}

/** A new Ajv instance with `AJV_OPTIONS` and the extensions. */
export function createAjv(): Ajv {
  return extendAjv(new Ajv({ ...AJV_OPTIONS }));
}

/** Main export: the setup as one object. */
export const ajvSetup = { options: AJV_OPTIONS, extend: extendAjv, create: createAjv };
