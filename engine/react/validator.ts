/**
 * The one RJSF validator of the portal: Ajv built with the same options and extensions as the
 * server (`engine/core/ajv-setup.ts`), so the browser refuses exactly what the server refuses.
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { AJV_OPTIONS, extendAjv } from '../core/ajv-setup';
import type { FormData, ServiceFormContext } from './form-context';

export const validator = customizeValidator<FormData, RJSFSchema, ServiceFormContext>({
  ajvOptionsOverrides: { ...AJV_OPTIONS },
  // Formats come from extendAjv (as on the server), not from RJSF's own ajv-formats copy.
  ajvFormatOptions: false,
  extenderFn: (ajv) => extendAjv(ajv),
});
