/**
 * Tells the portal where the applicant is in a draft (`onResumePoint`): the draft's id once its
 * creation answered, and the step shown, on every change. The portal keeps it in the address, so a
 * reload, a phone's refresh or the browser's Back continue the same draft at the same step.
 */
import { useEffect, useRef } from 'react';
import type { StepKey } from '../core/wizard-state';
import { resolveTarget, type ApplicationTarget } from './application-target';
import type { ResumePoint } from './wizard-types';

export function useResumePoint(options: {
  /** Off: nothing is told (no draft is kept, or the step of a continued draft is not placed yet). */
  enabled: boolean;
  target: ApplicationTarget;
  step: StepKey;
  onResumePoint: ((point: ResumePoint) => void) | undefined;
}): void {
  const { enabled, target, step } = options;
  // The latest callback is called, so a parent's new function does not tell the same point again.
  const tell = useRef(options.onResumePoint);
  useEffect(() => {
    tell.current = options.onResumePoint;
  });
  useEffect(() => {
    if (!enabled) return;
    // Told again when the wizard is shown again (a hidden wizard runs no effects): the address it
    // comes back to may not name the draft.
    let live = true;
    void resolveTarget(target).then((answer) => {
      // A draft that could not be created has no address; a step left meanwhile is told by its own run.
      if (live && answer.ok) tell.current?.({ applicationId: answer.data, step });
    });
    return () => {
      live = false;
    };
  }, [enabled, target, step]);
}
