/** The answers of the company routes (server/routes/companies.ts) and the recycled reports (reports.ts). */
import {
  flag,
  integer,
  list,
  nullableInteger,
  nullableNumber,
  nullableText,
  number,
  object,
  text,
  type Schema,
} from './answers';

/** A company as the API answers it: its columns, and the average also under the name the portal sends. */
export const COMPANY: Schema = object({
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
});

export const COMPANIES: Schema = list(COMPANY);

const reportFields = {
  id: integer,
  company_id: integer,
  company_name: text,
  report_month: text,
  quantity: number,
  created_at: text,
};

/** A recycled quantity report as saved; `updated` when it corrected the month's earlier report. */
export const RECYCLED_REPORT: Schema = object({ ...reportFields, updated: flag });
export const RECYCLED_REPORTS: Schema = list(object(reportFields));
