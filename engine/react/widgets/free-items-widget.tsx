/**
 * "free-items": free-text items shown as chips; the value is an array of strings. Names are trimmed
 * and empty or duplicate names (ignoring case) are not added (spec 01 section 5).
 *
 * The name being typed is the browser's until Add (or Enter) reads it: the box is uncontrolled, so
 * typing re-renders nothing, and inside the portal's form area its keys skip React (quiet-typing.ts;
 * elsewhere its onChange does the same as the quiet handler); an added name empties the box
 * by drawing a new one, which keeps the focus when it had it.
 */
import { memo, useCallback, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from '../translation';
import { quietTyping } from '../quiet-typing';
import { TextInput } from '../text-input';

export type AddItemResult = { ok: true; items: string[] } | { ok: false; reason: 'empty' | 'duplicate' };

/** Adds `name` to `items` after trimming; refuses empty and duplicate (case-insensitive) names. */
export function addFreeItem(items: readonly string[], name: string): AddItemResult {
  const trimmed = name.trim();
  if (!trimmed) return { ok: false, reason: 'empty' };
  const lower = trimmed.toLowerCase();
  if (items.some((item) => item.trim().toLowerCase() === lower)) return { ok: false, reason: 'duplicate' };
  return { ok: true, items: [...items, trimmed] };
}

function FreeItemsWidgetImpl(props: WidgetProps) {
  const { t } = useTranslation();
  const { id, value, onChange, label, hideLabel, disabled, readonly, rawErrors } = props;
  const items: string[] = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  const [problem, setProblem] = useState<'empty' | 'duplicate' | null>(null);
  // A new box for each added name; `refocus` when the box had the focus.
  const [box, setBox] = useState({ generation: 0, refocus: false });
  const inactive = disabled || readonly;
  const draft = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const stopQuietTyping = useRef<(() => void) | undefined>(undefined);
  const clearProblem = useCallback(() => setProblem(null), []);
  const attach = useCallback(
    (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      if (element === draft.current) return;
      stopQuietTyping.current?.();
      stopQuietTyping.current = element ? quietTyping(element, clearProblem) : undefined;
      draft.current = element;
    },
    [clearProblem],
  );

  const add = () => {
    const result = addFreeItem(items, draft.current?.value ?? '');
    if (!result.ok) {
      setProblem(result.reason);
      return;
    }
    setProblem(null);
    setBox(({ generation }) => ({ generation: generation + 1, refocus: document.activeElement === draft.current }));
    onChange(result.items);
  };
  const remove = (index: number) => {
    const next = items.filter((_, i) => i !== index);
    onChange(next.length ? next : []);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Enter adds the item instead of submitting the form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  const helperId = `${id}__problem`;

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextInput
          key={box.generation}
          inputRef={attach}
          autoFocus={box.refocus}
          id={id}
          label={hideLabel ? t('widget.freeItems.add') : label}
          disabled={inactive}
          size="small"
          fullWidth
          error={Boolean(problem) || Boolean(rawErrors?.length)}
          onChange={clearProblem}
          onKeyDown={onKeyDown}
          slotProps={{ htmlInput: { 'aria-describedby': problem ? helperId : undefined } }}
        />
        <Button variant="outlined" onClick={add} disabled={inactive}>
          {t('widget.freeItems.add')}
        </Button>
      </Stack>
      {problem ? (
        <FormHelperText id={helperId} error role="alert">
          {t(problem === 'empty' ? 'widget.freeItems.empty' : 'widget.freeItems.duplicate')}
        </FormHelperText>
      ) : null}
      <Box
        component="ul"
        aria-label={t('widget.freeItems.list', { label })}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 1 }}
      >
        {items.map((item, index) => (
          <li key={item}>
            <Chip label={item} onDelete={inactive ? undefined : () => remove(index)} />
          </li>
        ))}
      </Box>
    </Box>
  );
}

export const FreeItemsWidget = memo(FreeItemsWidgetImpl);
