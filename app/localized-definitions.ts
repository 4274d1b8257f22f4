import { type ServiceDefinition, localizeDefinition } from '../engine/core';
import { hasServiceCatalogues, serviceTranslator } from './i18n';

/**
 * The definitions the portal renders: each passed through `localizeDefinition` with its service
 * catalogue of the interface language. A copy is made once per definition and language and then
 * reused, so its form schema stays the same object across renders (the form validators cache their
 * compiled schemas per schema object). The server keeps validating with the English originals.
 */
const copies = new WeakMap<ServiceDefinition, Map<string, ServiceDefinition>>();
const lists = new WeakMap<ServiceDefinition[], Map<string, ServiceDefinition[]>>();

function cached<K extends object, V>(cache: WeakMap<K, Map<string, V>>, key: K, language: string, make: () => V): V {
  let byLanguage = cache.get(key);
  if (!byLanguage) {
    byLanguage = new Map();
    cache.set(key, byLanguage);
  }
  let value = byLanguage.get(language);
  if (value === undefined) {
    value = make();
    byLanguage.set(language, value);
  }
  return value;
}

/**
 * One definition in `language`: the original in English, and also while the language's catalogues
 * are not loaded yet (the portal loads them before switching, so that is only a moment).
 */
export function localizedDefinition(definition: ServiceDefinition, language: string): ServiceDefinition {
  const translate = language === 'en' ? undefined : serviceTranslator(definition, language);
  if (!translate) return definition;
  return cached(copies, definition, language, () => localizeDefinition(definition, translate));
}

/** Every definition in `language`; the same array (and objects) for the same input and language. */
export function localizedDefinitions(definitions: ServiceDefinition[], language: string): ServiceDefinition[] {
  if (language === 'en' || !hasServiceCatalogues(language)) return definitions;
  return cached(lists, definitions, language, () =>
    definitions.map((definition) => localizedDefinition(definition, language)),
  );
}
