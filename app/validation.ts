/** Client-side checks of spec 01 section 5; messages are i18n keys whose English text is the spec's. */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Phones are exactly 10 digits ('Enter a 10 digit phone number.'). */
export function isTenDigitPhone(value: string): boolean {
  return /^\d{10}$/.test(value.trim());
}

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** OTP codes are numeric. */
export function isNumeric(value: string): boolean {
  return /^\d+$/.test(value.trim());
}

/** A non-negative decimal number, e.g. a quantity in kilograms. */
export function isNumber(value: string): boolean {
  return /^\d+(\.\d+)?$/.test(value.trim());
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Errors (as i18n keys) of the registration details step. */
export function validateRegistration(v: {
  first_name: string;
  last_name: string;
  telephone: string;
  email: string;
}): FieldErrors<'first_name' | 'last_name' | 'telephone' | 'email'> {
  const errors: FieldErrors<'first_name' | 'last_name' | 'telephone' | 'email'> = {};
  if (!v.first_name.trim()) errors.first_name = 'validation.required';
  if (!v.last_name.trim()) errors.last_name = 'validation.required';
  if (!isTenDigitPhone(v.telephone)) errors.telephone = 'validation.phone';
  if (!v.email.trim()) errors.email = 'validation.required';
  else if (!isEmail(v.email)) errors.email = 'validation.email';
  return errors;
}

/** Error key of an OTP, or undefined. */
export function validateOtp(otp: string): string | undefined {
  if (!otp.trim()) return 'validation.required';
  if (!isNumeric(otp)) return 'validation.numeric';
  return undefined;
}

/** Shortest password the server accepts (it also refuses common passwords, which only it knows). */
export const PASSWORD_MIN_LENGTH = 8;

/** Errors of a password and its confirmation: required, not only spaces, at least 8 characters, matching. */
export function validatePasswords(password: string, confirmation: string): FieldErrors<'password' | 'confirmation'> {
  const errors: FieldErrors<'password' | 'confirmation'> = {};
  if (!password) errors.password = 'validation.required';
  else if (!password.trim()) errors.password = 'validation.passwordBlank';
  else if ([...password].length < PASSWORD_MIN_LENGTH) errors.password = 'validation.passwordTooShort';
  if (password !== confirmation) errors.confirmation = 'validation.passwordsMismatch';
  return errors;
}

export type ProfileField = 'first_name' | 'last_name' | 'other_name' | 'email' | 'phone' | 'id_number';

/**
 * Errors of the profile form: first name, last name and email required, email format; other names,
 * phone and id number optional, but a phone that is given has 10 digits (the server refuses others).
 */
export function validateProfile(v: Record<ProfileField, string>): FieldErrors<ProfileField> {
  const errors: FieldErrors<ProfileField> = {};
  if (!v.first_name.trim()) errors.first_name = 'validation.required';
  if (!v.last_name.trim()) errors.last_name = 'validation.required';
  if (!v.email.trim()) errors.email = 'validation.required';
  else if (!isEmail(v.email)) errors.email = 'validation.email';
  if (v.phone.trim() && !isTenDigitPhone(v.phone)) errors.phone = 'validation.phone';
  return errors;
}
