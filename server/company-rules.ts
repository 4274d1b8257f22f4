/**
 * A company's fields as the server judges them (spec 01 sections 3 and 5), and as the API answers
 * them.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { COMPANY_REQUIRED_FIELDS } from '../engine/core';
import type { Company } from './db/tables';
import {
  anyField,
  bodySchema,
  email,
  MAX_KILOGRAMS,
  normalizeTin,
  optionalText,
  orNull,
  phone,
  REQUIRED,
  requiredText,
  rowId,
} from './field-rules';

export const INVALID_OPTION = 'Choose a valid option.';
const KILOGRAMS = 'Enter a number of kilograms.';

const text = requiredText(500);
/** A location level: left out, null or blank is none; else the id of a lookup entry. */
const optionalId = {
  type: ['integer', 'string', 'null'],
  trim: true,
  minimum: 1,
  maximum: 2147483647,
  pattern: '^([1-9][0-9]{0,9})?$',
  errorMessage: { type: INVALID_OPTION, minimum: INVALID_OPTION, maximum: INVALID_OPTION, pattern: INVALID_OPTION },
} as const;

export const companyBody = bodySchema(
  {
    name: text,
    company_category_id: rowId(),
    type_registration: text,
    // Invisible characters alone are no TIN: something other than them must be left once removed.
    tin: {
      ...requiredText(50),
      pattern: '[^\\s\\p{Cf}]',
      errorMessage: { ...requiredText(50).errorMessage, pattern: REQUIRED },
    },
    telephone: phone(),
    email: email(),
    avgMonthlyPlasticQuantity: {
      type: ['number', 'string', 'null'],
      trim: true,
      minimum: 0,
      maximum: MAX_KILOGRAMS,
      pattern: '^(\\d{1,13}(\\.\\d{1,6})?)?$',
      errorMessage: { type: KILOGRAMS, minimum: KILOGRAMS, maximum: KILOGRAMS, pattern: KILOGRAMS },
    },
    activities: text,
    address: text,
    contact_person_name: optionalText(200),
    contact_person_job_title: text,
    contact_person_phone: phone(),
    contact_person_email: email(),
    province_id: optionalId,
    district_id: optionalId,
    sector_id: optionalId,
    cell_id: optionalId,
    client_id: anyField,
  },
  COMPANY_REQUIRED_FIELDS,
);

/** A number as sent (a number, its text, blank or null) as kept: the number, or null for none. */
const numberOrNull = (value: number | string | null | undefined): number | null =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** A company's fields as kept, from a body its schema judged: ids and quantity as numbers, the TIN normalised. */
export function companyFields(body: FromSchema<typeof companyBody>) {
  return {
    ...body,
    company_category_id: Number(body.company_category_id),
    tin: normalizeTin(body.tin),
    avgMonthlyPlasticQuantity: numberOrNull(body.avgMonthlyPlasticQuantity),
    contact_person_name: orNull(body.contact_person_name),
    province_id: numberOrNull(body.province_id),
    district_id: numberOrNull(body.district_id),
    sector_id: numberOrNull(body.sector_id),
    cell_id: numberOrNull(body.cell_id),
  };
}

export type CompanyBody = ReturnType<typeof companyFields>;

export const TIN_TAKEN = 'A company with this TIN is already registered.';

/** The location levels from the top; each one's id must be a child of the level above. */
export const LOCATION_LEVELS = [
  { field: 'province_id', kind: 'provinces', name: 'province' },
  { field: 'district_id', kind: 'districts', name: 'district' },
  { field: 'sector_id', kind: 'sectors', name: 'sector' },
  { field: 'cell_id', kind: 'cells', name: 'cell' },
] as const;

/** A company as the API answers it (the average also under the name the portal sends). */
export function companyView(company: Company) {
  return { ...company, avgMonthlyPlasticQuantity: company.average_monthly_plastic_quantity };
}
