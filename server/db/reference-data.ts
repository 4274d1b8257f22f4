/**
 * Reads the seed reference data of `fixtures/lookups/` (see its README) into typed lists, and
 * generates the Rwandan location hierarchy from the `rwanda` package with positional, stable ids.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readReferenceLabels, type ReferenceLabels } from '../reference-labels';

/** Default folder of the seed files (the repository's fixtures/lookups). */
export const DEFAULT_LOOKUPS_DIR = resolve(fileURLToPath(new URL('../../fixtures/lookups', import.meta.url)));

const itemSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  parent_id: z.number().int().nullable().optional(),
  extra: z.record(z.string(), z.unknown()).optional(),
});
const lookupFileSchema = z.object({
  kind: z.string().regex(/^[a-z0-9-]+$/),
  path: z.string().min(1),
  /** False for lists of proper names (suppliers), which keep their names in every language. */
  translated: z.boolean().optional(),
  items: z.array(itemSchema),
});
const locationsFileSchema = z.object({
  generator: z.literal('rwanda'),
  levels: z.array(z.object({ kind: z.string(), path: z.string() })).length(5),
});
const servicesSchema = z.array(z.object({ id: z.number().int(), name: z.string(), description: z.string() }));
const serviceAttachmentsSchema = z.array(
  z.object({
    service_id: z.number().int(),
    name: z.string(),
    description: z.string(),
    info: z.string().nullable(),
    is_mandatory: z.boolean(),
  }),
);
const statusesSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));

export type LookupItem = z.infer<typeof itemSchema>;
/** One lookup list: its kind (table key), API path (`{parent}` = parent id) and items. */
export interface LookupList {
  kind: string;
  path: string;
  items: LookupItem[];
}

export interface ReferenceData {
  lookups: LookupList[];
  services: z.infer<typeof servicesSchema>;
  serviceAttachments: z.infer<typeof serviceAttachmentsSchema>;
  statuses: z.infer<typeof statusesSchema>;
  /** Translations of the lookups and services (`i18n/<lang>.json`), see reference-labels.ts. */
  labels: ReferenceLabels;
}

const SPECIAL_FILES = new Set([
  'locations.json',
  'services.json',
  'service-attachments.json',
  'application-statuses.json',
]);

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid seed file ${file}: ${issues}`);
  }
  return parsed.data;
}

type RwandaTree = Record<string, Record<string, Record<string, Record<string, string[]>>>>;

const byName = (a: string, b: string) => a.localeCompare(b, 'en');

/** The five location levels with ids derived from the position of each name under its parent. */
export function rwandaLocations(levels: Array<{ kind: string; path: string }>): LookupList[] {
  const tree = createRequire(import.meta.url)('rwanda/data/provinces') as RwandaTree;
  const lists: LookupList[] = levels.map((l) => ({ kind: l.kind, path: l.path, items: [] }));
  const [provinces, districts, sectors, cells, villages] = lists as [
    LookupList,
    LookupList,
    LookupList,
    LookupList,
    LookupList,
  ];
  Object.keys(tree)
    .sort(byName)
    .forEach((provinceName, pi) => {
      const pid = pi + 1;
      provinces.items.push({ id: pid, name: provinceName, parent_id: null });
      const districtTree = tree[provinceName] ?? {};
      Object.keys(districtTree)
        .sort(byName)
        .forEach((districtName, di) => {
          const did = pid * 100 + di + 1;
          districts.items.push({ id: did, name: districtName, parent_id: pid });
          const sectorTree = districtTree[districtName] ?? {};
          Object.keys(sectorTree)
            .sort(byName)
            .forEach((sectorName, si) => {
              const sid = did * 100 + si + 1;
              sectors.items.push({ id: sid, name: sectorName, parent_id: did });
              const cellTree = sectorTree[sectorName] ?? {};
              Object.keys(cellTree)
                .sort(byName)
                .forEach((cellName, ci) => {
                  const cid = sid * 100 + ci + 1;
                  cells.items.push({ id: cid, name: cellName, parent_id: sid });
                  [...new Set(cellTree[cellName] ?? [])].sort(byName).forEach((villageName, vi) => {
                    villages.items.push({ id: cid * 100 + vi + 1, name: villageName, parent_id: cid });
                  });
                });
            });
        });
    });
  return lists;
}

/** Reads every seed file of the folder. @throws Error naming the file on a malformed one. */
export function readReferenceData(dir: string = DEFAULT_LOOKUPS_DIR): ReferenceData {
  const lookups: LookupList[] = [];
  const locationsFile = join(dir, 'locations.json');
  if (existsSync(locationsFile)) lookups.push(...rwandaLocations(readJson(locationsFile, locationsFileSchema).levels));
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.json') || SPECIAL_FILES.has(file)) continue;
    lookups.push(readJson(join(dir, file), lookupFileSchema));
  }
  const optional = <T>(name: string, schema: z.ZodType<T>, fallback: T): T =>
    existsSync(join(dir, name)) ? readJson(join(dir, name), schema) : fallback;
  return {
    lookups,
    services: optional('services.json', servicesSchema, []),
    serviceAttachments: optional('service-attachments.json', serviceAttachmentsSchema, []),
    statuses: optional('application-statuses.json', statusesSchema, []),
    labels: readReferenceLabels(dir),
  };
}
