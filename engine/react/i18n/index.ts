/** The engine's English catalogues, merged; the portal merges them into its English catalogue. */
import { mergeCatalogues } from '../../core/translator';
import common from '../common/i18n/en.json';
import en from './en.json';

export const engineEn = mergeCatalogues(en, common);
