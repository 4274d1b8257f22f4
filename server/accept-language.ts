/**
 * The caller's language from `Accept-Language`, shared by everything the API answers in it
 * (reference data labels, messages).
 */

/** The languages an `Accept-Language` header names, best first (by quality, then order), as codes. */
export function rankedLanguages(acceptLanguage: string | undefined): string[] {
  if (!acceptLanguage) return [];
  return acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', quality, index };
    })
    .filter((entry) => entry.language !== '' && Number.isFinite(entry.quality) && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.language);
}

/**
 * The first language of the header that `available` holds, or undefined for English (named first,
 * or no language of the header available).
 */
export function chosenLanguage(
  acceptLanguage: string | undefined,
  available: { has(language: string): boolean },
): string | undefined {
  for (const language of rankedLanguages(acceptLanguage)) {
    if (language === 'en') return undefined;
    if (available.has(language)) return language;
  }
  return undefined;
}
