import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { catalogueFolders, catalogueTranslator } from '../catalogue-translator';
import { withoutFormat } from '../definition-includes';
import { localizeDefinition, type LocalizableDefinition } from '../localize-definition';

/**
 * A service folder's catalogue on disk (`<servicesDir>/<folder>/i18n/<language>.json`, English text
 * -> translation), undefined when there is none (Node only; the portal imports the same files).
 * @throws Error naming the file when it is not valid JSON.
 */
export function readServiceCatalogue(
  servicesDir: string,
  folder: string,
  language: string,
): Record<string, unknown> | undefined {
  const path = join(servicesDir, folder, 'i18n', `${language}.json`);
  if (!existsSync(path)) return undefined;
  try {
    // Its `$schema` is for editors (schemas/catalogue.schema.json), not a text.
    return withoutFormat(JSON.parse(readFileSync(path, 'utf8'))) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`${relative(dirname(servicesDir), path)} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** Reads one catalogue of a service folder (`readServiceCatalogue` by default). */
export type CatalogueReader = (
  servicesDir: string,
  folder: string,
  language: string,
) => Record<string, unknown> | undefined;

/**
 * `definition` as the portal renders it in `language`: the original in English, else the copy
 * `localizeDefinition` makes with its catalogues on disk (its own, then its fragments').
 */
export function localizeFromDisk<D extends LocalizableDefinition & { key: string; fragments?: readonly string[] }>(
  servicesDir: string,
  definition: D,
  language: string,
  read: CatalogueReader = readServiceCatalogue,
): D {
  if (language === 'en') return definition;
  const catalogues = catalogueFolders(definition).map((folder) => read(servicesDir, folder, language));
  return localizeDefinition(definition, catalogueTranslator(...catalogues));
}
