/** The engine's English catalogue; the portal merges it into its English catalogue. */
import en from './en.json';

export const engineEn = en;
