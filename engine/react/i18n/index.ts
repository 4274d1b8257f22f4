/** The engine's English catalogue; the portal merges it into its i18next resources. */
import en from './en.json';

export const engineEn = en;
