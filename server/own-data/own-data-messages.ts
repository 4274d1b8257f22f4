/** The messages of the applicant's own-data routes (server/routes/own-data.ts), translated like every message. */
export const OWN_DATA_MESSAGES = {
  wrongPassword: 'The password is not correct.',
  confirmation: 'Type your e-mail address exactly as shown to confirm.',
} as const;
