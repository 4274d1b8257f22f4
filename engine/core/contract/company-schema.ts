/**
 * A company as the API answers it (`GET companies/{clientId}`, and the company a save answers): its
 * columns, and the average also under the name the portal sends. The server serialises by it
 * (server/contract/companies.ts) and the portal's `Company` is derived from it (engine/core/api-types.ts).
 */
import { integer, nullableInteger, nullableNumber, nullableText, text } from './schema-parts';

/**
 * The fields a company must have, in the form's order (spec 01 section 5): the server's body schema
 * requires them (server/company-rules.ts) and the portal's company form asks for them
 * (app/companies/company-form.ts).
 */
export const COMPANY_REQUIRED_FIELDS = [
  'name',
  'company_category_id',
  'type_registration',
  'tin',
  'telephone',
  'email',
  'activities',
  'address',
  'contact_person_job_title',
  'contact_person_phone',
  'contact_person_email',
] as const;

export const COMPANY_SCHEMA = {
  type: 'object',
  properties: {
    id: integer,
    client_id: integer,
    name: text,
    company_category_id: integer,
    type_registration: text,
    tin: text,
    telephone: text,
    email: text,
    average_monthly_plastic_quantity: nullableNumber,
    avgMonthlyPlasticQuantity: nullableNumber,
    activities: text,
    address: text,
    contact_person_name: nullableText,
    contact_person_job_title: text,
    contact_person_phone: text,
    contact_person_email: text,
    province_id: nullableInteger,
    district_id: nullableInteger,
    sector_id: nullableInteger,
    cell_id: nullableInteger,
    created_at: text,
    updated_at: text,
  },
  required: [
    'id',
    'client_id',
    'name',
    'company_category_id',
    'type_registration',
    'tin',
    'telephone',
    'email',
    'average_monthly_plastic_quantity',
    'avgMonthlyPlasticQuantity',
    'activities',
    'address',
    'contact_person_name',
    'contact_person_job_title',
    'contact_person_phone',
    'contact_person_email',
    'province_id',
    'district_id',
    'sector_id',
    'cell_id',
    'created_at',
    'updated_at',
  ],
  additionalProperties: false,
} as const;
