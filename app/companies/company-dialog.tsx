import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Grid,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useTranslation, listOf, useApiMutation, useApiQuery, TextInput } from '../../engine/react';
import type { Company } from '../../engine/core';
import { ErrorSummary } from '../components/error-summary';
import { FormDialog } from '../components/form-dialog';
import {
  companiesPath,
  companyBody,
  EMPTY_COMPANY,
  companyToForm,
  validateCompany,
  type CompanyField,
  type CompanyFormValues,
} from './company-form';
import { LocationSelects, type NamedOption } from './location-selects';

/** The label (catalogue key) of each field the form checks: the error summary's, and the details'. */
export const LABEL_KEYS: Partial<Record<CompanyField, string>> = {
  name: 'companies.fields.name',
  company_category_id: 'companies.fields.category',
  type_registration: 'companies.fields.typeRegistration',
  tin: 'companies.fields.tin',
  telephone: 'companies.fields.telephone',
  email: 'companies.fields.email',
  activities: 'companies.fields.activities',
  address: 'companies.fields.address',
  contact_person_name: 'companies.fields.contactName',
  contact_person_job_title: 'companies.fields.contactJobTitle',
  contact_person_phone: 'companies.fields.contactPhone',
  contact_person_email: 'companies.fields.contactEmail',
  requests_single_use: 'companies.fields.singleUse',
  avgMonthlyPlasticQuantity: 'companies.fields.avgQuantity',
};

const NO_CATEGORIES: NamedOption[] = [];

/** The company categories (reference data: read once while the page lives), from when `enabled`. */
export function useCompanyCategories(enabled: boolean): NamedOption[] {
  return (
    useApiQuery<unknown, NamedOption[]>(enabled ? 'company-categories' : null, {
      staleTime: Infinity,
      select: listOf<NamedOption>,
    }).data ?? NO_CATEGORIES
  );
}

/** The id of a field's control (the error summary links to it). */
const fieldId = (field: string) => `company-${field}`;

/**
 * Registration types offered: the stored value is the English name whatever the interface language,
 * the label is translated. A stored value outside the list is kept as an extra option.
 */
export const REGISTRATION_TYPES = [
  { value: 'Company', key: 'company' },
  { value: 'Cooperative', key: 'cooperative' },
  { value: 'NGO', key: 'ngo' },
  { value: 'Government institution', key: 'government' },
  { value: 'Individual business', key: 'individual' },
] as const;

