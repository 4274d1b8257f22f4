/**
 * `npm run i18n:check`: every translation the portal needs is there.
 *
 * - Catalogue groups: each `i18n/` folder with an `en.json` under `app/` (one per feature) and
 *   `engine/` (the wizard's). Every other language of `app/i18n/languages.ts` must have the same keys
 *   as English: plural keys (`_one`/`_other` in English) in the language's own plural forms (Russian
 *   `_one`/`_few`/`_many`/`_other`, Italian and Spanish also `_many`), no empty text, every
 *   `{{placeholder}}` of the English text and no unknown one. English keys defined by two groups are
 *   reported too (the merge would silently keep one).
 * - Service definitions: every text of `definitionStrings()` translated in
 *   `services/<key>/i18n/<lang>.json` (English text -> translation) or in the catalogue of a shared
 *   fragment folder the service includes (`services/<fragment>/i18n/<lang>.json`), and nothing stale.
 *
 * - Reference data: every entry of the seeded lookup lists (`fixtures/lookups/<kind>.json`, except
 *   lists of proper names marked `"translated": false`) and every service's name and description
 *   translated in `fixtures/lookups/i18n/<lang>.json`, and nothing stale.
 * - Server messages: every text of `server/i18n/en.json` (the API's messages, the platform's status
 *   e-mails) translated in `server/i18n/<lang>.json` with its `{{values}}` (and `{values}`, the
 *   e-mails'), and nothing stale.
 *
 * - Copies: in every catalogue, an entry equal to its English text (one with words, not only
 *   placeholders) is reported `untranslated`, unless the catalogue lists that English text in its
 *   `"$same"` list, the texts that are the same in its language on purpose (names, acronyms: `"$same":
 *   ["PDF", "UPI"]`). A listed text the catalogue does not hold is stale (`extra $same`). The list is
 *   one key of the file, so the translators see what was kept on purpose beside what they translate,
 *   and the portal and the server, which read text entries only, need no change.
 *
 * Prints one line per problem, `<lang> <file>: missing <key>` (also `extra`, `empty`, `placeholder`,
 * `untranslated`), and exits 1 when there is any; otherwise one OK line.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANGUAGES } from '../app/i18n/languages';
import { loadServiceDefinitions } from '../engine/core/load-definitions';
import { catalogueFolders } from '../engine/core/catalogue-translator';
import { withoutFormat } from '../engine/core/definition-includes';
import { definitionStrings } from '../engine/core/localize-definition';
import { readServiceFiles } from '../engine/core/node/read-service-files';
import { isRecord } from '../engine/core/value-path';

export type I18nProblemKind =
  | 'missing'
  | 'extra'
  | 'empty'
  | 'placeholder'
  | 'not-text'
  | 'duplicate'
  | 'missing-file'
  | 'invalid-json'
  | 'untranslated';

export interface I18nProblem {
  language: string;
  /** File relative to the project root, with `/` separators. */
  file: string;
  kind: I18nProblemKind;
  /** Dotted key of a catalogue, or the English text (JSON-quoted) of a service catalogue. */
  key: string;
  detail?: string;
}

export interface I18nCheckResult {
  ok: boolean;
  problems: I18nProblem[];
  /** The lines to print: one per problem, or the OK summary. */
  lines: string[];
}

export interface I18nCheckOptions {
  /** Languages to check besides English; default: those of app/i18n/languages.ts. */
  languages?: string[];
  /** Folders (relative to the root) searched for catalogue groups. */
  catalogueRoots?: string[];
}

/** One problem as printed. */
export function formatI18nProblem(problem: I18nProblem): string {
  const head = `${problem.language} ${problem.file}:`;
  switch (problem.kind) {
    case 'missing-file':
      return `${head} missing file${problem.detail ? ` (${problem.detail})` : ''}`;
    case 'invalid-json':
      return `${head} not valid JSON: ${problem.detail ?? ''}`;
    case 'placeholder':
      return `${head} placeholder ${problem.detail ?? ''} in ${problem.key}`;
    case 'not-text':
      return `${head} not a text ${problem.key}`;
    case 'duplicate':
      return `${head} duplicate ${problem.key}${problem.detail ? ` (${problem.detail})` : ''}`;
    case 'untranslated':
      return `${head} untranslated ${problem.key} (as in English: translate it, or list it in "${SAME_KEY}" if it is the same on purpose)`;
    default:
      return `${head} ${problem.kind} ${problem.key}`;
  }
}

