/**
 * An applicant's name as the staff's lists, the review page, the export and the certificate show it:
 * first, other and last names, the empty ones left out.
 */
export const applicantName = (row: { first_name: string; other_name: string | null; last_name: string }): string =>
  [row.first_name, row.other_name, row.last_name].filter(Boolean).join(' ');
