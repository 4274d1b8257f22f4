/** The draft an application's answer carries (`draft: { answers, variant?, saved_at }`). */
import { isRecord } from '../core/value-path';
import type { FormData } from './form-context';

/** No answers yet: a draft continued before anything was typed. */
export const NO_ANSWERS: FormData = {};

/** The draft part of the answer, when it has that shape. */
export function isDraftDetails(value: unknown): value is { answers: FormData; variant?: string } {
  return (
    isRecord(value) && isRecord(value.answers) && (value.variant === undefined || typeof value.variant === 'string')
  );
}