type Json = unknown;

/** The key of a catalogue listing the English texts it keeps the same on purpose (names, acronyms). */
export const SAME_KEY = '$same';

/**
 * Whether `translation` is an English text copied, not translated: the same text, holding words
 * (letters outside its `{{placeholders}}` and `{placeholders}`; "{{document}} ({{id}})" has none to
 * translate), and not listed in the catalogue's `$same`.
 */
export function isUntranslatedCopy(english: string, translation: string, same: ReadonlySet<string>): boolean {
  if (translation !== english || same.has(english)) return false;
  return /\p{L}/u.test(english.replace(/\{\{[^}]*\}\}/g, '').replace(/\{\w+\}/g, ''));
}

/**
 * A catalogue's `$same` list, the English texts it keeps the same on purpose, and the catalogue
 * without it; a `$same` that is not a list of texts is reported in `problems`.
 */
export function sameTexts(
  catalogue: Record<string, Json>,
  language: string,
  file: string,
  problems: I18nProblem[],
): { same: Set<string>; entries: Record<string, Json> } {
  const { [SAME_KEY]: listed, ...entries } = catalogue;
  if (listed === undefined) return { same: new Set(), entries };
  if (!Array.isArray(listed) || !listed.every((text) => typeof text === 'string')) {
    problems.push({ language, file, kind: 'not-text', key: SAME_KEY, detail: 'a list of English texts' });
    return { same: new Set(), entries };
  }
  return { same: new Set(listed), entries };
}

/** Reports the texts of `same` that are not among `english`: marks left behind by a text since changed. */
function staleSame(
  same: ReadonlySet<string>,
  english: ReadonlySet<string>,
  language: string,
  file: string,
): I18nProblem[] {
  return [...same]
    .filter((text) => !english.has(text))
    .map((text) => ({ language, file, kind: 'extra' as const, key: `${SAME_KEY} ${JSON.stringify(text)}` }));
}

/** Leaf keys of a nested catalogue, dotted; non-text leaves are returned as they are. */
export function flattenCatalogue(catalogue: Record<string, Json>, prefix = ''): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const [key, value] of Object.entries(catalogue)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (isRecord(value)) for (const [k, v] of flattenCatalogue(value, full)) out.set(k, v);
    else out.set(full, value);
  }
  return out;
}

/** Placeholder names of a text (engine/core/translator.ts): `{{count}}`, `{{ name, uppercase }}` -> count, name. */
export function placeholders(text: string): Set<string> {
  return new Set([...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1] ?? ''));
}

const PLURAL_SUFFIX = /^(.*)_(zero|one|two|few|many|other)$/;

/** The plural forms the translator asks for in `language` (from the platform's CLDR data). */
export function pluralForms(language: string): string[] {
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
}

/** English keys grouped: plain keys, and plural bases (those with an `_other` form) with their forms. */
function englishShape(english: Map<string, Json>): { plain: string[]; plurals: Map<string, Map<string, Json>> } {
  const plurals = new Map<string, Map<string, Json>>();
  for (const key of english.keys()) {
    const match = PLURAL_SUFFIX.exec(key);
    if (match && english.has(`${match[1]}_other`)) {
      const base = match[1] ?? '';
      if (!plurals.has(base)) plurals.set(base, new Map());
      plurals.get(base)?.set(match[2] ?? '', english.get(key));
    }
  }
  const plain = [...english.keys()].filter((key) => {
    const match = PLURAL_SUFFIX.exec(key);
    return !(match && plurals.has(match[1] ?? ''));
  });
  return { plain, plurals };
}

