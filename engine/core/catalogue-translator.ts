import type { Translate } from './localize-definition';

/**
 * The translation function of a service's catalogues (`services/<key>/i18n/<lang>.json`, English text
 * -> translation, then those of the shared fragments it includes, in order) for `localizeDefinition`:
 * the first catalogue with a text entry wins; a missing, non-text or empty entry keeps the English text.
 * The portal and the build (which precompiles each language's form validator from the same localized
 * schema) both use it, so they make the very same copy. A file of its own, because the portal's
 * language module loads it on the landing page.
 */
export function catalogueTranslator(
  ...catalogues: ReadonlyArray<Readonly<Record<string, unknown>> | undefined>
): Translate {
  return (english) => {
    for (const catalogue of catalogues) {
      const translated = catalogue?.[english];
      if (typeof translated === 'string' && translated !== '') return translated;
    }
    return english;
  };
}

/**
 * The folders whose catalogues translate a definition: its own, then its shared fragments' (every
 * folder whose files it includes, `fragments` of load-definitions.ts: the platform's, whose lifecycle
 * every service includes, among them), so an included file's texts are translated once, beside it.
 */
export function catalogueFolders(definition: { key: string; fragments?: readonly string[] }): string[] {
  return [definition.key, ...(definition.fragments ?? [])];
}
