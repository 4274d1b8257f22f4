import type { Translate } from './localize-definition';

/**
 * The translation function of one service catalogue (`services/<key>/i18n/<lang>.json`, English text
 * -> translation) for `localizeDefinition`: a missing, non-text or empty entry keeps the English text.
 * The portal and the build (which precompiles each language's form validator from the same localized
 * schema) both use it, so they make the very same copy. A file of its own, because the portal's
 * language module loads it on the landing page.
 */
export function catalogueTranslator(catalogue: Readonly<Record<string, unknown>> | undefined): Translate {
  return (english) => {
    const translated = catalogue?.[english];
    return typeof translated === 'string' && translated !== '' ? translated : english;
  };
}