/** Compares one language's catalogue with English (both flattened). */
export function compareCatalogue(
  english: Map<string, Json>,
  translated: Map<string, Json>,
  language: string,
  file: string,
  same: ReadonlySet<string> = new Set(),
): I18nProblem[] {
  const problems: I18nProblem[] = [];
  const report = (kind: I18nProblemKind, key: string, detail?: string) =>
    problems.push(detail === undefined ? { language, file, kind, key } : { language, file, kind, key, detail });
  const { plain, plurals } = englishShape(english);
  const expected = new Map<string, Json>();
  for (const key of plain) expected.set(key, english.get(key));
  const forms = pluralForms(language);
  for (const [base, englishForms] of plurals) {
    const model = englishForms.get('other');
    for (const form of forms) expected.set(`${base}_${form}`, model);
  }
  const optional = new Set([...plurals.keys()].map((base) => `${base}_zero`));

  for (const [key, englishText] of expected) {
    if (!translated.has(key)) {
      report('missing', key);
      continue;
    }
    const value = translated.get(key);
    if (typeof value !== 'string') {
      report('not-text', key);
      continue;
    }
    if (value.trim() === '') {
      report('empty', key);
      continue;
    }
    if (typeof englishText !== 'string') continue;
    // A plural form is compared with the English form of its own name only (Russian `_few` has none).
    const englishForm = english.get(key);
    if (typeof englishForm === 'string' && isUntranslatedCopy(englishForm, value, same)) report('untranslated', key);
    const wanted = placeholders(englishText);
    const given = placeholders(value);
    for (const name of wanted) if (!given.has(name)) report('placeholder', key, `{{${name}}} missing`);
    for (const name of given) if (!wanted.has(name)) report('placeholder', key, `{{${name}}} unknown`);
  }
  for (const key of translated.keys()) {
    if (!expected.has(key) && !optional.has(key)) report('extra', key);
  }
  return problems;
}

function readJson(path: string): { value?: Json; error?: string } {
  try {
    return { value: JSON.parse(readFileSync(path, 'utf8')) as Json };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Folders named `i18n` holding an `en.json`, under `dir` (node_modules left out), sorted. */
export function findCatalogueGroups(root: string, dirs: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (!statSync(path).isDirectory()) continue;
      if (name === 'i18n' && existsSync(join(path, 'en.json'))) found.push(path);
      walk(path);
    }
  };
  for (const dir of dirs) walk(join(root, dir));
  return found;
}

const toPosix = (path: string): string => path.split('\\').join('/');

function checkGroups(
  root: string,
  languages: string[],
  catalogueRoots: string[],
): { groups: number; problems: I18nProblem[] } {
  const problems: I18nProblem[] = [];
  const groups = findCatalogueGroups(root, catalogueRoots);
  const owners = new Map<string, string>();
  for (const dir of groups) {
    const enFile = toPosix(relative(root, join(dir, 'en.json')));
    const en = readJson(join(dir, 'en.json'));
    if (en.error !== undefined || !isRecord(en.value)) {
      problems.push({
        language: 'en',
        file: enFile,
        kind: 'invalid-json',
        key: '',
        detail: en.error ?? 'not an object',
      });
      continue;
    }
    const english = flattenCatalogue(en.value);
    for (const [key, value] of english) {
      if (typeof value !== 'string') problems.push({ language: 'en', file: enFile, kind: 'not-text', key });
      else if (value.trim() === '') problems.push({ language: 'en', file: enFile, kind: 'empty', key });
      const owner = owners.get(key);
      if (owner) problems.push({ language: 'en', file: enFile, kind: 'duplicate', key, detail: `also in ${owner}` });
      else owners.set(key, enFile);
    }
    for (const language of languages) {
      const path = join(dir, `${language}.json`);
      const file = toPosix(relative(root, path));
      if (!existsSync(path)) {
        problems.push({ language, file, kind: 'missing-file', key: '', detail: `${english.size} key(s)` });
        continue;
      }
      const read = readJson(path);
      if (read.error !== undefined || !isRecord(read.value)) {
        problems.push({ language, file, kind: 'invalid-json', key: '', detail: read.error ?? 'not an object' });
        continue;
      }
      const { same, entries } = sameTexts(read.value, language, file, problems);
      problems.push(...compareCatalogue(english, flattenCatalogue(entries), language, file, same));
      const texts = new Set([...english.values()].filter((value): value is string => typeof value === 'string'));
      problems.push(...staleSame(same, texts, language, file));
    }
  }
  return { groups: groups.length, problems };
}

/** A service catalogue as read: its entries, or the problem that stops it being read. */
function readServiceCatalogue(
  root: string,
  folder: string,
  language: string,
): {
  file: string;
  exists: boolean;
  catalogue?: Record<string, unknown>;
  /** Its `$same` list: English texts kept the same on purpose. */
  same?: Set<string>;
  problem?: I18nProblem;
} {
  const path = join(root, 'services', folder, 'i18n', `${language}.json`);
  const file = toPosix(relative(root, path));
  if (!existsSync(path)) return { file, exists: false };
  const read = readJson(path);
  if (read.error !== undefined || !isRecord(read.value))
    return {
      file,
      exists: true,
      problem: { language, file, kind: 'invalid-json', key: '', detail: read.error ?? 'not an object' },
    };
  // Its `$schema` is for editors (schemas/catalogue.schema.json), not a text; its `$same` a list of texts.
  const problems: I18nProblem[] = [];
  const { same, entries } = sameTexts(withoutFormat(read.value) as Record<string, unknown>, language, file, problems);
  return { file, exists: true, catalogue: entries, same, ...(problems[0] ? { problem: problems[0] } : {}) };
}

