/**
 * An outlined text field: MUI's TextField for typed text, without its `select` mode. TextField
 * imports Select, and with it Menu, Popover, Modal and two more input variants (about 15 KB gzip)
 * that a text box never uses; this composes the same parts (FormControl, InputLabel, OutlinedInput,
 * FormHelperText) with the same ids and ARIA, so the sign-in pages and the wizard's text fields
 * ship only what they render. Choices use TextField's `select` or the engine's own select widgets.
 *
 * A multiline box is a native <textarea>: MUI's TextareaAutosize measures each one through a hidden
 * twin, a forced layout of the page per area when a form opens and on every key. `rows` fixes its
 * height as before; `minRows` lets it grow with its text through CSS (`field-sizing: content`), and
 * where a browser lacks that it keeps `minRows` lines and scrolls.
 */
import {
  useId,
  type ChangeEventHandler,
  type FocusEventHandler,
  type KeyboardEventHandler,
  type ReactNode,
  type Ref,
} from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import type { SxProps, Theme } from '@mui/material/styles';

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

/** The props of TextField a text box uses, with the same meaning. */
export interface TextInputProps {
  id?: string;
  name?: string;
  label?: ReactNode;
  helperText?: ReactNode;
  placeholder?: string;
  type?: string;
  value?: unknown;
  onChange?: ChangeEventHandler<FieldElement>;
  onBlur?: FocusEventHandler<FieldElement>;
  onFocus?: FocusEventHandler<FieldElement>;
  onKeyDown?: KeyboardEventHandler<FieldElement>;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  fullWidth?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  multiline?: boolean;
  rows?: number;
  minRows?: number;
  inputRef?: Ref<FieldElement>;
  /** Ids of more descriptions of the input, read after its helper text. */
  'aria-describedby'?: string;
  margin?: 'none' | 'dense' | 'normal';
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  slotProps?: {
    htmlInput?: InputBaseComponentProps;
    inputLabel?: Partial<InputLabelProps>;
    formHelperText?: Partial<FormHelperTextProps> & Record<string, unknown>;
    /** Props of the OutlinedInput itself (an adornment). */
    input?: Partial<OutlinedInputProps>;
  };
}

/** MUI's line height of an input, in em: a textarea's `minRows` lines. */
const LINE_HEIGHT_EM = 1.4375;

/** The OutlinedInput props of a native textarea of `rows` lines, or growing from `minRows`. */
function textareaProps(rows: number | undefined, minRows: number | undefined): Partial<OutlinedInputProps> {
  const lines = rows ?? minRows ?? 1;
  return {
    multiline: true,
    inputComponent: 'textarea',
    rows: lines,
    sx: rows ? undefined : { '& textarea': { fieldSizing: 'content', minHeight: `${lines * LINE_HEIGHT_EM}em` } },
  };
}

/** An outlined text box with its label and helper text (see the module's comment for why not TextField). */
export function TextInput(props: TextInputProps) {
  const {
    id: givenId,
    label,
    helperText,
    slotProps = {},
    fullWidth,
    required,
    disabled,
    error,
    margin,
    size,
    sx,
    'aria-describedby': moreDescriptions,
    multiline,
    rows,
    minRows,
    // The rest (name, type, value, handlers, autoComplete...) are the input's own, as in TextField.
    ...inputProps
  } = props;
  const ownId = useId();
  const id = givenId ?? ownId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  const describedBy = [helperTextId, moreDescriptions].filter(Boolean).join(' ') || undefined;
  return (
    <FormControl
      fullWidth={fullWidth}
      required={required}
      disabled={disabled}
      error={error}
      margin={margin}
      size={size}
      sx={sx}
    >
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`} {...slotProps.inputLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        {...inputProps}
        {...(multiline ? textareaProps(rows, minRows) : undefined)}
        id={id}
        label={hasLabel ? label : undefined}
        notched={slotProps.inputLabel?.shrink}
        fullWidth={fullWidth}
        // InputBase gives its element type="text" unless told otherwise, which a textarea has no use for.
        inputProps={{ 'aria-describedby': describedBy, ...(multiline && { type: undefined }), ...slotProps.htmlInput }}
        {...slotProps.input}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...slotProps.formHelperText}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
