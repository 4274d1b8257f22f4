/** The interface languages (spec 01 section 1); names are shown in their own language. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'it', name: 'Italiano' },
  { code: 'ru', name: 'Русский' },
  { code: 'es', name: 'Español' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/** The chosen language is kept locally under this key. */
export const LANGUAGE_STORAGE_KEY = 'lang';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return LANGUAGES.some((l) => l.code === value);
}

/** The stored language, English when none (or an unknown one) is stored. */
export function storedLanguage(): LanguageCode {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguageCode(value) ? value : 'en';
  } catch {
    return 'en';
  }
}
