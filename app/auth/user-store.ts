import { useSyncExternalStore } from 'react';

/** The signed-in user: the data of the `clients/login` answer, kept in localStorage under `user`. */
export interface StoredUser {
  id: number;
  uid?: string;
  first_name: string;
  last_name: string;
  other_name?: string | null;
  email: string;
  phone?: string | null;
  id_number?: string | null;
  /** Whether they get e-mails about their applications (absent in sessions stored before: yes). */
  decision_emails?: boolean;
  token: string;
}

export const USER_STORAGE_KEY = 'user';

const listeners = new Set<() => void>();
// Cached so useSyncExternalStore sees a stable snapshot between changes.
let cachedRaw: string | null | undefined;
let cachedUser: StoredUser | null = null;

function readRaw(): string | null {
  try {
    return globalThis.localStorage?.getItem(USER_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The stored user, or null when nobody is signed in (or the stored value is unreadable). */
export function getStoredUser(): StoredUser | null {
  const raw = readRaw();
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = null;
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && 'id' in parsed && 'token' in parsed)
        cachedUser = parsed as StoredUser;
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Why the last sign-out happened when the user did not ask for it: the login page says so. */
export type SignOutReason = 'expired';
let signOutReason: SignOutReason | null = null;

/** Stores the user after login or a profile update. */
export function setStoredUser(user: StoredUser): void {
  signOutReason = null;
  globalThis.localStorage?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  notify();
}

/**
 * Signs out locally. `reason` marks a sign-out the user did not ask for (the server ended the
 * session): the login page explains it until the next sign-in.
 */
export function clearStoredUser(reason: SignOutReason | null = null): void {
  signOutReason = reason;
  globalThis.localStorage?.removeItem(USER_STORAGE_KEY);
  notify();
}

/** The reason of the last sign-out the user did not ask for, or null. */
export function lastSignOutReason(): SignOutReason | null {
  return signOutReason;
}

/** The token of the stored user, for the API client. */
export function getStoredToken(): string | null {
  return getStoredUser()?.token ?? null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === USER_STORAGE_KEY || event.key === null) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/** The stored user, re-rendering on sign-in and sign-out. */
export function useUser(): StoredUser | null {
  return useSyncExternalStore(subscribe, getStoredUser, () => null);
}
