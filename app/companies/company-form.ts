import { COMPANY_REQUIRED_FIELDS, type Company } from '../../engine/core';
import { isEmail, isNumber, isTenDigitPhone } from '../validation';

/**
 * The API path of a client's companies: read by the companies page, the recycled reports and the
 * wizard's company picker, and invalidated when a company is saved so all of them show it.
 */
export function companiesPath(clientId: number | string): string {
  return `companies/${clientId}`;
}

/** The company form's values: every input holds a string ('' when empty). */
export interface CompanyFormValues {
  name: string;
  company_category_id: string;
  type_registration: string;
  tin: string;
  telephone: string;
  email: string;
  activities: string;
  address: string;
  contact_person_name: string;
  contact_person_job_title: string;
  contact_person_phone: string;
  contact_person_email: string;
  /** '' (not answered), 'yes' or 'no': will special authorization for single-use plastics be requested? */
  requests_single_use: '' | 'yes' | 'no';
  avgMonthlyPlasticQuantity: string;
  province_id: string;
  district_id: string;
  sector_id: string;
  cell_id: string;
}

export type CompanyField = keyof CompanyFormValues;

export const EMPTY_COMPANY: CompanyFormValues = {
  name: '',
  company_category_id: '',
  type_registration: '',
  tin: '',
  telephone: '',
  email: '',
  activities: '',
  address: '',
  contact_person_name: '',
  contact_person_job_title: '',
  contact_person_phone: '',
  contact_person_email: '',
  requests_single_use: '',
  avgMonthlyPlasticQuantity: '',
  province_id: '',
  district_id: '',
  sector_id: '',
  cell_id: '',
};

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * Form values of a stored company (edit). The single-use question is not stored: a company with an
 * average monthly quantity answered yes, one without answered no.
 */
export function companyToForm(company: Company): CompanyFormValues {
  const quantity = text(company.avgMonthlyPlasticQuantity ?? company.average_monthly_plastic_quantity).trim();
  return {
    name: text(company.name),
    company_category_id: text(company.company_category_id),
    type_registration: text(company.type_registration),
    tin: text(company.tin),
    telephone: text(company.telephone),
    email: text(company.email),
    activities: text(company.activities),
    address: text(company.address),
    contact_person_name: text(company.contact_person_name),
    contact_person_job_title: text(company.contact_person_job_title),
    contact_person_phone: text(company.contact_person_phone),
    contact_person_email: text(company.contact_person_email),
    requests_single_use: quantity ? 'yes' : 'no',
    avgMonthlyPlasticQuantity: quantity,
    province_id: text(company.province_id),
    district_id: text(company.district_id),
    sector_id: text(company.sector_id),
    cell_id: text(company.cell_id),
  };
}

// The API's required fields, and the form's own question whether the company asks for single-use plastics.
const REQUIRED: CompanyField[] = [...COMPANY_REQUIRED_FIELDS, 'requests_single_use'];

/** Errors (i18n keys) of the company form, spec 01 section 5. */
export function validateCompany(values: CompanyFormValues): Partial<Record<CompanyField, string>> {
  const errors: Partial<Record<CompanyField, string>> = {};
  for (const field of REQUIRED) if (!values[field].trim()) errors[field] = 'validation.required';
  for (const field of ['telephone', 'contact_person_phone'] as const) {
    if (values[field].trim() && !isTenDigitPhone(values[field])) errors[field] = 'validation.phone';
  }
  for (const field of ['email', 'contact_person_email'] as const) {
    if (values[field].trim() && !isEmail(values[field])) errors[field] = 'validation.email';
  }
  if (values.requests_single_use === 'yes') {
    if (!values.avgMonthlyPlasticQuantity.trim()) errors.avgMonthlyPlasticQuantity = 'validation.required';
    else if (!isNumber(values.avgMonthlyPlasticQuantity)) errors.avgMonthlyPlasticQuantity = 'validation.number';
  }
  return errors;
}

const idOrNull = (value: string): number | null => (value ? Number(value) : null);

/** Body of POST companies / PUT companies/{id}. */
export function companyBody(values: CompanyFormValues, clientId: number): Record<string, unknown> {
  return {
    name: values.name.trim(),
    company_category_id: Number(values.company_category_id),
    type_registration: values.type_registration.trim(),
    tin: values.tin.trim(),
    telephone: values.telephone.trim(),
    email: values.email.trim(),
    avgMonthlyPlasticQuantity: values.requests_single_use === 'yes' ? Number(values.avgMonthlyPlasticQuantity) : null,
    activities: values.activities.trim(),
    address: values.address.trim(),
    contact_person_name: values.contact_person_name.trim(),
    contact_person_job_title: values.contact_person_job_title.trim(),
    contact_person_phone: values.contact_person_phone.trim(),
    contact_person_email: values.contact_person_email.trim(),
    province_id: idOrNull(values.province_id),
    district_id: idOrNull(values.district_id),
    sector_id: idOrNull(values.sector_id),
    cell_id: idOrNull(values.cell_id),
    client_id: clientId,
  };
}
