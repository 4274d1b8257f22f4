/**
 * The React side of the translator (engine/core/translator.ts): `useTranslation()` answers the
 * translate function of the nearest TranslatorProvider (the shared translator when there is none)
 * and re-renders its component when the language changes.
 */
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { Translator, type TranslateFunction } from '../core/translator';

/** The translator of components without a provider above them; the portal adds its catalogues to it. */
export const sharedTranslator = new Translator({ fallbackLanguage: 'en' });

const TranslatorContext = createContext<Translator>(sharedTranslator);

/** Gives `translator` to the components below (tests use their own catalogues this way). */
export function TranslatorProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/**
 * `t` in the current language, a new function after each change of language (so memos that use it
 * recompute), and the translator itself as `i18n` (its `language`, `resolvedLanguage`).
 */
export function useTranslation(): { t: TranslateFunction; i18n: Translator } {
  const translator = useContext(TranslatorContext);
  const subscribe = useCallback((onChange: () => void) => translator.subscribe(onChange), [translator]);
  const current = () => translator.language;
  // The build renders pages to HTML in one language at a time: the translator's language then too.
  const language = useSyncExternalStore(subscribe, current, current);
  const t = useMemo(() => translator.fixedT(language), [translator, language]);
  return { t, i18n: translator };
}
