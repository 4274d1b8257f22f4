/**
 * The forms of a service: one, or one per variant (the Basel and Rotterdam forms of a licence). A
 * module of its own, without the loader's Ajv, because the page reads it too.
 */
import type { ServiceDefinition } from './definition-types';

/** Every form of a definition: its variants, or itself when it has one form. */
export function formsOf(definition: ServiceDefinition): ServiceDefinition[] {
  return definition.variants ? definition.variants.options : [definition];
}

/**
 * The key of one form of a service: the service key, or `<service key>.<variant key>` for a variant.
 * Whatever is made per form (its precompiled validator) is filed under it.
 */
export function formKey(definition: Pick<ServiceDefinition, 'key' | 'variant'>): string {
  return definition.variant ? `${definition.key}.${definition.variant.key}` : definition.key;
}

/** The variant of a definition by key (the definition itself when it has one form). */
export function variantOf(definition: ServiceDefinition, key: string | undefined): ServiceDefinition | undefined {
  if (!definition.variants) return definition;
  return definition.variants.options.find((option) => option.variant?.key === key);
}
