/**
 * What a new password must be (OWASP ASVS 5.0, 6.2): at least 8 characters, not only spaces, at
 * most 200, and not one of the commonly used passwords. The list is the "passwords-common"
 * dictionary of @zxcvbn-ts/language-common (about 49,000 passwords ranked by how often they appear
 * in leaks), compared without regard to case.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** The messages of the password step, as the portal shows them. */
export const PASSWORD_MESSAGES = {
  required: 'This field is required',
  tooShort: `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`,
  blank: 'The password cannot be only spaces.',
  common: 'This password is too common. Please choose one that is harder to guess.',
} as const;

const commonPasswords: ReadonlySet<string> = new Set(
  (dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase()),
);

/** How many common passwords are refused. */
export const COMMON_PASSWORD_COUNT = commonPasswords.size;

/** The first reason `password` cannot be used, or null when it can. Length counts characters, not bytes. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string' || password === '') return PASSWORD_MESSAGES.required;
  if (password.trim() === '') return PASSWORD_MESSAGES.blank;
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (commonPasswords.has(password.normalize('NFKC').toLowerCase())) return PASSWORD_MESSAGES.common;
  return null;
}
