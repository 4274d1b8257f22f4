/**
 * The bodies of the account calls as the server judges them (JSON Schemas of the routes), each refusal
 * with the contract's message. The password's rules are judged by password-policy.ts, with the step's
 * own messages; the password is never trimmed.
 */
import {
  accountEmail,
  booleanField,
  bodySchema,
  optionalPhone,
  optionalText,
  phone,
  REQUIRED,
  requiredText,
  tooLong,
} from './field-rules';
import { PASSWORD_MAX_LENGTH } from './password-policy';

const name = requiredText(200);
const otherText = optionalText(200);
const PASSWORD_LIMIT = PASSWORD_MAX_LENGTH * 4;
/** A password as typed: the rules (length, common passwords) are checked by passwordProblem. */
const password = {
  type: 'string',
  maxLength: PASSWORD_LIMIT,
  errorMessage: { type: REQUIRED, maxLength: tooLong(PASSWORD_LIMIT) },
} as const;
const passwordToken = { type: 'string', maxLength: 200, errorMessage: { maxLength: tooLong(200) } } as const;

export const registerBody = bodySchema(
  { first_name: name, last_name: name, other_name: otherText, telephone: phone(), email: accountEmail() },
  ['first_name', 'last_name', 'telephone', 'email'],
);
export const otpBody = bodySchema(
  {
    username: name,
    otp: {
      type: 'string',
      trim: true,
      pattern: '^\\d{6}$',
      errorMessage: { type: REQUIRED, pattern: 'Enter the 6 digit code.' },
    },
  },
  ['username', 'otp'],
);
export const passwordBody = bodySchema({ username: name, password, password_token: passwordToken }, [
  'username',
  'password',
]);
/**
 * `clients/reset-password`: the username asks for a code; with a `password` too, it sets the password
 * as `client/password` does.
 */
export const resetBody = bodySchema({ username: name, password, password_token: passwordToken }, ['username']);
export const loginBody = bodySchema(
  {
    username: name,
    password: { ...password, minLength: 1, errorMessage: { ...password.errorMessage, minLength: REQUIRED } },
  },
  ['username', 'password'],
);
export const languageBody = bodySchema({ language: requiredText(20) }, ['language']);
export const profileBody = bodySchema(
  {
    first_name: name,
    last_name: name,
    other_name: otherText,
    email: accountEmail(),
    // Left out: kept as it is; blank or null: cleared (the profile's phone is optional); else 10 digits.
    phone: optionalPhone(),
    id_number: otherText,
    // Left out: kept as it is. Codes are e-mailed whatever it says.
    decision_emails: booleanField(),
  },
  ['first_name', 'last_name', 'email'],
);
