/** A translator with the engine's English catalogues, for component tests. */
import { mergeCatalogues, Translator } from '../../core/translator';
import common from '../common/i18n/en.json';
import en from './en.json';

export const testI18n = new Translator({ fallbackLanguage: 'en', catalogues: { en: mergeCatalogues(en, common) } });

export default testI18n;
