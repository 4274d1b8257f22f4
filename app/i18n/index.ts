/**
 * The interface languages (engine/core/translator.ts). One `translation` namespace is assembled per
 * language from every catalogue group of the project: `engine/react/**\/i18n/<lang>.json` (the
 * engine's: the wizard's texts, and the texts any page may show) and each `app/**\/i18n/<lang>.json`
 * (the portal's, one folder per feature), so a feature adds its texts by adding a folder, with no
 * code change. Portal groups are merged after the engine's and win.
 *
 * The first download carries the English texts of the public pages only: this folder's group (the
 * public pages and the frame) and the engine's texts any page may show (`engine/react/common`:
 * failed calls, progress of steps). The other English groups (the signed-in pages, the wizard, the
 * studio) load with the first page that needs them (`loadAllTexts`, which the route table awaits
 * beside those pages' code). The other languages are fetched whole when chosen (or found in
 * localStorage at start: `main.tsx` waits for them before the first render, so nothing flashes in
 * English). Loading a language also loads the service definitions' catalogues of that language
 * (`services/<key>/i18n/<lang>.json`, English text -> translation; see `serviceTranslator`).
 */
import { catalogueFolders, catalogueTranslator, mergeCatalogues, type Catalogue } from '../../engine/core';
import { engineCommonTexts, sharedTranslator } from '../../engine/react';
import publicTexts from './en.json';
import { rememberLanguage, storedLanguage, type LanguageCode } from './languages';

import type { ServiceCatalogue } from './catalogue-files';

export type { ServiceCatalogue };

/** The maps of the catalogue files beyond the public pages' English (see catalogue-files.ts). */
const catalogueFiles = () => import('./catalogue-files');

/** The language of a catalogue file: `../feature/i18n/de.json` or `./de.json` (this folder) -> `de`. */
export function languageOfPath(path: string): string | undefined {
  return /(?:^|\/)([a-z]{2,3}(?:-[A-Za-z0-9]+)?)\.json$/.exec(path)?.[1];
}

/** Engine groups first, then the portal's in path order: later groups win on a shared key. */
function groupOrder(a: string, b: string): number {
  const engine = (path: string) => (path.includes('/engine/') ? 0 : 1);
  return engine(a) - engine(b) || a.localeCompare(b);
}

/** Merges the groups of one language, given as path -> catalogue. */
export function assembleCatalogue(groups: Record<string, Catalogue>): Catalogue {
  return Object.keys(groups)
    .sort(groupOrder)
    .reduce<Catalogue>((merged, path) => mergeCatalogues(merged, groups[path] ?? {}), {});
}

/**
 * The portal's translator: the one components read (engine/react/translation), English from the
 * start; the stored language is switched to once its catalogue is loaded (see `i18nReady`).
 */
const i18n = sharedTranslator;
// The engine's groups come before the portal's, as in `assembleCatalogue`.
const firstTexts = { '../../engine/react/common/i18n/en.json': engineCommonTexts, './en.json': publicTexts };
i18n.addCatalogue('en', assembleCatalogue(firstTexts));

let allEnglish: Promise<void> | undefined;

/**
 * Loads the English texts of every page (once; a failed load is tried again at the next call): the
 * groups beyond the public pages' own, merged in the same order as any other language's. Pages
 * beyond the public ones wait for it before their first render, as they wait for their code.
 */
export function loadAllTexts(): Promise<void> {
  allEnglish ??= catalogueFiles()
    .then(({ englishGroups, loadFiles }) => loadFiles(englishGroups))
    .then(
      (groups) => i18n.addCatalogue('en', assembleCatalogue({ ...firstTexts, ...Object.fromEntries(groups) })),
      (error: unknown) => {
        allEnglish = undefined;
        throw error;
      },
    );
  return allEnglish;
}

/** Service catalogues per loaded language: service key -> English text -> translation. */
const serviceCatalogues = new Map<string, Map<string, ServiceCatalogue>>();
const loading = new Map<string, Promise<void>>();

async function fetchLanguage(code: LanguageCode): Promise<void> {
  const { otherGroups, serviceGroups, loadFiles } = await catalogueFiles();
  const ofLanguage = (path: string) => languageOfPath(path) === code;
  const [groups, services] = await Promise.all([
    loadFiles(otherGroups, ofLanguage),
    loadFiles(serviceGroups, ofLanguage),
  ]);
  i18n.addCatalogue(code, assembleCatalogue(Object.fromEntries(groups)));
  serviceCatalogues.set(
    code,
    new Map(services.map(([path, catalogue]) => [/^([^/]+)\/i18n\//.exec(path)?.[1] ?? '', catalogue])),
  );
}

/**
 * Loads a language's catalogues once (English is always there). A failed load is forgotten so the
 * next switch tries again; until then the texts fall back to English.
 */
export function loadLanguage(code: LanguageCode): Promise<void> {
  if (code === 'en') return Promise.resolve();
  let promise = loading.get(code);
  if (!promise) {
    promise = fetchLanguage(code);
    loading.set(code, promise);
    promise.catch(() => loading.delete(code));
  }
  return promise;
}

/** True once the service catalogues of `language` are loaded (always for English). */
export function hasServiceCatalogues(language: string): boolean {
  return language === 'en' || serviceCatalogues.has(language);
}

/**
 * Translates one service definition's texts in `language` (its own catalogue, then those of the
 * shared fragments it includes): the text itself when the language or the text has no translation.
 * Undefined while the language's catalogues are not loaded (English needs none).
 */
export function serviceTranslator(
  definition: { key: string; fragments?: readonly string[] },
  language: string,
): ((text: string) => string) | undefined {
  if (language === 'en') return (text) => text;
  const services = serviceCatalogues.get(language);
  if (!services) return undefined;
  return catalogueTranslator(...catalogueFolders(definition).map((folder) => services.get(folder)));
}

/** Switches the interface language (loading it first) and keeps the choice locally. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  rememberLanguage(code);
  try {
    await loadLanguage(code);
  } catch {
    // Offline or a failed chunk: the language applies with English texts where none are loaded.
  }
  i18n.changeLanguage(code);
}

// Screen readers pick the pronunciation from <html lang>. A prerendered page arrives with the lang of
// the language it is drawn in; it changes with the language only.
i18n.subscribe((language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

/** Activates the stored language (loading it first), as at start, or the one given (the build's prerender). */
export async function activateStoredLanguage(code: LanguageCode = storedLanguage()): Promise<void> {
  try {
    await loadLanguage(code);
  } catch {
    // As in changeLanguage: English texts until a later switch loads the language.
  }
  i18n.changeLanguage(code);
}

/** Resolves once the stored language is loaded and active: render after it to avoid English flashing. */
export const i18nReady: Promise<void> = activateStoredLanguage();

export default i18n;
