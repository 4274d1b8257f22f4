/**
 * The text inputs of the form (text, number, email, date, textarea: everything RJSF renders through
 * `BaseInputTemplate`) are uncontrolled while the applicant types: the browser holds the text, and
 * the form receives it when typing pauses, when the field loses focus, and before the wizard
 * validates or reads the data.
 *
 * Why: RJSF keeps the whole form's data in one state, so every change re-renders every field, and a
 * controlled MUI text field re-renders itself on every key too; typed straight into both, each
 * keystroke of a large form costs a few times what a plain input does. Here a keystroke renders
 * nothing, and inside the portal's form area it does not even go through React's event system
 * (quiet-typing.ts); the form catches up once per pause.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type MutableRefObject,
  type RefCallback,
} from 'react';
import { Templates } from '@rjsf/mui';
import {
  ariaDescribedByIds,
  getInputProps,
  labelValue,
  type BaseInputTemplateProps,
  type RJSFSchema,
} from '@rjsf/utils';
import { readFormContext, type FormData, type ServiceFormContext } from './form-context';
import { quietTyping, type TypingHandler } from './quiet-typing';
import { TextInput } from './text-input';
import { useLengthCounter } from './length-counter';

/** Typing pause after which the value is handed to the form. */
export const COMMIT_DELAY_MS = 250;

type Props = BaseInputTemplateProps<FormData, RJSFSchema, ServiceFormContext> & { multiline?: boolean; rows?: number };

const MuiBaseInputTemplate = Templates.BaseInputTemplate as NonNullable<typeof Templates.BaseInputTemplate>;
const TYPES_THAT_SHRINK_LABEL = ['date', 'datetime-local', 'file', 'time'];
/** Input types whose value is no free text: `maxlength` does not apply to them. */
const TYPES_WITHOUT_LENGTH = new Set([
  'number',
  'range',
  'date',
  'datetime-local',
  'time',
  'month',
  'week',
  'color',
  'file',
]);

/** The schema's `maxLength` of a field typed as text, which the field holds and counts down near its end. */
function textLimit(schema: RJSFSchema, type: string | undefined): number | undefined {
  const max = schema.maxLength;
  return typeof max === 'number' && max > 0 && !TYPES_WITHOUT_LENGTH.has(type ?? 'text') ? max : undefined;
}

/**
 * A bound the input element can hold: a rule between fields (`"minimum": { "$data": "1/adults" }`)
 * is the validator's to judge, not an attribute ('[object Object]').
 */
const attributeBound = (bound: unknown) => (typeof bound === 'number' || typeof bound === 'string' ? bound : undefined);

/** Text as the input shows a form value. */
const shownText = (value: unknown): string => (value || value === 0 ? String(value) : '');

/** Whether the form's value is what the input shows (numbers compare as numbers: "2.50" is 2.5). */
function sameValue(formValue: unknown, text: string, numeric: boolean): boolean {
  if (numeric && text.trim() !== '' && typeof formValue === 'number') return Number(text) === formValue;
  return shownText(formValue) === text;
}

export function DeferredInputTemplate(props: Props) {
  // Inputs with their own change handling (files) and inputs with examples stay as RJSF renders them.
  if (props.onChangeOverride || props.schema.examples) return <MuiBaseInputTemplate {...props} />;
  return <UncontrolledInput {...props} />;
}

/** What a deferred text field needs from `useDeferredEdit`. */
export interface DeferredEdit {
  /** The field's element, to read what it shows. */
  inputRef: MutableRefObject<HTMLInputElement | HTMLTextAreaElement | null>;
  /**
   * The field's `inputRef`: it also writes the form's value into a new element, once, when the element
   * is attached; after that the element's text is the applicant's until the field remounts.
   */
  attachInput: RefCallback<HTMLInputElement | HTMLTextAreaElement>;
  /** Changes when the form's value changed from outside: the field remounts (as its `key`) showing it. */
  generation: number;
  /** The field had the focus when it was remounted, so it takes it back. */
  refocus: boolean;
  /** Call on every edit: the value goes to the form once typing pauses. */
  edited: () => void;
  /** Hands the pending edit to the form now (on blur). */
  flush: () => void;
}

/**
 * The text a field shows belongs to the browser while the applicant types; this hands it to the form
 * after a pause (`COMMIT_DELAY_MS`), on `flush`, before the wizard validates (through the form
 * context's `pendingEdits`) and when the field unmounts. A value set from outside (another widget
 * filling the field, a reset) remounts the field with it.
 */
