/** The messages of the account routes (server/routes/accounts/), translated like every message. */
export const ACCOUNT_MESSAGES = {
  invalidLogin: 'Invalid username or password',
  confirmFirst: 'Confirm the code sent to you first.',
  badConfirmation: 'This confirmation is not valid or was already used. Please request a new code.',
  expiredConfirmation: 'This confirmation has expired. Please request a new code.',
  invalidCode: 'Invalid code',
  expiredCode: 'The code has expired, request a new one',
  codeBlocked: 'Too many attempts, request a new code',
  taken: 'An account with this email or phone already exists',
  unknownLanguage: 'Choose one of the portal’s languages.',
} as const;
