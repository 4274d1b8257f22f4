/** A translator with the engine's English catalogue, for component tests. */
import { Translator } from '../../core/translator';
import en from './en.json';

export const testI18n = new Translator({ fallbackLanguage: 'en', catalogues: { en } });

export default testI18n;
