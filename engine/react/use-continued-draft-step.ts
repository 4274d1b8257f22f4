/**
 * A continued draft opens at the step it was left at, as far as its answers and files reach
 * (use-step-of-continued-draft.ts judges how far); the step is handed to the wizard's controller
 * before the page is painted, so step 1 never flashes first.
 */
import { useLayoutEffect, useState } from 'react';
import type { WizardController } from '../core/wizard-controller';
import type { DraftReach, StepKey } from '../core/wizard-state';
import { useStepOfContinuedDraft } from './use-step-of-continued-draft';

/** True while the step is not placed yet (the wizard shows that it is loading). */
export function useContinuedDraftStep(
  controller: WizardController<File>,
  wanted: StepKey | undefined,
  reach: () => DraftReach | undefined,
): boolean {
  const [placedAt, setPlacedAt] = useState<StepKey | null>(null);
  const judging = useStepOfContinuedDraft({
    wanted,
    reach,
    dispatch: (action) => (action.type === 'resumedAt' ? setPlacedAt(action.step) : undefined),
  });
  useLayoutEffect(() => {
    if (placedAt === null) return;
    controller.resumeAt(placedAt);
    setPlacedAt(null);
  }, [controller, placedAt]);
  return judging || placedAt !== null;
}
