/**
 * The order the browser files (tests/e2e) start in, two at a time: a file that builds a portal of its
 * own (servicesCopy's `ownPortal`) starts first, since its build is the longest wait of the suite.
 * Started last, as Vitest's order puts it on a fresh clone (a small file), it ran alone at the end
 * while the other worker had nothing left. The others keep Vitest's order: the longest of the last
 * run first when a run is on record, larger files first otherwise.
 */
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const BUILDS_OWN_PORTAL = /\.ownPortal\b/;

/**
 * The files in their given order, those whose source builds a portal of their own moved to the front.
 * @param source reads a file's source (its path is `moduleId`)
 */
export function ownPortalFirst<T extends { moduleId: string }>(files: T[], source: (path: string) => string): T[] {
  const builds = new Set(files.filter((file) => BUILDS_OWN_PORTAL.test(source(file.moduleId))));
  return [...files.filter((file) => builds.has(file)), ...files.filter((file) => !builds.has(file))];
}

/** Vitest's sequencer, with the files that build a portal of their own moved to the front. */
export class OwnPortalFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return ownPortalFirst(await super.sort(files), (path) => readFileSync(path, 'utf8'));
  }
}
