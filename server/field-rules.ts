/**
 * The field rules the API checks in more than one place (accounts, companies, reports, submissions),
 * with the spec's messages, so a phone or an email means the same thing everywhere.
 */
import { z } from 'zod';

export const REQUIRED = 'This field is required';
export const PHONE_MESSAGE = 'Enter a 10 digit phone number.';
export const EMAIL_MESSAGE = 'Enter a valid email address.';
/** Largest quantity accepted (a trillion kilograms): beyond it a number is a typing error. */
export const MAX_KILOGRAMS = 1e12;

/** A required, trimmed text of at most `max` characters. */
export const requiredText = (max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max);

/** Exactly 10 digits (spec 01 section 5). */
export const phone = () =>
  z
    .string({ error: PHONE_MESSAGE })
    .trim()
    .regex(/^\d{10}$/, PHONE_MESSAGE);

/** Longest email address that can be delivered (RFC 5321 limits a forward path to 254 characters). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * A trimmed email address of at most EMAIL_MAX_LENGTH characters: the format alone would accept a
 * megabyte of letters before the `@`, which PostgreSQL's unique index on it cannot even hold.
 */
export const email = () =>
  z.string({ error: REQUIRED }).trim().max(EMAIL_MAX_LENGTH, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE));

/**
 * A TIN as stored and compared for uniqueness: compatibility forms folded (full-width digits are
 * digits), without spaces or invisible characters (a zero-width space would make a copy look new),
 * upper case.
 */
export function normalizeTin(tin: string): string {
  return tin
    .normalize('NFKC')
    .replace(/[\s\p{Cf}]+/gu, '')
    .toUpperCase();
}