export function useDeferredEdit(options: {
  value: unknown;
  onChange: (value: unknown) => void;
  emptyValue: unknown;
  numeric: boolean;
  pendingEdits: ServiceFormContext['pendingEdits'] | undefined;
  /**
   * What an edit of the field does besides starting the pause (a word limit, a counter); the field's
   * React onChange must do the same. Inside the portal's form area keys reach it without React
   * (quiet-typing.ts).
   */
  onTyping?: TypingHandler;
}): DeferredEdit {
  const { value, emptyValue, numeric, pendingEdits } = options;
  const inputRef = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const valueRef = useRef(value);
  valueRef.current = value;
  const typing = useRef<TypingHandler | undefined>(undefined);
  const stopQuietTyping = useRef<(() => void) | undefined>(undefined);
  const attachInput = useCallback((element: HTMLInputElement | HTMLTextAreaElement | null) => {
    // Attached before the element's own layout effects run (MUI sizes a textarea by its text).
    if (element && element !== inputRef.current) element.value = shownText(valueRef.current);
    if (element !== inputRef.current) {
      stopQuietTyping.current?.();
      stopQuietTyping.current = element ? quietTyping(element, (field) => typing.current?.(field)) : undefined;
    }
    inputRef.current = element;
  }, []);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onChangeRef = useRef(options.onChange);
  onChangeRef.current = options.onChange;
  const [generation, setGeneration] = useState(0);
  const refocus = useRef(false);

  const flush = useCallback(() => {
    if (timer.current === null) return;
    clearTimeout(timer.current);
    timer.current = null;
    const text = inputRef.current?.value ?? '';
    onChangeRef.current(text === '' ? emptyValue : text);
  }, [emptyValue]);

  useEffect(() => {
    const text = inputRef.current?.value ?? '';
    if (timer.current !== null || sameValue(value, text, numeric)) return;
    refocus.current = typeof document !== 'undefined' && document.activeElement === inputRef.current;
    setGeneration((n) => n + 1);
  }, [value, numeric]);

  // The wizard flushes every pending edit before it validates; an unmounted field hands over its last edit.
  useEffect(() => {
    const remove = pendingEdits?.add(flush);
    return () => {
      remove?.();
      flush();
    };
  }, [pendingEdits, flush]);

  const edited = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    // The first key since the form last got the text: the form is told the field holds an edit (the
    // draft's note turns to "unsaved") without receiving it, so nothing re-renders per key.
    else pendingEdits?.editing();
    timer.current = setTimeout(flush, COMMIT_DELAY_MS);
  }, [flush, pendingEdits]);
  const onTyping = options.onTyping;
  typing.current = onTyping ?? edited;

  return { inputRef, attachInput, generation, refocus: generation > 0 && refocus.current, edited, flush };
}

function UncontrolledInput(props: Props) {
  const { id, htmlName, placeholder, required, readonly, disabled, type, label, hideLabel, value, onChange } = props;
  const { onBlur, onFocus, autofocus, options, schema, rawErrors = [], registry, multiline, rows } = props;
  const { pendingEdits, announce } = readFormContext(registry.formContext);
  // Per schema, type and options, not per render: for a number, RJSF builds a locale's number
  // format to find its decimal separator.
  const { step, min, max, accept, autoCapitalize, ...rest } = useMemo(
    () => getInputProps<FormData, RJSFSchema, ServiceFormContext>(schema, type, options),
    [schema, type, options],
  );
  const maxLength = textLimit(schema, rest.type);
  const { element: counter, show: showCount, text: countOf } = useLengthCounter(maxLength);
  const editedRef = useRef<() => void>(() => {});
  /** An edit of a field with a limit: the counter updated (in place), the pause started. */
  const countEdit = useCallback(
    (field: HTMLInputElement | HTMLTextAreaElement) => {
      showCount(field);
      editedRef.current();
    },
    [showCount],
  );
  // Near its limit, the count is said when typing pauses (the value reaches the form) in the field
  // that has the focus; not when the value is handed over as the field is left.
  const handOver = useCallback(
    (next: unknown) => {
      onChange(next);
      const field = typeof document === 'undefined' ? null : document.activeElement;
      if (maxLength === undefined || !field || field.id !== id) return;
      const count = countOf(field as HTMLInputElement | HTMLTextAreaElement);
      if (count) announce?.(count);
    },
    [onChange, maxLength, id, countOf, announce],
  );
  const edit = useDeferredEdit({
    value,
    onChange: handOver,
    emptyValue: options.emptyValue,
    numeric: schema.type === 'number' || schema.type === 'integer',
    pendingEdits,
    onTyping: maxLength === undefined ? undefined : countEdit,
  });
  editedRef.current = edit.edited;
  const { inputRef, generation } = edit;
  // A new element (the field remounted with a value from outside), or a new language: counted again.
  useLayoutEffect(() => {
    if (inputRef.current) showCount(inputRef.current);
  }, [generation, inputRef, showCount]);
  const { flush } = edit;
  const handleBlur = useCallback(
    (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      flush();
      onBlur(id, event.target.value);
    },
    [flush, onBlur, id],
  );
  const handleFocus = useCallback(
    (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onFocus(id, event.target.value),
    [onFocus, id],
  );

  return (
    <TextInput
      key={edit.generation}
      inputRef={edit.attachInput}
      id={id}
      name={htmlName || id}
      placeholder={placeholder}
      label={labelValue(label || undefined, hideLabel, undefined)}
      autoFocus={autofocus || edit.refocus}
      helperText={counter}
      required={required}
      disabled={disabled || readonly}
      multiline={multiline}
      rows={rows}
      {...rest}
      error={rawErrors.length > 0}
      onChange={maxLength === undefined ? edit.edited : (event) => countEdit(event.target)}
      onBlur={handleBlur}
      onFocus={handleFocus}
      aria-describedby={ariaDescribedByIds(id, false)}
      slotProps={{
        htmlInput: {
          step,
          min: attributeBound(min),
          max: attributeBound(max),
          accept,
          maxLength,
          ...(autoCapitalize === undefined ? {} : { autoCapitalize }),
        },
        inputLabel: TYPES_THAT_SHRINK_LABEL.includes(type ?? '') ? { shrink: true } : undefined,
        // Hidden while the counter is empty (far from the limit); the counter shows it (length-counter.tsx).
        formHelperText: counter ? { hidden: true } : undefined,
      }}
    />
  );
}
