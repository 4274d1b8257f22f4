/**
 * "word-limited-textarea": a textarea with a remaining-words counter. ui:options `maxWords`,
 * `maxChars`. Typing past a full limit is ignored, a long paste keeps the words that fit
 * (`nextWithinWordLimit`).
 *
 * Like the form's other text fields (deferred-input-template.tsx) the text belongs to the browser
 * while the applicant types and reaches the form when typing pauses: a key re-renders this widget
 * only when the number of words changes (the counter), never the whole form.
 */
import { memo, useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from '../translation';
import { countWords, nextWithinWordLimit } from '../../core/word-limit';
import { useDeferredEdit } from '../deferred-input-template';
import { readFormContext } from '../form-context';
import { TextInput } from '../text-input';

function readLimit(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

function WordLimitedTextareaWidgetImpl(props: WidgetProps) {
  const { t } = useTranslation();
  const { id, value, onChange, onBlur, onFocus, label, hideLabel, required, disabled, readonly, rawErrors } = props;
  const { options, placeholder, registry } = props;
  const maxWords = readLimit(options.maxWords) ?? Number.MAX_SAFE_INTEGER;
  const maxChars = readLimit(options.maxChars) ?? Number.MAX_SAFE_INTEGER;
  const hasWordLimit = maxWords !== Number.MAX_SAFE_INTEGER;
  const text = typeof value === 'string' ? value : '';
  // The text last accepted (what the limit compares an edit with) and its number of words.
  const accepted = useRef(text);
  const [words, setWords] = useState(() => countWords(text));
  const editedRef = useRef<() => void>(() => {});
  /** An edit of the field: the limit applied, the words counted, the pause started. */
  const applyEdit = useCallback(
    (field: HTMLInputElement | HTMLTextAreaElement) => {
      const next = nextWithinWordLimit(accepted.current, field.value, maxWords, maxChars);
      if (next !== field.value) {
        // Put the caret back where the refused characters started.
        const caret = Math.max(0, (field.selectionStart ?? next.length) - (field.value.length - next.length));
        field.value = next;
        field.setSelectionRange(caret, caret);
      }
      accepted.current = next;
      setWords(countWords(next));
      editedRef.current();
    },
    [maxWords, maxChars],
  );
  const edit = useDeferredEdit({
    value,
    onChange,
    emptyValue: options.emptyValue,
    numeric: false,
    pendingEdits: readFormContext(registry.formContext).pendingEdits,
    onTyping: applyEdit,
  });
  const { inputRef, attachInput, edited, flush, generation } = edit;
  editedRef.current = edited;
  useEffect(() => {
    // Remounted with a value from outside: count that one.
    accepted.current = inputRef.current?.value ?? '';
    setWords(countWords(accepted.current));
  }, [generation, inputRef]);

  const handleChange = useCallback(
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => applyEdit(event.target),
    [applyEdit],
  );

  const counterId = `${id}__counter`;
  return (
    <TextInput
      key={generation}
      inputRef={attachInput}
      id={id}
      name={id}
      label={hideLabel ? undefined : label}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      multiline
      // A fixed number of rows (the text scrolls): a growing box measures itself on every key, which
      // forces a layout of the whole page, and the audit form is the largest page of the portal.
      rows={typeof options.rows === 'number' ? options.rows : 6}
      fullWidth
      error={Boolean(rawErrors?.length)}
      onChange={handleChange}
      onBlur={(event) => {
        flush();
        onBlur(id, event.target.value);
      }}
      onFocus={(event) => onFocus(id, event.target.value)}
      autoFocus={edit.refocus}
      helperText={hasWordLimit ? t('widget.wordsRemaining', { count: Math.max(0, maxWords - words) }) : undefined}
      slotProps={{
        htmlInput: { readOnly: readonly, 'aria-describedby': hasWordLimit ? counterId : undefined },
        formHelperText: { id: counterId, 'aria-live': 'polite' } as Record<string, unknown>,
      }}
    />
  );
}

export const WordLimitedTextareaWidget = memo(WordLimitedTextareaWidgetImpl);
