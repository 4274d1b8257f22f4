/**
 * A continued draft opens at the step it was left at (the portal reads it from the address), once
 * what decides how far it may go is known: its answers judged by the form's validator, its files
 * against the documents it needs (`reachableStep`). Until then the wizard shows that it is loading,
 * so it never flashes step 1 before moving on.
 */
import { useState, type Dispatch } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import type { JsonSchema } from '../core/definition-types';
import { ENGLISH_ERROR_TEXTS, transformErrors } from '../core/transform-errors';
import { reachableStep, type DraftReach, type StepKey, type WizardAction } from '../core/wizard-state';
import type { FormData } from './form-context';
import type { ServiceValidator } from './validator';

/**
 * True when `formData` passes the form's validation as step 1's Next judges it (the same validator,
 * the same clean-up of its errors).
 */
export function answersComplete(validator: ServiceValidator, schema: JsonSchema, formData: FormData): boolean {
  const { errors } = validator.validateFormData(formData, schema as RJSFSchema, undefined, (found) =>
    transformErrors(found, ENGLISH_ERROR_TEXTS),
  );
  return errors.length === 0;
}

/**
 * Moves a continued draft to `wanted` (or as near as its reach allows) once `reach()` knows how far it
 * goes (undefined while the validator or the list of documents loads); answers true while it waits.
 * `wanted` is read once: the step the draft was left at. Nothing moves when it is step 1 or not given.
 */
export function useStepOfContinuedDraft<F>(options: {
  wanted: StepKey | undefined;
  reach: () => DraftReach | undefined;
  dispatch: Dispatch<WizardAction<F>>;
}): boolean {
  const { reach, dispatch } = options;
  const [wanted] = useState(options.wanted);
  const [placing, setPlacing] = useState(wanted !== undefined && wanted !== 'details');
  // Settled while rendering (React's pattern for state that follows other state): the first render
  // that knows the reach already shows the step. Judged only while placing: never again after.
  if (placing && wanted) {
    const known = reach();
    if (known) {
      setPlacing(false);
      dispatch({ type: 'resumedAt', step: reachableStep(wanted, known) });
    }
  }
  return placing;
}
