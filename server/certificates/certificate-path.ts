/** Where a certificate is verified: the detail's `certUrl` and the decision e-mails link to it. */

/** The verification address of a certificate, relative to the API base (the detail's `certUrl`). */
export function certificatePath(token: string): string {
  return `verify/certificate/${token}`;
}
