import { describe, expect, it } from 'vitest';
import type { LifecycleFile } from './definition-types';
import { checkLifecycle } from './lifecycle-check';
import { pathsToStatuses, unreachableStatuses } from './lifecycle-paths';
import { PLATFORM_LIFECYCLE, testLifecycle } from './test-definition';
import { resolveLifecycle, statusKey } from './transitions';

/** Stage one (completeness) reaches a status of the service's own; stage two follows only from it. */
const twoStages: Omit<LifecycleFile, 'includes'> = {
  statuses: [
    { key: 'complete', id: 51, label: 'Complete', colour: 'info', next: 'Wait.' },
    { key: 'technical-review', id: 52, label: 'Technical Review', colour: 'info', next: 'Wait.' },
  ],
  transitions: [
    { name: 'confirm-completeness', from: ['submitted'], to: 'complete', by: 'staff', via: 'move' },
    { name: 'start-technical-review', from: ['complete'], to: 'technical-review', by: 'staff', via: 'move' },
    { name: 'approve', from: ['technical-review'], to: 'approved', by: 'staff', via: 'move' },
    { name: 'reject', from: ['technical-review'], to: 'rejected', by: 'staff', via: 'move' },
  ],
};

/** The names of the rows of the path to `key`, each with the status it is taken at. */
function pathTo(own: Omit<LifecycleFile, 'includes'>, key: string): string[] | undefined {
  const definition = { lifecycle: testLifecycle(own) };
  const id = definition.lifecycle.allStatuses.find((status) => status.key === key)?.id ?? -1;
  return pathsToStatuses(definition.lifecycle)
    .get(id)
    ?.map((step) => `${statusKey(definition, step.from)}: ${step.transition.name}`);
}

/** The problems checkLifecycle reports for `own` (with the platform's base). */
function problemsOf(own: Omit<LifecycleFile, 'includes'>): string[] {
  const problems: string[] = [];
  const report = (_file: string, pointer: string, message: string) => problems.push(`${pointer}: ${message}`);
  const written = { includes: [PLATFORM_LIFECYCLE], ...own };
  checkLifecycle({ lifecycle: written }, resolveLifecycle(written, 's/service.json', report), 's/service.json', report);
  return problems;
}

describe('pathsToStatuses', () => {
  it('reaches each platform status from submitted by one row, submitted itself by none', () => {
    const lifecycle = testLifecycle();
    const paths = pathsToStatuses(lifecycle);
    expect(paths.get(2)).toEqual([]);
    expect([...paths.keys()].sort((a, b) => a - b)).toEqual([2, 3, 5, 6, 7, 9, 10]);
    expect(paths.get(6)?.map((step) => [step.from, step.transition.name])).toEqual([[2, 'approve']]);
    // The draft is where an application starts, before any row: it is never asked for.
    expect(unreachableStatuses(lifecycle)).toEqual([]);
  });

  it('reaches a second stage through the first, and decides from there', () => {
    expect(pathTo(twoStages, 'complete')).toEqual(['submitted: confirm-completeness']);
    expect(pathTo(twoStages, 'technical-review')).toEqual([
      'submitted: confirm-completeness',
      'complete: start-technical-review',
    ]);
    expect(problemsOf(twoStages)).toEqual([]);
  });

  it('answers one shortest path, the same for the same table: statuses in the order the table reaches them', () => {
    const both: Omit<LifecycleFile, 'includes'> = {
      ...twoStages,
      transitions: [
        ...(twoStages.transitions ?? []),
        { name: 'fast-track', from: ['under-review'], to: 'technical-review', by: 'staff', via: 'move' },
      ],
    };
    // Under review is reached (by the platform's rows, first in the table) before complete.
    expect(pathTo(both, 'technical-review')).toEqual(['submitted: review', 'under-review: fast-track']);
  });

  it('leaves out a status no row reaches, and the check refuses it with the fix', () => {
    const stranded: Omit<LifecycleFile, 'includes'> = {
      ...twoStages,
      statuses: [
        ...(twoStages.statuses ?? []),
        { key: 'on-hold', id: 53, label: 'On Hold', colour: 'warning', next: 'Wait.' },
      ],
      // Its only row leaves it: nothing leads there.
      transitions: [
        ...(twoStages.transitions ?? []),
        { name: 'resume', from: ['on-hold'], to: 'under-review', by: 'staff', via: 'move' },
      ],
    };
    expect(pathTo(stranded, 'on-hold')).toBeUndefined();
    expect(unreachableStatuses(testLifecycle(stranded))).toEqual([53]);
    expect(problemsOf(stranded)).toEqual([
      "/lifecycle/statuses/2: status 'on-hold' is reached by no transition from 'submitted': add a row of lifecycle.transitions to it from a status that is reached, or remove it",
    ]);
  });
});
