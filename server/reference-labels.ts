/**
 * Reference data in the caller's language. The seed files keep English names, which records store
 * and service rules compare (`consumption_area_name` is 'Other'); `fixtures/lookups/i18n/<lang>.json`
 * gives each lookup entry, service and service attachment a translation, which the API answers beside
 * the English text as `label` (and a service's or attachment's `description_label`, an attachment's
 * `info_label`), in the language of `Accept-Language`. An attachment's English name stays what an
 * upload is filed under.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { chosenLanguage } from './accept-language';

const labelsFileSchema = z.object({
  lookups: z.record(z.string(), z.record(z.string(), z.string().min(1))),
  services: z.record(z.string(), z.object({ name: z.string().min(1), description: z.string().min(1) })),
  /** The documents of `service-attachments.json` by English name (several services share one). */
  attachments: z
    .record(
      z.string(),
      z.object({ name: z.string().min(1), description: z.string().min(1), info: z.string().min(1).optional() }),
    )
    .default({}),
});

export type LanguageLabels = z.infer<typeof labelsFileSchema>;

/** The translations of reference data by language code; English, the source, has none. */
export type ReferenceLabels = ReadonlyMap<string, LanguageLabels>;

/**
 * Reads `<lookupsDir>/i18n/<lang>.json`. A missing folder means English only.
 * @throws Error naming the file when one is malformed.
 */
export function readReferenceLabels(lookupsDir: string): ReferenceLabels {
  const dir = join(lookupsDir, 'i18n');
  const labels = new Map<string, LanguageLabels>();
  if (!existsSync(dir)) return labels;
  for (const file of readdirSync(dir).sort()) {
    const language = /^([a-z]{2})\.json$/.exec(file)?.[1];
    if (!language) continue;
    const parsed = labelsFileSchema.safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Invalid reference translations ${join(dir, file)}: ${issues}`);
    }
    labels.set(language, parsed.data);
  }
  return labels;
}

/**
 * The translations for an `Accept-Language` header: those of its first language (by order, then
 * quality) that has some, or none (English) when it names none of them.
 */
export function labelsFor(labels: ReferenceLabels, acceptLanguage: string | undefined): LanguageLabels | undefined {
  const language = chosenLanguage(acceptLanguage, labels);
  return language === undefined ? undefined : labels.get(language);
}

/** A lookup entry's name in the caller's language (its English name when not translated). */
export function lookupLabel(labels: LanguageLabels, kind: string, name: string): string {
  return labels.lookups[kind]?.[name] ?? name;
}

/** A service's name and description in the caller's language. */
export function serviceLabels(
  labels: LanguageLabels,
  service: { id: number; name: string; description: string | null },
): { label: string; description_label: string | null } {
  const translated = labels.services[String(service.id)];
  return { label: translated?.name ?? service.name, description_label: translated?.description ?? service.description };
}

/** A service attachment's name, description and hint in the caller's language (English when not translated). */
export function attachmentLabels(
  labels: LanguageLabels,
  attachment: { name: string; description: string | null; info: string | null },
): { label: string; description_label: string | null; info_label: string | null } {
  const translated = labels.attachments[attachment.name];
  return {
    label: translated?.name ?? attachment.name,
    description_label: translated?.description ?? attachment.description,
    info_label: translated?.info ?? attachment.info,
  };
}
