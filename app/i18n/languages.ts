/** The interface languages (spec 01 section 1); names are shown in their own language. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'it', name: 'Italiano' },
  { code: 'ru', name: 'Русский' },
  { code: 'es', name: 'Español' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/**
 * The chosen language is kept locally under this key: in localStorage, and in a cookie of the same
 * name, which the server reads to send the public pages prerendered in that language (a page's HTML
 * is the first thing the browser shows, before any script could read localStorage).
 */
export const LANGUAGE_STORAGE_KEY = 'lang';

/** A year, in seconds: how long the language cookie is kept. */
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLanguageCode(value: unknown): value is LanguageCode {
  return LANGUAGES.some((l) => l.code === value);
}

/** The language of the cookie, if any. */
export function cookieLanguage(cookie: string | undefined = globalThis.document?.cookie): LanguageCode | undefined {
  const value = new RegExp(`(?:^|;\\s*)${LANGUAGE_STORAGE_KEY}=([^;]*)`).exec(cookie ?? '')?.[1];
  return isLanguageCode(value) ? value : undefined;
}

/** The stored language (localStorage, else the cookie), English when none (or an unknown one) is stored. */
export function storedLanguage(): LanguageCode {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguageCode(value)) return value;
  } catch {
    // Storage may be unavailable (private mode): the cookie may still tell.
  }
  return cookieLanguage() ?? 'en';
}

/**
 * Keeps `code` as the chosen language, in localStorage and in the cookie. Either may be refused
 * (private mode, cookies off): the choice then holds for this page only, or until the next start.
 */
export function rememberLanguage(code: LanguageCode): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // See above.
  }
  if (globalThis.document)
    globalThis.document.cookie = `${LANGUAGE_STORAGE_KEY}=${code}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax`;
}

/**
 * Writes the language chosen in localStorage into the cookie when the cookie says otherwise (a choice
 * made before the cookie was kept, or a cookie cleared), so the next page comes in that language.
 */
export function keepLanguageCookie(): void {
  let chosen: string | null = null;
  try {
    chosen = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return;
  }
  if (isLanguageCode(chosen) && cookieLanguage() !== chosen) rememberLanguage(chosen);
}
