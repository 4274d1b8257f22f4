/**
 * The studio's form validators: the modules the studio's API makes from the definitions on disk now
 * (server/routes/studio.ts), imported by their signed address. A module is a script of the portal's own
 * origin, so the page runs it under its Content-Security-Policy; it gets Ajv's runtime modules from
 * here, bundled with the studio, so a form changed after the build validates exactly as the built
 * portal will validate it.
 */
import * as equal from 'ajv/dist/runtime/equal';
import * as ucs2length from 'ajv/dist/runtime/ucs2length';
import * as uri from 'ajv/dist/runtime/uri';
import * as validationError from 'ajv/dist/runtime/validation_error';
import * as formats from 'ajv-formats/dist/formats';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import {
  precompiledValidators,
  type PrecompiledValidatorModule,
  type PrecompiledValidatorModules,
  type Localizer,
  type ServiceValidatorSource,
} from '../../engine/react';

/** Ajv's runtime modules by the names its standalone code requires (engine/core/node/validator-code.ts). */
const RUNTIME: Readonly<Record<string, unknown>> = {
  'ajv/dist/runtime/equal': equal,
  'ajv/dist/runtime/ucs2length': ucs2length,
  'ajv/dist/runtime/uri': uri,
  'ajv/dist/runtime/validation_error': validationError,
  'ajv-formats/dist/formats': formats,
};

function runtimeRequire(name: string): unknown {
  const module = RUNTIME[name];
  if (!module) throw new Error(`the studio does not bundle ${name}, which a validator asks for`);
  return module;
}

/** ajv-i18n's messages of each interface language but English (Ajv's own). */
const LOCALIZERS: Readonly<Record<string, () => Promise<{ default: Localizer }>>> = {
  de: () => import('ajv-i18n/localize/de'),
  it: () => import('ajv-i18n/localize/it'),
  ru: () => import('ajv-i18n/localize/ru'),
  es: () => import('ajv-i18n/localize/es'),
};

/** What the module at a studio validator address exports. */
interface StudioValidatorModule {
  schemaHash: string;
  default: (require: (name: string) => unknown) => ValidatorFunctions;
}

/** Imports one module (by its address under the API base) as the portal's precompiled modules look. */
async function loadModule(address: string, language: string): Promise<PrecompiledValidatorModule> {
  const module = (await import(/* @vite-ignore */ address)) as StudioValidatorModule;
  const localize = (await LOCALIZERS[language]?.())?.default;
  return { schemaHash: module.schemaHash, ...(localize ? { localize } : {}), default: module.default(runtimeRequire) };
}

/**
 * The validators of the studio's forms: form key -> address of its module in `language` (the language
 * the studio's services answer localized the forms in), under `apiBase`.
 */
export function studioValidators(
  addresses: Readonly<Record<string, string>>,
  language: string,
  apiBase: string,
): ServiceValidatorSource {
  const modules: PrecompiledValidatorModules = Object.fromEntries(
    Object.entries(addresses).map(([key, address]) => [
      key,
      { [language]: () => loadModule(`${apiBase}${address}`, language) },
    ]),
  );
  return precompiledValidators(modules);
}
