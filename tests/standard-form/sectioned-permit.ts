/**
 * A service written as JSON alone, kept under sectioned-permit/ (its service folder and its fixtures):
 * a form of sections (the holder, with a choice of titled options; the site, with a nested section)
 * and storage areas as rows, each row with its own rule (a reason asked when the area is not bunded),
 * its texts in every language of the portal. Its lifecycle is the two chained stages of
 * tests/lifecycle/two-stage-review.ts. Added to the copies `npm run test:added-service` and the browser
 * tests make (tests/e2e/added-services.ts), under a key and id no service holds: services:check,
 * i18n:check, the conformance suite (its fixtures through the real API), the status walk and the
 * browser (tests/e2e/sectioned-service.test.ts) read it like any service.
 */
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFormattedJson } from '../../scripts/write-formatted-json';
import { addTwoStageReview } from '../lifecycle/two-stage-review';
import { readJson } from './service-edits';

const SOURCE = fileURLToPath(new URL('./sectioned-permit/', import.meta.url));
/** The key the JSON files are written with, replaced by the copy's. */
const WRITTEN_KEY = 'test-sectioned-permit';

export const SECTIONED_TITLE = 'Sectioned Storage Permit';

/**
 * Copies the service into `services/<key>/` and its fixtures into `fixtures/<key>/` under `root`, with
 * `key` and `id` in its routes, save call and record, its row in the seeded services table (with
 * its translations) and the two-stage lifecycle.
 */
export async function addSectionedPermit(root: string, options: { key: string; id: number }): Promise<void> {
  const { key, id } = options;
  const folder = join(root, 'services', key);
  cpSync(join(SOURCE, 'service'), folder, { recursive: true });
  cpSync(join(SOURCE, 'fixtures'), join(root, 'fixtures', key), { recursive: true });
  const file = join(folder, 'service.json');
  const service = JSON.parse(readFileSync(file, 'utf8').split(WRITTEN_KEY).join(key)) as Record<string, unknown>;
  service.id = id;
  (service.view as { record: string }).record = key.replace(/-/g, '_');
  const save = (service.submit as { calls: Array<{ body: Record<string, unknown> }> }).calls[0];
  if (save) save.body.service_id = id;
  await writeFormattedJson(file, service);
  addTwoStageReview(root, key);
  await writeFormattedJson(file, readJson(file));

  // The seeded row of the services table: the landing page lists its name and description.
  const lookups = join(root, 'fixtures', 'lookups');
  const seeded = readJson(join(lookups, 'services.json')) as unknown as Array<Record<string, unknown>>;
  const description = service.summary as string;
  await writeFormattedJson(join(lookups, 'services.json'), [...seeded, { id, name: SECTIONED_TITLE, description }]);
  for (const language of ['de', 'it', 'ru', 'es']) {
    const labels = join(lookups, 'i18n', `${language}.json`);
    if (!existsSync(labels)) continue;
    const catalogue = readJson(join(folder, 'i18n', `${language}.json`)) as Record<string, string>;
    const texts = readJson(labels) as { services?: Record<string, unknown> };
    texts.services = {
      ...texts.services,
      [String(id)]: { name: catalogue[SECTIONED_TITLE], description: catalogue[description] },
    };
    await writeFormattedJson(labels, texts);
  }
}
