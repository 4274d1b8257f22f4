/**
 * The heading of the step shown: focus moves to it when the step changes, so keyboard and screen
 * reader users follow the change.
 */
import { useEffect, useRef } from 'react';
import type { StepKey } from '../core/wizard-state';

export function useStepHeading(step: StepKey) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousStep = useRef(step);
  useEffect(() => {
    if (previousStep.current !== step) headingRef.current?.focus();
    previousStep.current = step;
  }, [step]);
  return headingRef;
}
