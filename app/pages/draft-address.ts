/**
 * A draft in the address: the apply route names the draft its wizard created
 * (`?application_id=`), the view route the draft it continues (`?appId=`), both with the step shown
 * (`&step=`, left out for step 1). A reload, a phone's refresh or the browser's Back then continue the
 * same draft at the same step; the wizard tells each change (`onResumePoint`) and the address is
 * replaced, never added to, so Back leaves the wizard instead of walking through its steps.
 */
import { applicationPath, isStepKey, type StepKey } from '../../engine/core';

/** The query parameter of the apply route that names the draft its wizard created. */
export const DRAFT_PARAMETER = 'application_id';

const STEP_PARAMETER = 'step';

/** A positive whole number as an address writes it, else undefined (an address can say anything). */
function idOf(raw: string | null): number | undefined {
  if (raw === null || !/^[1-9]\d{0,15}$/.test(raw.trim())) return undefined;
  const id = Number(raw.trim());
  return Number.isSafeInteger(id) ? id : undefined;
}

/** The draft an apply route's address names, if any. */
export function draftOfAddress(search: string): number | undefined {
  return idOf(new URLSearchParams(search).get(DRAFT_PARAMETER));
}

/** The step an address names, if it names one. */
export function stepOfAddress(search: string): StepKey | undefined {
  const step = new URLSearchParams(search).get(STEP_PARAMETER);
  return isStepKey(step) ? step : undefined;
}

/** `&step=` of a step after the first (empty for step 1). */
function stepQuery(step: StepKey | undefined): string {
  return step && step !== 'details' ? `&${STEP_PARAMETER}=${step}` : '';
}

/** The query of a draft at `step` on the apply route (a new application's own draft). */
export function applySearch(applicationId: number | string, step: StepKey): string {
  return `?${DRAFT_PARAMETER}=${encodeURIComponent(String(applicationId))}${stepQuery(step)}`;
}

/** The address of a draft at `step` on a view or edit route (`route`): the continued draft's. */
export function draftPath(route: string, applicationId: number, step: StepKey | undefined): string {
  return `${applicationPath(route, applicationId)}${stepQuery(step)}`;
}
