import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import engineEn from '../../engine/react/i18n/en.json';
import en from './en.json';
import de from './de.json';
import it from './it.json';
import ru from './ru.json';
import es from './es.json';
import { LANGUAGE_STORAGE_KEY, storedLanguage, type LanguageCode } from './languages';

type Catalogue = { [key: string]: string | Catalogue };

// The wizard's own catalogue (engine/react) is merged under the portal's, so one `t` serves both.
// Its translations, when they exist, are picked up by name; English is the fallback.
const engineTranslations = import.meta.glob<Catalogue>('../../engine/react/i18n/{de,it,ru,es}.json', {
  eager: true,
  import: 'default',
});

function isCatalogue(value: unknown): value is Catalogue {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Deep merge: keys of `over` win, nested objects are merged. */
export function mergeCatalogues(base: Catalogue, over: Catalogue): Catalogue {
  const out: Catalogue = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = isCatalogue(current) && isCatalogue(value) ? mergeCatalogues(current, value) : value;
  }
  return out;
}

const portal: Record<LanguageCode, Catalogue> = { en, de, it, ru, es };

function catalogueFor(code: LanguageCode): Catalogue {
  const engine =
    (code === 'en' ? undefined : engineTranslations[`../../engine/react/i18n/${code}.json`]) ?? (engineEn as Catalogue);
  return mergeCatalogues(engine, portal[code]);
}

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    (Object.keys(portal) as LanguageCode[]).map((code) => [code, { translation: catalogueFor(code) }]),
  ),
  lng: storedLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Switches the interface language and keeps the choice locally. */
export function changeLanguage(code: LanguageCode): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Storage may be unavailable (private mode); the switch still applies to this page.
  }
  void i18n.changeLanguage(code);
}

// Screen readers pick the pronunciation from <html lang>.
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

export default i18n;
