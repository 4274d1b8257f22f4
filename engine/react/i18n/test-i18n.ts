/** A translator with the engine's English catalogues, for component tests. */
import { mergeCatalogues, Translator } from '../../core/translator';
import failures from '../failures/i18n/en.json';
import en from './en.json';

export const testI18n = new Translator({ fallbackLanguage: 'en', catalogues: { en: mergeCatalogues(en, failures) } });

export default testI18n;
