/**
 * "word-limited-textarea": a textarea with a remaining-words counter. ui:options `maxWords`,
 * `maxChars`. Input that would go past the limit is cut back to it, so extra words are ignored
 * (and a long paste keeps the words that fit).
 */
import { memo } from 'react';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { clampToWordLimit, countWords } from '../../core/word-limit';

function readLimit(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

function WordLimitedTextareaWidgetImpl(props: WidgetProps) {
  const { t } = useTranslation();
  const {
    id,
    value,
    onChange,
    onBlur,
    onFocus,
    label,
    hideLabel,
    required,
    disabled,
    readonly,
    rawErrors,
    options,
    placeholder,
  } = props;
  const maxWords = readLimit(options.maxWords) ?? Number.MAX_SAFE_INTEGER;
  const maxChars = readLimit(options.maxChars) ?? Number.MAX_SAFE_INTEGER;
  const text = typeof value === 'string' ? value : '';
  const remaining = Math.max(0, maxWords - countWords(text));
  const counterId = `${id}__counter`;
  const hasWordLimit = maxWords !== Number.MAX_SAFE_INTEGER;
  return (
    <TextField
      id={id}
      name={id}
      label={hideLabel ? undefined : label}
      value={text}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      multiline
      minRows={typeof options.rows === 'number' ? options.rows : 4}
      fullWidth
      error={Boolean(rawErrors?.length)}
      onChange={(event) => {
        const next = clampToWordLimit(event.target.value, maxWords, maxChars);
        onChange(next === '' ? options.emptyValue : next);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      helperText={hasWordLimit ? t('widget.wordsRemaining', { count: remaining }) : undefined}
      slotProps={{
        htmlInput: { readOnly: readonly, 'aria-describedby': hasWordLimit ? counterId : undefined },
        formHelperText: { id: counterId, 'aria-live': 'polite' } as Record<string, unknown>,
      }}
    />
  );
}

export const WordLimitedTextareaWidget = memo(WordLimitedTextareaWidgetImpl);