/**
 * Every text of a service must be translated by its own catalogue or by the catalogue of a shared
 * fragment it includes (`services/licence-forms/i18n/<lang>.json`): the first that has it, as the
 * portal's translator reads them. A key no service reading the catalogue uses is stale.
 */
function checkServices(root: string, languages: string[]): { services: number; problems: I18nProblem[] } {
  const problems: I18nProblem[] = [];
  const servicesDir = join(root, 'services');
  if (!existsSync(servicesDir)) return { services: 0, problems };
  // Definitions with problems are left out here: services:check reports those.
  const { definitions } = loadServiceDefinitions(readServiceFiles(servicesDir).files);
  for (const language of languages) {
    /** Texts used per catalogue folder, for the stale keys. */
    const used = new Map<string, Set<string>>();
    const catalogues = new Map<string, ReturnType<typeof readServiceCatalogue>>();
    const catalogueOf = (folder: string) => {
      let read = catalogues.get(folder);
      if (!read) {
        read = readServiceCatalogue(root, folder, language);
        catalogues.set(folder, read);
        if (read.problem) problems.push(read.problem);
      }
      return read;
    };
    for (const definition of definitions) {
      const strings = definitionStrings(definition);
      const folders = catalogueFolders(definition);
      for (const folder of folders) {
        const texts = used.get(folder) ?? new Set<string>();
        for (const text of strings) texts.add(text);
        used.set(folder, texts);
      }
      const own = catalogueOf(definition.key);
      const readable = folders.map(catalogueOf).filter((read) => read.catalogue !== undefined);
      const untranslated: string[] = [];
      for (const text of strings) {
        const holder = readable.find((read) => read.catalogue && text in read.catalogue);
        const key = JSON.stringify(text);
        if (!holder) untranslated.push(text);
        else if (typeof holder.catalogue?.[text] !== 'string')
          problems.push({ language, file: holder.file, kind: 'not-text', key });
        else if ((holder.catalogue[text] as string).trim() === '')
          problems.push({ language, file: holder.file, kind: 'empty', key });
        else if (isUntranslatedCopy(text, holder.catalogue[text] as string, holder.same ?? new Set()))
          problems.push({ language, file: holder.file, kind: 'untranslated', key });
      }
      if (untranslated.length === 0 || own.problem) continue;
      if (!own.exists)
        problems.push({
          language,
          file: own.file,
          kind: 'missing-file',
          key: '',
          detail: `${untranslated.length} text(s)`,
        });
      else
        for (const text of untranslated)
          problems.push({ language, file: own.file, kind: 'missing', key: JSON.stringify(text) });
    }
    for (const [folder, read] of catalogues) {
      const texts = used.get(folder) ?? new Set<string>();
      for (const text of Object.keys(read.catalogue ?? {}))
        if (!texts.has(text)) problems.push({ language, file: read.file, kind: 'extra', key: JSON.stringify(text) });
      problems.push(...staleSame(read.same ?? new Set(), texts, language, read.file));
    }
  }
  // A fragment's catalogue serves several services: each of its problems is reported once.
  const lines = new Set<string>();
  const once = problems.filter((problem) => {
    const line = formatI18nProblem(problem);
    if (lines.has(line)) return false;
    lines.add(line);
    return true;
  });
  return { services: definitions.length, problems: once };
}

