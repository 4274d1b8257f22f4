/**
 * Reading a file input of the documents step, apart from the step's component: the wizard's flow
 * handles a choice with it, and the step itself loads after step 1 is drawn (wizard-flow.tsx).
 */
import type { ChangeEvent } from 'react';
import { isAcceptedFile } from '../core/file-kinds';
import type { UploadSlot } from '../core/required-documents';

/**
 * The file just chosen in a slot's input, and whether the slot accepts its kind; null when the choice
 * was cancelled. The input is emptied, so choosing the same file again is seen.
 */
export function chosenFile(
  slot: UploadSlot,
  event: ChangeEvent<HTMLInputElement>,
): { file: File; accepted: boolean } | null {
  const file = event.target.files?.[0];
  event.target.value = '';
  if (!file) return null;
  return { file, accepted: isAcceptedFile(file.name, file.type, slot.accept) };
}
