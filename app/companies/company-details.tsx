import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useTranslation } from '../../engine/react/translation';
import { listOf, useApiQuery } from '../../engine/react/use-api-query';
import { ReadOnlyFields } from '../components/read-only-fields';
import { usePhoneLayout } from '../components/use-phone-layout';
import { REGISTRATION_TYPES } from './company-dialog';
import { companyToForm, type Company } from './company-form';
import { LocationSelects, type NamedOption } from './location-selects';

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
  const open = company !== undefined;
  const categories =
    useApiQuery<unknown, NamedOption[]>(open ? 'company-categories' : null, {
      staleTime: Infinity,
      select: listOf<NamedOption>,
    }).data ?? [];
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
    { label: t('companies.fields.tin'), value: values.tin },
    { label: t('companies.fields.telephone'), value: values.telephone },
    { label: t('companies.fields.email'), value: values.email },
    { label: t('companies.fields.address'), value: values.address },
    { label: t('companies.fields.activities'), value: values.activities },
    { label: t('companies.fields.avgQuantity'), value: values.avgMonthlyPlasticQuantity },
    { label: t('companies.fields.contactName'), value: values.contact_person_name },
    { label: t('companies.fields.contactJobTitle'), value: values.contact_person_job_title },
    { label: t('companies.fields.contactPhone'), value: values.contact_person_phone },
    { label: t('companies.fields.contactEmail'), value: values.contact_person_email },
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