/** The English texts of the reference data to translate: lookup names by kind, services by id, documents by name. */
function referenceTexts(lookupsDir: string): {
  lookups: Map<string, Set<string>>;
  /** Services by id: their English name and description. */
  services: Map<string, { name: string; description: string }>;
  /** Service attachments by English name: the description, and the hint (`info`) when one has it. */
  attachments: Map<string, { description: string; info?: string }>;
} {
  const lookups = new Map<string, Set<string>>();
  const services = new Map<string, { name: string; description: string }>();
  const attachments = new Map<string, { description: string; info?: string }>();
  for (const file of readdirSync(lookupsDir).sort()) {
    if (!file.endsWith('.json')) continue;
    const read = readJson(join(lookupsDir, file));
    if (!isRecord(read.value) && !Array.isArray(read.value)) continue;
    if (file === 'services.json' && Array.isArray(read.value)) {
      for (const service of read.value.filter(isRecord))
        services.set(String(service.id), { name: String(service.name), description: String(service.description) });
      continue;
    }
    if (file === 'service-attachments.json' && Array.isArray(read.value)) {
      for (const item of read.value.filter(isRecord)) {
        const name = String(item.name);
        const info = typeof item.info === 'string' && item.info.trim() !== '' ? item.info : attachments.get(name)?.info;
        const description = attachments.get(name)?.description ?? String(item.description);
        attachments.set(name, info === undefined ? { description } : { description, info });
      }
      continue;
    }
    const list = read.value;
    if (!isRecord(list) || typeof list.kind !== 'string' || !Array.isArray(list.items) || list.translated === false)
      continue;
    lookups.set(list.kind, new Set(list.items.filter(isRecord).map((item) => String(item.name))));
  }
  return { lookups, services, attachments };
}

/**
 * A language's translation file as an object, or undefined after reporting it missing or not a JSON
 * object in `problems`.
 */
function readLanguageFile(
  path: string,
  language: string,
  file: string,
  problems: I18nProblem[],
): Record<string, Json> | undefined {
  if (!existsSync(path)) {
    problems.push({ language, file, kind: 'missing-file', key: '' });
    return undefined;
  }
  const read = readJson(path);
  if (isRecord(read.value)) return read.value as Record<string, Json>;
  problems.push({ language, file, kind: 'invalid-json', key: '', detail: read.error ?? 'not an object' });
  return undefined;
}

/** Checks `fixtures/lookups/i18n/<lang>.json` against the seeded reference data. */
function checkReference(root: string, languages: string[]): { lists: number; problems: I18nProblem[] } {
  const problems: I18nProblem[] = [];
  const lookupsDir = join(root, 'fixtures/lookups');
  if (!existsSync(lookupsDir)) return { lists: 0, problems };
  const texts = referenceTexts(lookupsDir);
  for (const language of languages) {
    const path = join(lookupsDir, 'i18n', `${language}.json`);
    const file = toPosix(relative(root, path));
    const read = readLanguageFile(path, language, file, problems);
    if (!read) continue;
    const { same, entries: catalogue } = sameTexts(read, language, file, problems);
    const lookups = isRecord(catalogue.lookups) ? catalogue.lookups : {};
    const services = isRecord(catalogue.services) ? catalogue.services : {};
    /** The English texts of the file, for its stale `$same` marks. */
    const english = new Set<string>();
    const text = (key: string, value: unknown, englishText: string) => {
      english.add(englishText);
      if (value === undefined) problems.push({ language, file, kind: 'missing', key });
      else if (typeof value !== 'string') problems.push({ language, file, kind: 'not-text', key });
      else if (value.trim() === '') problems.push({ language, file, kind: 'empty', key });
      else if (isUntranslatedCopy(englishText, value, same))
        problems.push({ language, file, kind: 'untranslated', key });
    };
    for (const [kind, names] of texts.lookups) {
      const translated = isRecord(lookups[kind]) ? lookups[kind] : {};
      for (const name of names) text(`lookups.${kind}.${JSON.stringify(name)}`, translated[name], name);
      for (const name of Object.keys(translated)) {
        if (!names.has(name))
          problems.push({ language, file, kind: 'extra', key: `lookups.${kind}.${JSON.stringify(name)}` });
      }
    }
    for (const kind of Object.keys(lookups)) {
      if (!texts.lookups.has(kind)) problems.push({ language, file, kind: 'extra', key: `lookups.${kind}` });
    }
    for (const [id, englishService] of texts.services) {
      const service = isRecord(services[id]) ? services[id] : {};
      text(`services.${id}.name`, service.name, englishService.name);
      text(`services.${id}.description`, service.description, englishService.description);
    }
    for (const id of Object.keys(services)) {
      if (!texts.services.has(id)) problems.push({ language, file, kind: 'extra', key: `services.${id}` });
    }
    const attachments = isRecord(catalogue.attachments) ? catalogue.attachments : {};
    for (const [name, { description, info }] of texts.attachments) {
      const key = `attachments.${JSON.stringify(name)}`;
      const attachment = isRecord(attachments[name]) ? attachments[name] : {};
      text(`${key}.name`, attachment.name, name);
      text(`${key}.description`, attachment.description, description);
      if (info !== undefined) text(`${key}.info`, attachment.info, info);
    }
    problems.push(...staleSame(same, english, language, file));
    for (const name of Object.keys(attachments)) {
      if (!texts.attachments.has(name))
        problems.push({ language, file, kind: 'extra', key: `attachments.${JSON.stringify(name)}` });
    }
  }
  const lists = texts.lookups.size + (texts.services.size > 0 ? 1 : 0) + (texts.attachments.size > 0 ? 1 : 0);
  return { lists, problems };
}

