/**
 * The bodies of the account calls as the server judges them, each refusal with the contract's message
 * (the password's rules are judged by password-policy.ts, with the step's own messages).
 */
import { z } from 'zod';
import { email as emailOf, phone, REQUIRED, requiredText as requiredTextOf } from './field-rules';
import { PASSWORD_MAX_LENGTH } from './password-policy';

const requiredText = () => requiredTextOf(200);
const optionalText = () =>
  z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => (v ? v : null));
// Accounts are found by email whatever its case.
const email = () => emailOf().transform((value) => value.toLowerCase());

export const registerBody = z.object({
  first_name: requiredText(),
  last_name: requiredText(),
  other_name: optionalText(),
  telephone: phone(),
  email: email(),
});
export const usernameBody = z.object({ username: requiredText() });
export const otpBody = z.object({
  username: requiredText(),
  otp: z
    .string({ error: REQUIRED })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6 digit code.'),
});
export const passwordBody = z.object({
  username: requiredText(),
  // The rules (length, common passwords) are checked by passwordProblem, with the step's own messages.
  password: z.string({ error: REQUIRED }).max(PASSWORD_MAX_LENGTH * 4),
  password_token: z.string().max(200).optional(),
});
export const loginBody = z.object({
  username: requiredText(),
  password: z
    .string({ error: REQUIRED })
    .min(1, REQUIRED)
    .max(PASSWORD_MAX_LENGTH * 4),
});
export const languageBody = z.object({ language: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(20) });
export const profileBody = z.object({
  first_name: requiredText(),
  last_name: requiredText(),
  other_name: optionalText(),
  email: email(),
  // Left out: kept as it is; blank or null: cleared (the profile's phone is optional); else 10 digits.
  phone: z
    .union([z.literal(''), z.null(), phone()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  id_number: optionalText(),
  // Left out: kept as it is. Codes are e-mailed whatever it says.
  decision_emails: z.boolean({ error: 'must be true or false' }).optional(),
});
