/**
 * The name and id of a service the project's own tests scaffold into a copy of the repository. Never
 * one an authority could pick: an authority adding `tree-planting` (or any other name) must not turn
 * the tests red. The key is `test-` and a random suffix (a fresh one each run, so no real service,
 * present or future, holds it; or a hash of the services copied, see `scratchKey`), the id the first
 * one above every id the copy already takes, so it is never one a service holds. The
 * meta-schema does not reserve the prefix: the copies run `services:check`, which must accept the
 * scaffolded service like any other.
 */
import { createHash, randomBytes } from 'node:crypto';
import { freeServiceId, type NewServiceOptions } from '../scripts/services-new';

/** The prefix of the keys the tests scaffold. */
export const SCRATCH_PREFIX = 'test-';

/**
 * A key no authority holds: `test-<label>-<suffix>` (`label` says which test it is, for messages). The
 * suffix is random, or, with `seed`, a hash of it: a copy that is kept between runs (the browser
 * tests' built portal) keeps its key while the services it was copied from (the seed) stay the same.
 */
export function scratchKey(label: string, seed?: string): string {
  const suffix =
    seed === undefined
      ? randomBytes(4).toString('hex')
      : createHash('sha256').update(`${seed}\0${label}`).digest('hex').slice(0, 8);
  return `${SCRATCH_PREFIX}${label}-${suffix}`;
}

/**
 * Key, id and title of a service to scaffold under `root` (the copy it goes into), none of them taken;
 * `seed` as for `scratchKey`.
 */
export function scratchService(
  root: string,
  label: string,
  title: string,
  seed?: string,
): Required<Pick<NewServiceOptions, 'key' | 'id' | 'title'>> {
  return { key: scratchKey(label, seed), id: freeServiceId(root), title };
}