/**
 * Checks `server/i18n/<lang>.json`, the API's messages (English text -> translation), against
 * `server/i18n/en.json`, which lists them: every text translated, its `{{values}}` and `{values}` (the
 * placeholders of the platform's e-mails, in the definition format) kept, none stale.
 */
function checkServerMessages(root: string, languages: string[]): { messages: number; problems: I18nProblem[] } {
  const dir = join(root, 'server', 'i18n');
  const englishPath = join(dir, 'en.json');
  if (!existsSync(englishPath)) return { messages: 0, problems: [] };
  const problems: I18nProblem[] = [];
  const englishFile = toPosix(relative(root, englishPath));
  const english = readJson(englishPath);
  if (!isRecord(english.value))
    return {
      messages: 0,
      problems: [
        { language: 'en', file: englishFile, kind: 'invalid-json', key: '', detail: english.error ?? 'not an object' },
      ],
    };
  const texts = new Map<string, Json>(Object.keys(english.value).map((text) => [text, text]));
  for (const language of languages) {
    const path = join(dir, `${language}.json`);
    const file = toPosix(relative(root, path));
    const read = readLanguageFile(path, language, file, problems);
    if (!read) continue;
    const { same, entries: catalogue } = sameTexts(read, language, file, problems);
    const translated = new Map<string, Json>(Object.entries(catalogue));
    problems.push(
      ...compareCatalogue(texts, translated, language, file, same).map((problem) => ({
        ...problem,
        key: JSON.stringify(problem.key),
      })),
    );
    problems.push(...staleSame(same, new Set(texts.keys()), language, file));
    for (const text of texts.keys()) {
      const value = translated.get(text);
      if (typeof value !== 'string') continue;
      const report = (detail: string) =>
        problems.push({ language, file, kind: 'placeholder', key: JSON.stringify(text), detail });
      const wanted = formatPlaceholders(text);
      const given = formatPlaceholders(value);
      for (const name of wanted) if (!given.has(name)) report(`{${name}} missing`);
      for (const name of given) if (!wanted.has(name)) report(`{${name}} unknown`);
    }
  }
  return { messages: texts.size, problems };
}

/**
 * The definition format's placeholders of a text, `{app_id}` -> app_id (those of the platform's
 * e-mails, written in its lifecycle base), the server's own `{{values}}` left out.
 */
function formatPlaceholders(text: string): Set<string> {
  return new Set([...text.replace(/\{\{[^}]*\}\}/g, '').matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''));
}

/** Checks the catalogues and service translations under `root` without exiting. */
export function i18nCheck(root: string, options: I18nCheckOptions = {}): I18nCheckResult {
  const languages = options.languages ?? LANGUAGES.map((l) => l.code as string).filter((code) => code !== 'en');
  const catalogueRoots = options.catalogueRoots ?? ['app', 'engine'];
  const groups = checkGroups(root, languages, catalogueRoots);
  const services = checkServices(root, languages);
  const reference = checkReference(root, languages);
  const server = checkServerMessages(root, languages);
  const problems = [...groups.problems, ...services.problems, ...reference.problems, ...server.problems];
  if (problems.length > 0) return { ok: false, problems, lines: problems.map(formatI18nProblem) };
  return {
    ok: true,
    problems,
    lines: [
      `i18n:check OK: ${groups.groups} catalogue group(s), ${services.services} service(s), ` +
        `${reference.lists} reference list(s), ${server.messages} server message(s), ` +
        `languages en + ${languages.join(', ')}`,
    ],
  };
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  const result = i18nCheck(resolve(process.argv[2] ?? '.'));
  for (const line of result.lines) (result.ok ? console.log : console.error)(line);
  process.exitCode = result.ok ? 0 : 1;
}