/** Add (company undefined) or edit a company. A failure keeps what was typed. */
export function CompanyDialog({
  open,
  company,
  clientId,
  onClose,
  onSaved,
}: {
  open: boolean;
  company?: Company;
  clientId: number;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<CompanyFormValues>(EMPTY_COMPANY);
  const [touched, setTouched] = useState(false);
  const [failed, setFailed] = useState(false);
  // Reference data: read once while the page lives, when the dialog first opens.
  const categories = useCompanyCategories(open);
  // A saved company changes the client's list, wherever it is shown.
  const { send, busy } = useApiMutation({ invalidates: [companiesPath(clientId)] });

  useEffect(() => {
    if (!open) return;
    setValues(company ? companyToForm(company) : EMPTY_COMPANY);
    setTouched(false);
    setFailed(false);
  }, [open, company]);

  const errors = touched ? validateCompany(values) : {};
  // Counts refused submits: each one moves the focus to the error summary.
  const [refusals, setRefusals] = useState(0);
  const labels = Object.fromEntries(Object.entries(LABEL_KEYS).map(([field, key]) => [field, t(key)]));
  const set = (field: CompanyField, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(validateCompany(values)).length > 0) {
      setRefusals((n) => n + 1);
      return;
    }
    setFailed(false);
    const body = companyBody(values, clientId);
    const result = await send(
      company ? { method: 'PUT', path: `companies/${company.id}`, body } : { method: 'POST', path: 'companies', body },
    );
    if (!result.ok) {
      setFailed(true);
      return;
    }
    onSaved(company ? t('companies.updated') : t('companies.registered'));
  };

  const input = (
    field: CompanyField,
    label: string,
    options: { type?: string; required?: boolean; multiline?: boolean } = {},
  ) => {
    const error = errors[field];
    return (
      <Grid size={{ xs: 12, sm: options.multiline ? 12 : 6 }}>
        <TextInput
          id={fieldId(field)}
          label={t(label)}
          name={field}
          type={options.type ?? 'text'}
          required={options.required ?? true}
          multiline={options.multiline}
          minRows={options.multiline ? 2 : undefined}
          value={values[field]}
          onChange={(e) => set(field, e.target.value)}
          error={Boolean(error)}
          helperText={error ? t(error) : undefined}
          fullWidth
        />
      </Grid>
    );
  };

  const registrationTypes: Array<{ value: string; label: string }> = REGISTRATION_TYPES.map((type) => ({
    value: type.value,
    label: t(`companies.registrationTypes.${type.key}`),
  }));
  if (values.type_registration && !registrationTypes.some((type) => type.value === values.type_registration))
    registrationTypes.push({ value: values.type_registration, label: values.type_registration });

  return (
    <FormDialog
      open={open}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      titleId="company-dialog-title"
      title={company ? t('companies.editTitle') : t('companies.addTitle')}
      submitLabel={company ? t('companies.update') : t('companies.register')}
      maxWidth="md"
    >
      <ErrorSummary errors={errors} labels={labels} idOf={fieldId} attempt={refusals} />
      {failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('companies.error')}
        </Alert>
      )}
      <Grid container spacing={2}>
        {input('name', 'companies.fields.name')}
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            id={fieldId('company_category_id')}
            label={t('companies.fields.category')}
            name="company_category_id"
            required
            value={
              categories.some((c) => String(c.id) === values.company_category_id) ? values.company_category_id : ''
            }
            onChange={(e) => set('company_category_id', e.target.value)}
            error={Boolean(errors.company_category_id)}
            helperText={errors.company_category_id ? t(errors.company_category_id) : undefined}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            fullWidth
          >
            <MenuItem value="">{t('common.select')}</MenuItem>
            {categories.map((category) => (
              <MenuItem key={category.id} value={String(category.id)}>
                {category.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            id={fieldId('type_registration')}
            label={t('companies.fields.typeRegistration')}
            name="type_registration"
            required
            value={values.type_registration}
            onChange={(e) => set('type_registration', e.target.value)}
            error={Boolean(errors.type_registration)}
            helperText={errors.type_registration ? t(errors.type_registration) : undefined}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            fullWidth
          >
            <MenuItem value="">{t('common.select')}</MenuItem>
            {registrationTypes.map((type) => (
              <MenuItem key={type.value} value={type.value}>
                {type.label}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        {input('tin', 'companies.fields.tin')}
        {input('telephone', 'companies.fields.telephone', { type: 'tel' })}
        {input('email', 'companies.fields.email', { type: 'email' })}
        {input('activities', 'companies.fields.activities', { multiline: true })}
        {input('address', 'companies.fields.address')}
        {input('contact_person_name', 'companies.fields.contactName', { required: false })}
        {input('contact_person_job_title', 'companies.fields.contactJobTitle')}
        {input('contact_person_phone', 'companies.fields.contactPhone', { type: 'tel' })}
        {input('contact_person_email', 'companies.fields.contactEmail', { type: 'email' })}
        <Grid size={12}>
          <FormControl required error={Boolean(errors.requests_single_use)}>
            <FormLabel id="single-use-label">{t('companies.fields.singleUse')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="single-use-label"
              name="requests_single_use"
              value={values.requests_single_use}
              onChange={(e) => {
                const answer = e.target.value === 'yes' ? 'yes' : 'no';
                setValues((current) => ({
                  ...current,
                  requests_single_use: answer,
                  avgMonthlyPlasticQuantity: answer === 'yes' ? current.avgMonthlyPlasticQuantity : '',
                }));
              }}
            >
              <FormControlLabel
                value="yes"
                control={<Radio id={fieldId('requests_single_use')} />}
                label={t('common.yes')}
              />
              <FormControlLabel value="no" control={<Radio />} label={t('common.no')} />
            </RadioGroup>
            {errors.requests_single_use && <FormHelperText>{t(errors.requests_single_use)}</FormHelperText>}
          </FormControl>
        </Grid>
        {values.requests_single_use === 'yes' &&
          input('avgMonthlyPlasticQuantity', 'companies.fields.avgQuantity', { type: 'number' })}
        <LocationSelects
          value={values}
          onChange={(location) => setValues((current) => ({ ...current, ...location }))}
        />
      </Grid>
    </FormDialog>
  );
}
