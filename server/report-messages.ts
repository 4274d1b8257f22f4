/** The messages of the recycled reports (server/routes/reports.ts), translated like every message. */
import { MONTH_MESSAGES } from '../engine/core';

export const REPORT_MESSAGES = {
  future: MONTH_MESSAGES.future,
  company: 'Choose one of your companies.',
  locked: (service: string) =>
    `Recycled quantities can be reported once you have submitted an application for "${service}".`,
} as const;
