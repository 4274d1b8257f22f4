/** The answers of the company routes (server/routes/companies.ts) and the recycled reports (reports.ts). */
import { COMPANY_SCHEMA } from '../../engine/core';
import { flag, integer, list, number, object, text, type Schema } from './answers';

/**
 * A company as the API answers it: its columns, and the average also under the name the portal sends.
 * The schema is the portal's (engine/core/contract/company-schema.ts): its `Company` is derived from it.
 */
export const COMPANY: Schema = COMPANY_SCHEMA;
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
