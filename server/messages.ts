/**
 * The API's messages in the caller's language (`Accept-Language`, as the portal sends it).
 *
 * The code keeps writing its messages in English, the spec's texts verbatim; they are translated
 * where an answer leaves the server (the error handler of app.ts), from two kinds of catalogue that
 * map an English text to its translation:
 *
 * - `server/i18n/<lang>.json`: the server's own messages. `en.json` lists them all; a text with a
 *   value in it is written as a template (`Too many attempts. Please try again in {{minutes}}
 *   minutes.`), which matches the message whatever the value and carries the value over;
 * - `services/<folder>/i18n/<lang>.json`: the services' texts, so a field message a definition wrote
 *   (`Your ID number must be 16 digits!`) comes back translated as the portal shows it.
 *
 * A text no catalogue knows is answered in English.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chosenLanguage } from './accept-language';

/** Folder of the server's catalogues. */
export const SERVER_CATALOGUES_DIR = resolve(fileURLToPath(new URL('./i18n', import.meta.url)));

interface Template {
  pattern: RegExp;
  names: string[];
  translation: string;
}

interface LanguageCatalogue {
  exact: Map<string, string>;
  templates: Template[];
  /** Every key, templates included, as written. */
  keys: Map<string, string>;
}

export interface ServerMessages {
  /** Languages with a catalogue besides English. */
  languages: ReadonlySet<string>;
  /** The language of an `Accept-Language` header among those; undefined for English. */
  languageOf(acceptLanguage: string | undefined): string | undefined;
  /** `text` in `language` (as it is when the language is English or the text unknown). */
  translate(text: string, language: string | undefined): string;
  /**
   * The translation of a catalogue's English key itself, a template's placeholders kept (an e-mail's
   * texts are translated before their values are put in); the key when there is none.
   */
  translateKey(english: string, language: string | undefined): string;
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template's pattern: the English text with each `{{name}}` standing for any value. */
function compileTemplate(english: string, translation: string): Template {
  const names: string[] = [];
  const source = english
    .split(PLACEHOLDER)
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return '(.+?)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`, 's'), names, translation };
}

function readCatalogue(file: string): Record<string, string> {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`${file}: a catalogue is an object of English text -> translation`);
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
}

/**
 * Reads the server's catalogues (`cataloguesDir`, default server/i18n) and those of the services
 * under `servicesDir`. The server's own texts win over a service's.
 */
export function readServerMessages(
  options: { cataloguesDir?: string; servicesDir?: string | null } = {},
): ServerMessages {
  const cataloguesDir = options.cataloguesDir ?? SERVER_CATALOGUES_DIR;
  const catalogues = new Map<string, LanguageCatalogue>();
  const files = existsSync(cataloguesDir) ? readdirSync(cataloguesDir).sort() : [];
  for (const file of files) {
    const language = /^([a-z]{2})\.json$/.exec(file)?.[1];
    if (!language || language === 'en') continue;
    const catalogue: LanguageCatalogue = { exact: new Map(), templates: [], keys: new Map() };
    for (const [english, translation] of Object.entries(readCatalogue(join(cataloguesDir, file)))) {
      catalogue.keys.set(english, translation);
      if (english.includes('{{')) catalogue.templates.push(compileTemplate(english, translation));
      else catalogue.exact.set(english, translation);
    }
    catalogues.set(language, catalogue);
  }
  const servicesDir = options.servicesDir;
  if (servicesDir && existsSync(servicesDir)) {
    for (const folder of readdirSync(servicesDir).sort()) {
      for (const [language, catalogue] of catalogues) {
        const file = join(servicesDir, folder, 'i18n', `${language}.json`);
        if (!existsSync(file)) continue;
        for (const [english, translation] of Object.entries(readCatalogue(file))) {
          if (!catalogue.exact.has(english)) catalogue.exact.set(english, translation);
          if (!catalogue.keys.has(english)) catalogue.keys.set(english, translation);
        }
      }
    }
  }

  const translate = (text: string, language: string | undefined): string => {
    const catalogue = language === undefined ? undefined : catalogues.get(language);
    if (!catalogue) return text;
    const exact = catalogue.exact.get(text);
    if (exact !== undefined) return exact;
    for (const template of catalogue.templates) {
      const match = template.pattern.exec(text);
      if (!match) continue;
      // A value that is itself a known text (a service's title) is translated too.
      return template.names.reduce((out, name, index) => {
        const value = match[index + 1] ?? '';
        return out.split(`{{${name}}}`).join(catalogue.exact.get(value) ?? value);
      }, template.translation);
    }
    return text;
  };
  const languages = new Set(catalogues.keys());
  return {
    languages,
    languageOf: (acceptLanguage) => chosenLanguage(acceptLanguage, languages),
    translate,
    translateKey: (english, language) =>
      (language === undefined ? undefined : catalogues.get(language)?.keys.get(english)) ?? english,
  };
}

/**
 * An error answer's `data` with its field messages translated (`{ fields: [{ field, message }] }`,
 * the validation answer); any other data as it is.
 */
export function translateErrorData(data: unknown, translate: (text: string) => string): unknown {
  if (typeof data !== 'object' || data === null || !('fields' in data)) return data;
  const fields = (data as { fields: unknown }).fields;
  if (!Array.isArray(fields)) return data;
  return {
    ...data,
    fields: fields.map((field: unknown) =>
      typeof field === 'object' && field !== null && typeof (field as { message?: unknown }).message === 'string'
        ? { ...field, message: translate((field as { message: string }).message) }
        : field,
    ),
  };
}
