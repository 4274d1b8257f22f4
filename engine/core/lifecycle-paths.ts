/**
 * The paths of a lifecycle: for every status, the shortest run of the table's rows (breadth first,
 * rows in table order) that takes an application from `submitted` there. What a service declares is
 * what an application can live through: a status no path reaches is a status no application will
 * ever be at, so the loader refuses it (lifecycle-check.ts), and the tests walk each path through the
 * product's own doors (tests/api/status-reach.test.ts), so a second stage reached only from a
 * first one is reached the way the product reaches it.
 */
import type { Lifecycle, Transition } from './definition-types';
import { STATUS } from './status-presentation';

/** One step of a path: the row taken, and the status it is taken at. */
export interface LifecycleStep {
  from: number;
  transition: Transition;
}

/**
 * For every status reachable from `submitted` along `lifecycle.transitions`, the steps from
 * `submitted` to it (none for `submitted` itself). A status missing from the answer is reached by no
 * path. Breadth first and in table order, so each path is a shortest one and the answer is the same
 * for the same table. Conditions (`when`) are not judged: a row is a path the definition declares.
 */
export function pathsToStatuses(lifecycle: Pick<Lifecycle, 'transitions'>): Map<number, LifecycleStep[]> {
  const paths = new Map<number, LifecycleStep[]>([[STATUS.submitted, []]]);
  const queue: number[] = [STATUS.submitted];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const here = paths.get(next) ?? [];
    for (const transition of lifecycle.transitions) {
      if (!transition.from.includes(next) || paths.has(transition.to)) continue;
      paths.set(transition.to, [...here, { from: next, transition }]);
      queue.push(transition.to);
    }
  }
  return paths;
}

/**
 * The statuses of `lifecycle` no path from `submitted` reaches (`draft` is where an application
 * starts, before any row, and is never asked for).
 */
export function unreachableStatuses(lifecycle: Pick<Lifecycle, 'transitions' | 'allStatuses'>): number[] {
  const paths = pathsToStatuses(lifecycle);
  return lifecycle.allStatuses.map((status) => status.id).filter((id) => id !== STATUS.draft && !paths.has(id));
}
