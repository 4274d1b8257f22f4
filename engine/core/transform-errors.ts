/**
 * `transformErrors` for RJSF: the same clean-up `validateFormData` applies on the server, on the
 * error objects RJSF builds from Ajv's (`{ name, property, message, params, stack, schemaPath }`).
 * Pure TypeScript; the structural type below matches RJSF's `RJSFValidationError`.
 */

/** Message for a missing required value (Ajv's own names the property, which the field already does). */
export const REQUIRED_MESSAGE = 'This field is required';

/** Message for a value outside a list of `const` alternatives. */
export const NOT_ALLOWED_MESSAGE = 'must be equal to one of the allowed values';

/** The engine's own message texts; the portal passes them translated. */
export interface ErrorTexts {
  /** Shown for a missing required value. */
  required: string;
  /** Shown for a value outside a list of `const` alternatives. */
  notAllowed: string;
}

/** The English texts (also what the server answers). */
export const ENGLISH_ERROR_TEXTS: ErrorTexts = { required: REQUIRED_MESSAGE, notAllowed: NOT_ALLOWED_MESSAGE };

export interface RjsfLikeError {
  /** Ajv keyword, e.g. `required`, `pattern`, `errorMessage`, `if`. */
  name?: string;
  /** Dotted path of the value: `.quantity`, `quantity` (root `required`), `.items.0`, '' for the form. */
  property?: string;
  message?: string;
  params?: unknown;
  stack: string;
  schemaPath?: string;
  title?: string;
}

interface WrappedError {
  keyword?: string;
  instancePath?: string;
  params?: { missingProperty?: unknown };
}

function bare(property: string | undefined): string {
  return (property ?? '').replace(/^\./, '');
}

function dotted(pointer: string | undefined): string {
  return (pointer ?? '').split('/').slice(1).join('.');
}

/** Property an ajv-errors message belongs to (see `customErrorField` in form-validator.ts). */
function customProperty(error: RjsfLikeError): string | undefined {
  const wrapped = ((error.params ?? {}) as { errors?: WrappedError[] }).errors ?? [];
  const targets = new Set<string>();
  for (const inner of wrapped) {
    const base = dotted(inner.instancePath);
    const missing = inner.params?.missingProperty;
    if (inner.keyword === 'required' && typeof missing === 'string') targets.add(base ? `${base}.${missing}` : missing);
    else targets.add(base);
  }
  const only = targets.size === 1 ? [...targets][0] : undefined;
  return only ? `.${only}` : undefined;
}

/**
 * Cleans RJSF's errors: drops `if` noise ('must match "then" schema') and the branch errors of a
 * `oneOf`/`anyOf`, moves an `errorMessage` on a `required` rule onto the property it asks for,
 * keeps only custom messages on a property that has one, uses 'This field is required' for
 * missing values and removes duplicates. `texts` gives the engine's own messages in the interface
 * language (English by default); custom messages come translated with the schema.
 */
export function transformErrors<E extends RjsfLikeError>(
  errors: readonly E[],
  texts: ErrorTexts = ENGLISH_ERROR_TEXTS,
): E[] {
  const combinators = errors.filter((e) => (e.name === 'oneOf' || e.name === 'anyOf') && e.schemaPath);
  const isBranchOf = (e: E, c: E): boolean => c !== e && !!e.schemaPath && e.schemaPath.startsWith(`${c.schemaPath}/`);
  // A combinator the analyst's message stands for (ajv-errors wraps it): its options' errors go too.
  const wrappedCombinators = errors.flatMap((e) =>
    e.name === 'errorMessage'
      ? ((e.params as { errors?: Array<WrappedError & { schemaPath?: string }> } | undefined)?.errors ?? [])
          .filter((w) => (w.keyword === 'oneOf' || w.keyword === 'anyOf') && w.schemaPath)
          .map((w) => `${w.schemaPath}/`)
      : [],
  );
  const out: Array<{ error: E; custom: boolean }> = [];
  for (const error of errors) {
    if (error.name === 'if') continue;
    if (combinators.some((c) => isBranchOf(error, c))) continue;
    if (error.name !== 'errorMessage' && wrappedCombinators.some((path) => error.schemaPath?.startsWith(path)))
      continue;
    if (error.name === 'errorMessage') {
      const property = customProperty(error) ?? error.property ?? '';
      out.push({ error: { ...error, property, stack: error.message ?? error.stack }, custom: true });
      continue;
    }
    if (error.name === 'required') {
      out.push({ error: { ...error, message: texts.required, stack: texts.required }, custom: false });
      continue;
    }
    if (error.name === 'oneOf' || error.name === 'anyOf') {
      const branches = errors.filter((e) => isBranchOf(e, error));
      if (branches.length > 0 && branches.every((b) => b.name === 'const')) {
        out.push({ error: { ...error, message: texts.notAllowed, stack: texts.notAllowed }, custom: false });
        continue;
      }
    }
    out.push({ error, custom: false });
  }
  const customProps = new Set(out.filter((o) => o.custom).map((o) => bare(o.error.property)));
  const seen = new Set<string>();
  const result: E[] = [];
  for (const { error, custom } of out) {
    const prop = bare(error.property);
    if (!custom && customProps.has(prop)) continue;
    const key = `${prop}\u0000${error.message ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(error);
  }
  return result;
}
