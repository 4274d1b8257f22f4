/**
 * The translator of the interface texts. Catalogues are nested objects per language
 * (`{ nav: { dashboard: 'Dashboard' } }`, read as `nav.dashboard`), with `{{name}}` placeholders and
 * plural forms as `key_one` / `key_few` / `key_other`, chosen by the language's CLDR rules
 * (Intl.PluralRules); a key a language lacks is read from the fallback language. This is the
 * catalogue format of i18next, which the catalogues keep (scripts/i18n-check.ts checks them against
 * it): these few rules are all the portal uses, and i18next with its React binding weighed a fifth of
 * what a public page may send.
 */

export type Catalogue = { [key: string]: string | Catalogue };

/** Placeholder values, `count` (which also picks the plural form) and the text of a missing key. */
export interface TranslateOptions {
  count?: number;
  defaultValue?: string;
  [placeholder: string]: unknown;
}

export type TranslateFunction = (key: string, options?: TranslateOptions) => string;

function isCatalogue(value: unknown): value is Catalogue {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Deep merge: keys of `over` win, nested objects are merged. */
export function mergeCatalogues(base: Catalogue, over: Catalogue): Catalogue {
  const out: Catalogue = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = isCatalogue(current) && isCatalogue(value) ? mergeCatalogues(current, value) : value;
  }
  return out;
}

/** The text at a dotted key, or undefined when the key is missing or names a group of texts. */
function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (!isCatalogue(node)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `{{ name }}` -> the option's value; a placeholder without a value is left out. */
function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (_, name: string) => {
    const value = options?.[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

export interface TranslatorOptions {
  /** The language shown first; the fallback language by default. */
  language?: string;
  /** Where a key missing in the current language is read (English here). */
  fallbackLanguage: string;
  catalogues?: Record<string, Catalogue>;
}

/**
 * One set of catalogues and the current language. `t` is bound, so it can be handed around; listeners
 * hear every change of language (the React binding re-renders on it).
 */
export class Translator {
  readonly fallbackLanguage: string;
  #language: string;
  readonly #catalogues = new Map<string, Catalogue>();
  readonly #listeners = new Set<(language: string) => void>();
  readonly #pluralRules = new Map<string, Intl.PluralRules>();

  constructor(options: TranslatorOptions) {
    this.fallbackLanguage = options.fallbackLanguage;
    this.#language = options.language ?? options.fallbackLanguage;
    for (const [language, catalogue] of Object.entries(options.catalogues ?? {})) {
      this.addCatalogue(language, catalogue);
    }
  }

  /** The language chosen last. */
  get language(): string {
    return this.#language;
  }

  /** The language whose texts show: the chosen one once it has a catalogue, else the fallback. */
  get resolvedLanguage(): string {
    return this.#catalogues.has(this.#language) ? this.#language : this.fallbackLanguage;
  }

  /** Adds texts to a language (merged into what it has; the new texts win). Catalogues are read, never changed. */
  addCatalogue(language: string, catalogue: Catalogue): void {
    const current = this.#catalogues.get(language);
    this.#catalogues.set(language, current ? mergeCatalogues(current, catalogue) : catalogue);
  }

  /** Switches the language and tells the listeners (nothing happens when it is already current). */
  changeLanguage(language: string): void {
    if (language === this.#language) return;
    this.#language = language;
    for (const listener of [...this.#listeners]) listener(language);
  }

  /** Calls `listener` on every change of language; answers the function that stops it. */
  subscribe(listener: (language: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * The text of `key` in the current language, else in the fallback language, else
   * `options.defaultValue`, else the key itself. With a numeric `count`, the plural form the language
   * asks for (`key_one`, `key_other`...) is read first.
   */
  readonly t: TranslateFunction = (key, options) => this.#translate(this.#language, key, options);

  /** `t` fixed to `language`, whatever the current language becomes. */
  fixedT(language: string): TranslateFunction {
    return (key, options) => this.#translate(language, key, options);
  }

  #translate(language: string, key: string, options: TranslateOptions | undefined): string {
    const languages = language === this.fallbackLanguage ? [language] : [language, this.fallbackLanguage];
    for (const candidate of languages) {
      const catalogue = this.#catalogues.get(candidate);
      if (!catalogue) continue;
      const text =
        (typeof options?.count === 'number'
          ? lookup(catalogue, `${key}_${this.#plural(candidate).select(options.count)}`)
          : undefined) ?? lookup(catalogue, key);
      if (text !== undefined) return interpolate(text, options);
    }
    return options?.defaultValue === undefined ? key : interpolate(options.defaultValue, options);
  }

  #plural(language: string): Intl.PluralRules {
    let rules = this.#pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.#pluralRules.set(language, rules);
    }
    return rules;
  }
}
