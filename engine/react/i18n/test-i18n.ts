/** An i18next instance with the engine's English catalogue, for component tests. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';

export const testI18n = i18next.createInstance();

void testI18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

export default testI18n;
