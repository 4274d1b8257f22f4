/**
 * The remaining length of a text field near its `maxLength` (engine/core/length-limit.ts), under the
 * field: "Characters left: 12 of 2000". The field's element holds the limit as `maxlength`, so typing
 * stops at it, and the counter says why.
 *
 * The text fields render nothing per key (deferred-input-template.tsx), so neither
 * does the counter: each key reads the text's length, and only near the limit writes the counter's
 * text in place, into an element React renders empty and never fills. A screen reader hears the
 * count when typing pauses (the form's status region), not at every key.
 */
import { useCallback, useRef, type ReactElement } from 'react';
import { remainingNearLimit } from '../core/length-limit';
import { useTranslation } from './translation';

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

export interface LengthCounter {
  /** The counter to render as the field's helper text (inside a helper text rendered `hidden`); none without a limit. */
  element: ReactElement | undefined;
  /** Shows the count for what `field` holds (on every edit: cheap far from the limit). */
  show(field: FieldElement): void;
  /** The count for what `field` holds, '' far from the limit. */
  text(field: FieldElement): string;
}

/** The counter of a field whose text is at most `maxLength` characters (undefined: no limit, no counter). */
export function useLengthCounter(maxLength: number | undefined): LengthCounter {
  const { t } = useTranslation();
  const ref = useRef<HTMLSpanElement>(null);
  const text = useCallback(
    (field: FieldElement): string => {
      if (maxLength === undefined) return '';
      const left = remainingNearLimit(field.value.length, maxLength);
      if (left === undefined) return '';
      return left >= 0
        ? t('widget.charactersLeft', { left, max: maxLength })
        : t('widget.charactersOver', { over: -left, max: maxLength });
    },
    [t, maxLength],
  );
  const show = useCallback(
    (field: FieldElement) => {
      const counter = ref.current;
      if (!counter) return;
      const now = text(field);
      if (now === counter.textContent) return;
      counter.textContent = now;
      // The helper text around it takes no room while it is empty.
      if (counter.parentElement) counter.parentElement.hidden = now === '';
    },
    [text],
  );
  return { element: maxLength === undefined ? undefined : <span ref={ref} />, show, text };
}
