/** The messages of the upload limits (server/routes/uploads.ts), translated like every message. */
export const UPLOAD_MESSAGES = {
  applicationFull: (files: number, megabytes: number) =>
    `This application already holds the most files allowed (${files} files, ${megabytes} MB in all).`,
  dailyLimit: (files: number, megabytes: number) =>
    `You have reached today's upload limit (${files} files, ${megabytes} MB). Please try again tomorrow.`,
} as const;
