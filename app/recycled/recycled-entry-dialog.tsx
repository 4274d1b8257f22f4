import { useEffect, useState, type FormEvent } from 'react';
import { Alert, InputAdornment, Link, MenuItem, Stack, TextField } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { currentMonth, monthProblem, type Company } from '../../engine/core';
import { useTranslation, useApiMutation, TextInput } from '../../engine/react';
import { toReportMonth } from './recycled-data';
import { ErrorSummary, messageText, type FieldMessage } from '../components/error-summary';
import { FormDialog } from '../components/form-dialog';

/** The API path of a client's reports (GET), which a saved entry changes. */
export function recycledEntriesPath(clientId: number): string {
  return `clients/report/recycled-quantity/${clientId}`;
}

/** A company to report for: what the dialog reads of the client's companies (GET companies/{clientId}). */
export type ReportingCompany = Pick<Company, 'id' | 'name'>;

interface EntryValues {
  company_id: string;
  month: string;
  quantity: string;
}

const EMPTY: EntryValues = { company_id: '', month: '', quantity: '' };

type EntryErrors = Partial<Record<keyof EntryValues, FieldMessage>>;

/** The id of a field's control (the error summary links to it). */
const fieldId = (field: string) => `recycled-${field}`;

/**
 * Company required; month as YYYY-MM from January 2000 to the current month, judged and told as the
 * API does (engine/core/month-range.ts: a month out of range is told the range); quantity a number of
 * kilograms above 0. Messages as i18n keys.
 */
export function validateEntry(values: EntryValues, now: Date = new Date()): EntryErrors {
  const errors: EntryErrors = {};
  if (!values.company_id) errors.company_id = 'validation.required';
  const month = values.month.trim() ? monthProblem(values.month, { now }) : undefined;
  if (!values.month.trim()) errors.month = 'validation.required';
  else if (month?.kind === 'range')
    errors.month = { key: 'recycled.errors.range', values: { from: month.from, to: month.to } };
  else if (month) errors.month = `recycled.errors.${month.kind === 'format' ? 'month' : 'future'}`;
  const quantity = values.quantity.trim();
  if (!quantity) errors.quantity = 'validation.required';
  else if (!/^\d+(\.\d+)?$/.test(quantity) || !(Number(quantity) > 0)) errors.quantity = 'recycled.errors.quantity';
  return errors;
}

/**
 * Add Entry: company, month, quantity in kg; POST clients/report/recycled-quantity. A failure shows
 * nothing (spec 01 section 8) but keeps the dialog open with what was typed, and is logged. The
 * server keeps one report per company and month: a second one for the same month corrects it, and
 * `onSaved(true)` says so.
 */
export function RecycledEntryDialog({
  open,
  clientId,
  companies,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** Whose reports a save changes. */
  clientId: number;
  companies: readonly ReportingCompany[];
  onClose: () => void;
  onSaved: (updated: boolean) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<EntryValues>(EMPTY);
  const [touched, setTouched] = useState(false);
  // Counts refused submits: each one moves the focus to the error summary.
  const [refusals, setRefusals] = useState(0);
  const [saveError, setSaveError] = useState<string | null>(null);
  const { send, busy } = useApiMutation<{ updated?: boolean }>({ invalidates: [recycledEntriesPath(clientId)] });

  // Every opening starts blank; a failed save does not close, so its values stay.
  useEffect(() => {
    if (!open) return;
    setValues(EMPTY);
    setTouched(false);
    setSaveError(null);
  }, [open]);

  const errors = touched ? validateEntry(values) : {};
  const set = (field: keyof EntryValues) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(validateEntry(values)).length > 0) {
      setRefusals((n) => n + 1);
      return;
    }
    setSaveError(null);
    const result = await send({
      method: 'POST',
      path: 'clients/report/recycled-quantity',
      body: {
        company_id: Number(values.company_id),
        report_month: toReportMonth(values.month),
        quantity: Number(values.quantity.trim()),
      },
    });
    if (!result.ok) {
      // The dialog stays open with what was typed, and says why.
      setSaveError(result.error);
      return;
    }
    onSaved(result.data?.updated === true);
  };

  const helper = (field: keyof EntryValues) => {
    const error = errors[field];
    return { error: Boolean(error), helperText: error ? messageText(t, error) : undefined };
  };

  return (
    <FormDialog
      open={open}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      titleId="recycled-dialog-title"
      title={t('recycled.dialog.title')}
      submitLabel={busy ? t('recycled.dialog.saving') : t('recycled.dialog.save')}
      maxWidth="sm"
    >
      <ErrorSummary
        errors={errors}
        labels={{
          company_id: t('recycled.dialog.company'),
          month: t('recycled.dialog.month'),
          quantity: t('recycled.dialog.quantity'),
        }}
        idOf={fieldId}
        attempt={refusals}
      />
      {saveError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {saveError}
        </Alert>
      )}
      <Stack spacing={2}>
        {companies.length === 0 && (
          <Alert severity="info">
            {t('recycled.dialog.noCompanies')}{' '}
            <Link component={RouterLink} to="/companies">
              {t('recycled.dialog.companiesLink')}
            </Link>
          </Alert>
        )}
        <TextField
          select
          id={fieldId('company_id')}
          label={t('recycled.dialog.company')}
          name="company_id"
          required
          value={companies.some((c) => String(c.id) === values.company_id) ? values.company_id : ''}
          onChange={(e) => set('company_id')(e.target.value)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          fullWidth
          {...helper('company_id')}
        >
          <MenuItem value="">{t('common.select')}</MenuItem>
          {companies.map((company) => (
            <MenuItem key={company.id} value={String(company.id)}>
              {company.name}
            </MenuItem>
          ))}
        </TextField>
        <TextInput
          id={fieldId('month')}
          label={t('recycled.dialog.month')}
          name="report_month"
          type="month"
          required
          value={values.month}
          onChange={(e) => set('month')(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { placeholder: 'YYYY-MM', max: currentMonth() } }}
          fullWidth
          {...helper('month')}
        />
        <TextInput
          id={fieldId('quantity')}
          label={t('recycled.dialog.quantity')}
          name="quantity"
          type="number"
          required
          value={values.quantity}
          onChange={(e) => set('quantity')(e.target.value)}
          slotProps={{
            htmlInput: { min: 0, step: 'any', inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">kg</InputAdornment> },
          }}
          fullWidth
          {...helper('quantity')}
        />
      </Stack>
    </FormDialog>
  );
}
