/**
 * Pieces shared by the custom widgets: a native select on MUI (keyboard accessible, cheap to render,
 * labelled), the loading and error states of remote options, and value coercion to the schema type.
 */
import { memo, type ChangeEvent, type FocusEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../translation';
import type { RJSFSchema } from '@rjsf/utils';

export interface SelectOption {
  value: string | number | boolean;
  label: string;
  /** The name a lookup writes to its name field when it differs from the shown label (a translated one). */
  name?: string;
}

/** Gives an option value the JSON type the schema expects (ids come from the API as numbers). */
export function coerceToSchema(value: unknown, schema: RJSFSchema): unknown {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (value === undefined || value === null || value === '') return undefined;
  if (type === 'string') return String(value);
  if ((type === 'integer' || type === 'number') && typeof value === 'string') {
    const n = Number(value);
    return Number.isFinite(n) ? n : value;
  }
  return value;
}

/** Reads a string-keyed option of `ui:options`. */
export function optionString(options: Record<string, unknown>, key: string): string | undefined {
  const value = options[key];
  return typeof value === 'string' && value ? value : undefined;
}

export interface NativeSelectProps {
  id: string;
  label: string;
  value: unknown;
  options: SelectOption[];
  required?: boolean;
  disabled?: boolean;
  hasError?: boolean;
  loading?: boolean;
  loadError?: string | null;
  onRetry?: () => void;
  onSelect: (option: SelectOption | undefined) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

export const NativeSelect = memo(function NativeSelect(props: NativeSelectProps) {
  const { t } = useTranslation();
  const {
    id,
    label,
    value,
    options,
    required,
    disabled,
    hasError,
    loading,
    loadError,
    onRetry,
    onSelect,
    onBlur,
    onFocus,
  } = props;
  const selected = value === undefined || value === null ? '' : String(value);
  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const raw = event.target.value;
    onSelect(options.find((option) => String(option.value) === raw));
  };
  const helperId = `${id}__status`;
  return (
    <Box>
      <TextField
        id={id}
        name={id}
        select
        fullWidth
        label={label}
        value={selected}
        required={required}
        disabled={disabled}
        error={hasError || Boolean(loadError)}
        onChange={handleChange}
        onBlur={onBlur}
        onFocus={onFocus}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: {
            'aria-describedby': loading || loadError ? helperId : undefined,
            'aria-busy': loading || undefined,
          },
        }}
      >
        <option value="">{loading ? t('widget.loading') : t('widget.select')}</option>
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </TextField>
      <ListStatus id={helperId} loading={loading} error={loadError} onRetry={onRetry} />
    </Box>
  );
});

/**
 * What a widget's list of options is doing: loading (announced), or failed with the reason and a
 * Retry button; nothing once it is there.
 */
export function ListStatus({
  id,
  loading,
  error,
  onRetry,
}: {
  id?: string;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  if (loading)
    return (
      <FormHelperText id={id} role="status">
        <CircularProgress size={12} sx={{ mr: 1 }} aria-hidden />
        {t('widget.loadingOptions')}
      </FormHelperText>
    );
  if (!error) return null;
  return (
    <FormHelperText id={id} error role="alert">
      {t('widget.loadFailed', { error })}
      {onRetry ? (
        <Button size="small" onClick={onRetry} sx={{ ml: 1 }}>
          {t('widget.retry')}
        </Button>
      ) : null}
    </FormHelperText>
  );
}
