/**
 * The name and id of a service the project's own tests scaffold into a copy of the repository. Never
 * one an authority could pick: an authority adding `tree-planting` (or any other name) must not turn
 * the tests red. The key is `test-` and a random suffix (a fresh one each run, so no real service,
 * present or future, holds it), the id the first one above every id the copy already takes. The
 * meta-schema does not reserve the prefix: the copies run `services:check`, which must accept the
 * scaffolded service like any other.
 */
import { randomBytes } from 'node:crypto';
import { freeServiceId, type NewServiceOptions } from '../scripts/services-new';

/** The prefix of the keys the tests scaffold. */
export const SCRATCH_PREFIX = 'test-';

/** A key no authority holds: `test-<label>-<random>` (`label` says which test it is, for messages). */
export function scratchKey(label: string): string {
  return `${SCRATCH_PREFIX}${label}-${randomBytes(4).toString('hex')}`;
}

/** Key, id and title of a service to scaffold under `root` (the copy it goes into), none of them taken. */
export function scratchService(root: string, label: string, title: string): Required<NewServiceOptions> {
  return { key: scratchKey(label), id: freeServiceId(root), title };
}
