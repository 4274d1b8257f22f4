/**
 * A company's fields as the server judges them (spec 01 sections 3 and 5), and as the API answers
 * them.
 */
import { z } from 'zod';
import type { Company } from './db/tables';
import { email, MAX_KILOGRAMS, normalizeTin, phone, REQUIRED, requiredText } from './field-rules';
import { isDbId } from './http';

const text = () => requiredText(500);
const intId = (message = REQUIRED) =>
  z.union([z.number(), z.string().trim()], { error: message }).refine(isDbId, { error: message }).transform(Number);
const optionalId = () =>
  z
    .union([z.literal(''), z.null(), intId('Choose a valid option.')])
    .optional()
    .transform((v) => (v === '' || v === null || v === undefined ? null : v));

export const companyBody = z.object({
  name: text(),
  company_category_id: intId(),
  type_registration: text(),
  // Invisible characters alone are no TIN: what is left once they are removed must not be empty.
  tin: requiredText(50)
    .transform(normalizeTin)
    .refine((tin) => tin.length > 0, { error: REQUIRED }),
  telephone: phone(),
  email: email(),
  avgMonthlyPlasticQuantity: z
    .union(
      [
        z.literal(''),
        z.null(),
        z.number().nonnegative().max(MAX_KILOGRAMS),
        z
          .string()
          .trim()
          .regex(/^\d{1,13}(\.\d{1,6})?$/),
      ],
      {
        error: 'Enter a number of kilograms.',
      },
    )
    .optional()
    .transform((v) => (v === '' || v === null || v === undefined ? null : Number(v))),
  activities: text(),
  address: text(),
  contact_person_name: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => (v ? v : null)),
  contact_person_job_title: text(),
  contact_person_phone: phone(),
  contact_person_email: email(),
  province_id: optionalId(),
  district_id: optionalId(),
  sector_id: optionalId(),
  cell_id: optionalId(),
  client_id: z.unknown().optional(),
});

export type CompanyBody = z.infer<typeof companyBody>;

export const INVALID_OPTION = 'Choose a valid option.';
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
