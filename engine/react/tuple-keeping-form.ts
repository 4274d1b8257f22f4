/**
 * RJSF's form, keeping tuples (`items` as a list: latitude, longitude) through its sanitizer. When an
 * answer changes and the form has conditions below its root (an `allOf` of `if`s, as most forms do),
 * RJSF sanitizes the whole data for the schema that now applies, and its sanitizer drops every
 * tuple's value whole: it does not handle `items` as a list ("we'll just drop the data"). The places
 * would vanish under the applicant's cursor with what they typed. Here a tuple the sanitizer dropped is
 * put back as it was before, when the schema that applies still asks it; everything else the
 * sanitizer does stays as RJSF does it.
 */
import CoreForm, { type FormProps, type FormState } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import type { JsonSchema } from '../core/definition-types';
import { definedProperties } from '../core/schema-walk';
import { isRecord } from '../core/value-path';
import type { FormData, ServiceFormContext } from './form-context';

type Props = FormProps<FormData, RJSFSchema, ServiceFormContext>;
type State = FormState<FormData, RJSFSchema, ServiceFormContext>;

/**
 * `sanitized` with every tuple of `before` it lost put back, at any depth of objects; only where
 * `schema` (the schema that applies now) declares the tuple. `sanitized` itself when none was lost.
 */
export function withTuplesKept(
  schema: JsonSchema,
  before: Record<string, unknown>,
  sanitized: Record<string, unknown>,
): Record<string, unknown> {
  let kept = sanitized;
  for (const [name, property] of definedProperties(schema)) {
    const was = before[name];
    const now = sanitized[name];
    if (Array.isArray(was) && now === undefined && Array.isArray(property.items)) kept = { ...kept, [name]: was };
    else if (isRecord(was) && isRecord(now)) {
      const inner = withTuplesKept(property, was, now);
      if (inner !== now) kept = { ...kept, [name]: inner };
    }
  }
  return kept;
}

export class TupleKeepingForm extends CoreForm<FormData, RJSFSchema, ServiceFormContext> {
  override getStateFromProps(
    props: Props,
    inputFormData?: FormData,
    retrievedSchema?: RJSFSchema,
    resetErrorsForSchema?: boolean,
    getFormDataChangedFields?: () => string[],
    skipLiveValidate?: boolean,
    shouldSanitize?: boolean,
    prevState?: State,
    fallbackProps?: Props,
  ): State {
    const state = super.getStateFromProps(
      props,
      inputFormData,
      retrievedSchema,
      resetErrorsForSchema,
      getFormDataChangedFields,
      skipLiveValidate,
      shouldSanitize,
      prevState,
      fallbackProps,
    );
    if (!shouldSanitize || !isRecord(inputFormData) || !isRecord(state.formData)) return state;
    const applies = (state.retrievedSchema ?? props.schema) as JsonSchema;
    const formData = withTuplesKept(applies, inputFormData, state.formData);
    return formData === state.formData ? state : { ...state, formData };
  }
}
