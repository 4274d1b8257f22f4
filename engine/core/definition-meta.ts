/**
 * The meta-schema check of `service.json` (schemas/service-definition.schema.json), with its errors
 * reported as the loader's problems.
 */
import type { ValidateFunction } from 'ajv';
import metaSchema from '../../schemas/service-definition.schema.json';
import { createAjv } from './ajv-setup';
import { pointerOf, type Report } from './definition-problems';
import type { JsonSchema } from './definition-types';

let metaValidator: ValidateFunction | undefined;
function validateMeta(data: unknown): ValidateFunction {
  metaValidator ??= createAjv().compile(metaSchema as JsonSchema);
  metaValidator(data);
  return metaValidator;
}

/** Reports the meta-schema's errors of `service.json`; true when there are none. */
export function checkMeta(raw: unknown, serviceFile: string, report: Report): boolean {
  const meta = validateMeta(raw);
  if (!meta.errors || meta.errors.length === 0) return true;
  for (const e of meta.errors) {
    if (e.keyword === 'if') continue;
    const extra = e.params as { additionalProperty?: string; missingProperty?: string; allowedValues?: unknown[] };
    let pointer = e.instancePath;
    let message = e.message ?? 'is invalid';
    if (extra.additionalProperty) {
      pointer += pointerOf(extra.additionalProperty);
      message = 'unknown property';
    } else if (extra.missingProperty) {
      pointer += pointerOf(extra.missingProperty);
      message = 'is required';
    } else if (extra.allowedValues) {
      message += `: ${extra.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    }
    report(serviceFile, pointer, message);
  }
  return false;
}
