/**
 * The services the browser tests add as JSON alone, in one copy of services/ and fixtures/ shared by
 * the files that use them, so its portal is built once: a tree-planting permit with its site
 * inspection (ninth-service.test.ts), an open-burning permit with the standard formats
 * (standard-formats.test.ts) and a permit of sections with rows of their own conditions and a
 * two-stage lifecycle, written as JSON files (sectioned-service.test.ts).
 *
 * The copy is made afresh each time (the scaffold writes it as `services:new` does), then kept in a
 * temporary folder named by a hash of its files: the next file (or run) that makes the same copy finds
 * it there with its dist/, which the product's start builds again only when the portal's sources are
 * newer (scripts/build-portal.mjs). Each file still starts its own product, with a database of its own.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freeServiceId, scaffoldService } from '../../scripts/services-new';
import { scratchKey } from '../scratch-service';
import { addSiteInspection } from '../lifecycle/site-inspection';
import { addStandardFormats } from '../standard-form/standard-formats';
import { addSectionedPermit, SECTIONED_TITLE } from '../standard-form/sectioned-permit';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/**
 * Keys and ids no authority's service holds (tests/scratch-service.ts): `test-tree-planting-<hash>`,
 * `test-open-burning-<hash>` and `test-sectioned-<hash>`, the hash of the repository's services and fixtures (so the kept
 * copy keeps its keys while they stay the same), and the first ids above the repository's.
 */
const SEED = contentHash(root);
const FIRST_ID = freeServiceId(root);
const TREE_KEY = scratchKey('tree-planting', SEED);
const BURNING_KEY = scratchKey('open-burning', SEED);
const SECTIONED_KEY = scratchKey('sectioned', SEED);
/** Each with its record's name in the application's answer (the key in snake case, as scaffolded). */
export const TREE_PLANTING = {
  key: TREE_KEY,
  id: FIRST_ID,
  title: 'Tree Planting Permit',
  record: TREE_KEY.replace(/-/g, '_'),
} as const;
export const OPEN_BURNING = {
  key: BURNING_KEY,
  id: FIRST_ID + 1,
  title: 'Open Burning Permit',
  record: BURNING_KEY.replace(/-/g, '_'),
} as const;
export const SECTIONED = {
  key: SECTIONED_KEY,
  id: FIRST_ID + 2,
  title: SECTIONED_TITLE,
  record: SECTIONED_KEY.replace(/-/g, '_'),
} as const;

/** The copies of this checkout are named after it: another checkout's runs keep theirs. */
const PREFIX = `ecopermit-added-services-${createHash('sha256').update(root).digest('hex').slice(0, 8)}-`;

/** A hash of the names and contents of the files of services/ and fixtures/ under `folder`. */
function contentHash(folder: string): string {
  const hash = createHash('sha256');
  const walk = (path: string): void => {
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) walk(join(path, entry));
    } else {
      hash.update(`${relative(folder, path)}\0`);
      hash.update(readFileSync(path));
      hash.update('\0');
    }
  };
  for (const name of ['services', 'fixtures']) walk(join(folder, name));
  return hash.digest('hex').slice(0, 16);
}

/** The settings that start the product on the copy (`startProduct(copy.env)`), its portal in its dist/. */
export async function addedServicesCopy(): Promise<{ root: string; env: Record<string, string> }> {
  const staging = mkdtempSync(join(tmpdir(), `${PREFIX}new-`));
  for (const name of ['services', 'fixtures']) cpSync(join(root, name), join(staging, name), { recursive: true });
  await scaffoldService(staging, TREE_PLANTING);
  addSiteInspection(staging, TREE_PLANTING.key);
  await scaffoldService(staging, OPEN_BURNING);
  await addStandardFormats(staging, OPEN_BURNING.key);
  await addSectionedPermit(staging, SECTIONED);

  const name = `${PREFIX}${contentHash(staging)}`;
  const copy = join(tmpdir(), name);
  // A kept copy whose files were changed since is replaced.
  if (existsSync(copy) && contentHash(copy) !== name.slice(PREFIX.length))
    rmSync(copy, { recursive: true, force: true });
  if (existsSync(copy)) rmSync(staging, { recursive: true, force: true });
  else renameSync(staging, copy);
  // Copies of earlier definitions of this checkout are not needed any more.
  for (const entry of readdirSync(tmpdir())) {
    if (entry.startsWith(PREFIX) && entry !== name && !entry.startsWith(`${PREFIX}new-`))
      rmSync(join(tmpdir(), entry), { recursive: true, force: true });
  }
  return {
    root: copy,
    env: {
      SERVICES_DIR: join(copy, 'services'),
      LOOKUPS_DIR: join(copy, 'fixtures', 'lookups'),
      STATIC_DIR: join(copy, 'dist'),
    },
  };
}
