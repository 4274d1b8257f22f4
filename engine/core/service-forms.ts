/**
 * The forms of a service: one, or one per variant (the Basel and Rotterdam forms of a licence). A
 * module of its own, without the loader's Ajv, because the page reads it too.
 */
import type { ServiceDefinition } from './definition-types';
import { fieldsOfCall } from './payload-mapping';
import { definedProperties } from './schema-walk';
import { isRecord } from './value-path';

/** Every form of a definition: its variants, or itself when it has one form. */
export function formsOf(definition: ServiceDefinition): ServiceDefinition[] {
  return definition.variants ? definition.variants.options : [definition];
}

/** What names a service's forms: its key, and its version when it is an earlier one. */
export type VersionedKeyParts = Pick<ServiceDefinition, 'key'> &
  Partial<Pick<ServiceDefinition, 'version' | 'superseded'>>;

/**
 * The key of a service as its forms are filed: the service key, `<key>@<version>` for an earlier
 * version kept for the applications submitted under it.
 */
export function versionedKey(definition: VersionedKeyParts): string {
  return definition.superseded ? `${definition.key}@${definition.version}` : definition.key;
}

/**
 * The key of one form of a service: the service key (`versionedKey`), or `<service key>.<variant key>`
 * for a variant. Whatever is made per form (its precompiled validator) is filed under it.
 */
export function formKey(definition: VersionedKeyParts & Pick<ServiceDefinition, 'variant'>): string {
  const key = versionedKey(definition);
  return definition.variant ? `${key}.${definition.variant.key}` : key;
}

/** The variant of a definition by key (the definition itself when it has one form). */
export function variantOf(definition: ServiceDefinition, key: string | undefined): ServiceDefinition | undefined {
  if (!definition.variants) return definition;
  return definition.variants.options.find((option) => option.variant?.key === key);
}

/**
 * The form an existing application was made with: the one whose record the `application/{id}`
 * answer holds (a licence holds a Basel or a Rotterdam record), the first form when none is saved yet.
 */
export function formOfApplication(
  definition: ServiceDefinition,
  application: Readonly<Record<string, unknown>>,
): ServiceDefinition {
  const forms = formsOf(definition);
  const saved = forms.find((form) => isRecord(application[form.view.record]));
  return saved ?? (forms[0] as ServiceDefinition);
}

/**
 * The form data an application was submitted with, as its form reads it: the saved record, plus the
 * fields the pipeline's follow-up calls saved under their own names (the transit rows of a Basel
 * licence), so a returned application is corrected with everything it holds.
 */
export function savedFormData(
  form: Pick<ServiceDefinition, 'view' | 'submit' | 'formSchema'>,
  application: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const record = application[form.view.record];
  const data: Record<string, unknown> = isRecord(record) ? { ...record } : {};
  const properties = definedProperties(form.formSchema);
  for (const call of form.submit.calls) {
    const saved = application[call.name];
    if (call.savesRecord || !isRecord(saved)) continue;
    for (const field of fieldsOfCall(call, [...properties.keys()]))
      if (field in saved) data[field] = rowsOfItems(saved[field], properties.get(field));
  }
  return data;
}

/**
 * Rows of a saved list with only the fields its item schema declares: the server adds what it looked
 * up (a waste identification's name) to saved rows, which the form does not edit.
 */
function rowsOfItems(value: unknown, schema: Record<string, unknown> | undefined): unknown {
  const items = schema?.items;
  if (!Array.isArray(value) || !isRecord(items) || !isRecord(items.properties)) return value;
  const declared = Object.keys(items.properties);
  return value.map((row) =>
    isRecord(row) ? Object.fromEntries(Object.entries(row).filter(([key]) => declared.includes(key))) : row,
  );
}
