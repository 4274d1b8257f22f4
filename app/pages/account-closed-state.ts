/** The history state with which the profile sends a just-closed account to /account-closed. */
export const ACCOUNT_CLOSED_STATE = { accountClosed: true } as const;

/** Whether a location's state says its account was just closed (the page then signs out here). */
export function isAccountClosedState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { accountClosed?: unknown }).accountClosed === true;
}
