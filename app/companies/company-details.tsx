import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useTranslation } from '../../engine/react';
import { ReadOnlyFields } from '../components/read-only-fields';
import { usePhoneLayout } from '../components/use-phone-layout';
import { LABEL_KEYS, REGISTRATION_TYPES, useCompanyCategories } from './company-dialog';
import type { Company } from '../../engine/core';
import { companyToForm, type CompanyField } from './company-form';
import { LocationSelects } from './location-selects';

/** The fields shown as they are stored, after the category and the registration type. */
const SHOWN_AS_TEXT: CompanyField[] = [
  'tin',
  'telephone',
  'email',
  'address',
  'activities',
  'avgMonthlyPlasticQuantity',
  'contact_person_name',
  'contact_person_job_title',
  'contact_person_phone',
  'contact_person_email',
];

/**
 * A registered company as text: every detail the table leaves out, its location by name (the
 * location selector's read-only mode), and Edit to change them.
 */
export function CompanyDetails({
  company,
  onClose,
  onEdit,
}: {
  company: Company | undefined;
  onClose: () => void;
  onEdit: (company: Company) => void;
}) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  const categories = useCompanyCategories(company !== undefined);
  if (!company) return null;
  const values = companyToForm(company);
  const category = categories.find((c) => String(c.id) === values.company_category_id)?.name ?? '';
  const registration = REGISTRATION_TYPES.find((type) => type.value === values.type_registration);
  const fields = [
    { label: t('companies.fields.category'), value: category },
    {
      label: t('companies.fields.typeRegistration'),
      value: registration ? t(`companies.registrationTypes.${registration.key}`) : values.type_registration,
    },
    ...SHOWN_AS_TEXT.map((field) => ({ label: t(LABEL_KEYS[field] ?? field), value: values[field] })),
  ];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} aria-labelledby="company-details-title">
      <DialogTitle id="company-details-title">{company.name}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <ReadOnlyFields label={company.name} fields={fields} />
          <LocationSelects value={values} readOnly />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button variant="contained" onClick={() => onEdit(company)}>
          {t('companies.edit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
