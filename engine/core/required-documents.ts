import type { FileKind, JsonSchema, ServiceDefinition } from './definition-types';
import type { LocalizedExtraUpload } from './localize-definition';
import type { SchemaMatcher } from './schema-walk';

/**
 * The upload slots of the documents step: the service's attachment list from the API (when the
 * definition asks for it) plus the definition's extra uploads whose `when` holds for the form data.
 */

/**
 * A document of a service's list as the upload slots read it: an entry of the API's answer
 * (`ServiceAttachment`, engine/core/api-types.ts) in the portal, a row of the table on the server.
 */
export interface ListedDocument {
  id?: number;
  /** The English name an upload of this document is filed under (its `description`). */
  name: string;
  description?: string | null;
  info?: string | null;
  is_mandatory?: boolean | number | string | null;
  /** The name, description and hint in the language the list was asked in, when translated. */
  label?: string;
  description_label?: string | null;
  info_label?: string | null;
}

export interface UploadSlot {
  /** Stable name, sent as the upload's description. */
  name: string;
  /** Shown instead of `name` when the definition is translated (the name itself stays English). */
  label?: string;
  description: string;
  info?: string;
  required: boolean;
  accept: FileKind[];
  requiredMessage?: string;
}

function isMandatory(value: ListedDocument['is_mandatory']): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/**
 * Upload slots for the current form data, service attachments first. A service attachment named in
 * `documents.mandatoryWhen` is mandatory only when its condition holds too; an extra upload is asked for
 * when its `when` schema holds for the data, answered by `matches` (the form's precompiled validator
 * in the page, Ajv on the server).
 */
export function uploadSlots(
  definition: Pick<ServiceDefinition, 'documents'>,
  serviceAttachments: readonly ListedDocument[] | null | undefined,
  formData: Record<string, unknown> | null | undefined,
  matches: SchemaMatcher,
): UploadSlot[] {
  const { documents } = definition;
  const slots: UploadSlot[] = [];
  const mandatoryHolds = (condition: JsonSchema | undefined) => !condition || matches(condition, formData ?? {});
  if (documents.serviceAttachments) {
    for (const a of serviceAttachments ?? []) {
      const slot: UploadSlot = {
        name: a.name,
        description: a.description_label ?? a.description ?? '',
        required: isMandatory(a.is_mandatory) && mandatoryHolds(documents.mandatoryWhen?.[a.name]),
        accept: [...documents.accept],
      };
      const info = a.info_label ?? a.info;
      if (info) slot.info = info;
      if (a.label && a.label !== a.name) slot.label = a.label;
      slots.push(slot);
    }
  }
  for (const extra of documents.extra ?? []) {
    if (extra.when && !matches(extra.when, formData ?? {})) continue;
    const slot: UploadSlot = {
      name: extra.name,
      description: extra.description ?? '',
      required: extra.required === true,
      accept: [...(extra.accept ?? documents.accept)],
    };
    if (extra.requiredMessage) slot.requiredMessage = extra.requiredMessage;
    const label = (extra as LocalizedExtraUpload).label;
    if (label && label !== extra.name) slot.label = label;
    slots.push(slot);
  }
  return slots;
}

/**
 * The names to show for the documents of an application, by the English name each upload is filed
 * under: the service attachments' labels (from a list asked for in the reader's language), the
 * translated definition's extra uploads and its applicant tasks' uploads (the audit's reports). A
 * name with no label is left out (shown as it is).
 */
export function documentLabels(
  definition: Pick<ServiceDefinition, 'documents'> & Partial<Pick<ServiceDefinition, 'tasks'>>,
  serviceAttachments: readonly ListedDocument[] | null | undefined,
): Map<string, string> {
  const labels = new Map<string, string>();
  for (const a of serviceAttachments ?? []) if (a.label) labels.set(a.name, a.label);
  const uploads = [...(definition.documents.extra ?? []), ...(definition.tasks ?? []).flatMap((task) => task.uploads)];
  for (const upload of uploads) {
    const label = (upload as LocalizedExtraUpload).label;
    if (label) labels.set(upload.name, label);
  }
  return labels;
}

function hasFile(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasFile);
  return value !== undefined && value !== null && value !== '' && value !== false;
}

/**
 * Names of required slots with no file chosen. `chosen` maps slot names to a File, a list of
 * files, or an existing attachment (edit mode counts what is already uploaded).
 */
export function missingUploads(slots: readonly UploadSlot[], chosen: Record<string, unknown>): string[] {
  return slots.filter((s) => s.required && !hasFile(chosen[s.name])).map((s) => s.name);
}

/** Main export. */
export const requiredDocuments = uploadSlots;
