/**
 * Where the catalogue files beyond the first download are: Vite's `import.meta.glob` maps, one
 * import per file (a file is a small chunk of its own, fetched when its language or its pages are
 * needed). The maps name every file of every language, which makes them long, so they are a module
 * of their own that index.ts loads at the first switch of language or the first page beyond the
 * public ones, not a part of every page.
 */
import type { Catalogue } from '../../engine/core';

/** A service's texts: English text -> translation. */
export type ServiceCatalogue = Record<string, string>;

/** The English groups beyond the public pages' own (the engine's messages for failed calls are there too). */
export const englishGroups = import.meta.glob<Catalogue>(
  ['../**/i18n/en.json', '../../engine/react/**/i18n/en.json', '!./en.json', '!../../engine/react/common/i18n/en.json'],
  { import: 'default' },
);

/** Every group of every other language. */
export const otherGroups = import.meta.glob<Catalogue>(
  [
    '../**/i18n/*.json',
    '../../engine/react/**/i18n/*.json',
    '!../**/i18n/en.json',
    '!../../engine/react/**/i18n/en.json',
  ],
  { import: 'default' },
);

/**
 * The services' translations (`<folder>/i18n/<lang>.json` of the services folder the build was given:
 * scripts/vite-plugin-services.ts).
 */
export { default as serviceGroups } from 'virtual:service-catalogues';

/** Loads the files of `files` whose path `keep` selects: `[path, content]` each. */
export function loadFiles<T>(
  files: Record<string, () => Promise<T>>,
  keep: (path: string) => boolean = () => true,
): Promise<Array<readonly [string, T]>> {
  return Promise.all(
    Object.entries(files)
      .filter(([path]) => keep(path))
      .map(async ([path, load]) => [path, await load()] as const),
  );
}
