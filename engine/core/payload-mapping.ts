import type { BodyValue, ServiceDefinition, SubmitCall } from './definition-types';
import { isRecord, valueAt } from './value-path';

/**
 * Builds the HTTP requests of a definition's submit pipeline from the form data: body templates
 * (`"...": "$form"` spreads, `$form.<field>`, `$context.<name>`, constants), one-hot flags and path
 * placeholders. The server registers one route per call and validates what this produces.
 */

export interface SubmitContext {
  clientId: number | string;
  applicationId: number | string;
  serviceId: number | string;
}

export interface SubmitRequest {
  name: string;
  method: SubmitCall['method'];
  /** Path relative to the API base, placeholders filled. */
  path: string;
  body: Record<string, unknown>;
  savesRecord: boolean;
}

/** Resolves one template value; `undefined` means "leave the key out". */
export function resolveBodyValue(value: BodyValue, formData: Record<string, unknown>, context: SubmitContext): unknown {
  if (typeof value === 'string') {
    if (value === '$form') return { ...formData };
    if (value.startsWith('$form.')) return valueAt(formData, value.slice('$form.'.length));
    if (value.startsWith('$context.'))
      return (context as unknown as Record<string, unknown>)[value.slice('$context.'.length)];
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => resolveBodyValue(v, formData, context));
  if (isRecord(value)) return resolveTemplate(value, formData, context);
  return value;
}

function resolveTemplate(
  template: Record<string, BodyValue>,
  formData: Record<string, unknown>,
  context: SubmitContext,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(template)) {
    if (key === '...') {
      const spread = resolveBodyValue(value, formData, context);
      if (isRecord(spread)) Object.assign(body, spread);
      continue;
    }
    const resolved = resolveBodyValue(value, formData, context);
    if (resolved !== undefined) body[key] = resolved;
  }
  return body;
}

/** Fills `{clientId}`, `{applicationId}`, `{serviceId}` in a call path. */
export function resolveCallPath(path: string, context: SubmitContext): string {
  return path.replace(/\{(clientId|applicationId|serviceId)\}/g, (_m, name: keyof SubmitContext) =>
    encodeURIComponent(String(context[name])),
  );
}

/** The requests of the submit pipeline, in the definition's order. */
export function buildSubmitRequests(
  definition: Pick<ServiceDefinition, 'submit'>,
  formData: Record<string, unknown>,
  context: SubmitContext,
): SubmitRequest[] {
  return definition.submit.calls.map((call) => {
    const body = resolveTemplate(call.body, formData, context);
    for (const flag of call.flags ?? []) {
      const current = valueAt(formData, flag.field);
      for (const value of flag.values) body[value] = current === value;
    }
    return {
      name: call.name,
      method: call.method,
      path: resolveCallPath(call.path, context),
      body,
      savesRecord: call.savesRecord === true,
    };
  });
}

/** Main export. */
export const payloadMapping = buildSubmitRequests;
