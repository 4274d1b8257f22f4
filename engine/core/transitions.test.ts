import { describe, expect, it } from 'vitest';
import { loadServicesDir } from './node/load-services-dir';
import { PLATFORM_LIFECYCLE, testLifecycle } from './test-definition';
import {
  decidedStatuses,
  resolveLifecycle,
  statusId,
  statusKey,
  transitionAt,
  transitionGraph,
  transitionNames,
  transitionsFrom,
} from './transitions';

describe('the transition table', () => {
  const definition = {
    lifecycle: testLifecycle({
      statuses: [{ key: 'inspected', id: 40, label: 'Inspected', colour: 'info', next: 'Wait.' }],
      transitions: [
        { name: 'inspect', from: ['submitted'], to: 'inspected', by: 'staff', via: 'move' },
        { name: 'approve', from: ['inspected'], to: 'approved', by: 'staff', via: 'move' },
      ],
    }),
  };

  it("puts the platform's base first and resolves keys to the ids applications store", () => {
    expect(statusId(definition, 'submitted')).toBe(2);
    expect(statusId(definition, 'inspected')).toBe(40);
    expect(statusKey(definition, 7)).toBe('returned');
    expect(statusKey(definition, 99)).toBe('#99');
    expect(definition.lifecycle.statuses.map((status) => status.key)).toEqual(['inspected']);
    expect(definition.lifecycle.transitions[0]).toMatchObject({ name: 'submit', from: [1], to: 2, by: 'applicant' });
  });

  it('reads the deciding statuses from the table: reached by a row, left by none', () => {
    const ends = (file: Parameters<typeof testLifecycle>[0]) => [
      ...decidedStatuses({ lifecycle: testLifecycle(file) }),
    ];
    // The platform's base: approved and rejected; returned is left by resubmit and reject.
    expect(ends({}).sort((a, b) => a - b)).toEqual([
      statusId(definition, 'approved'),
      statusId(definition, 'rejected'),
    ]);
    // A row leaving approved (an appeal) makes it no longer an end; a status of the service's own becomes one.
    const withAppeal = ends({
      statuses: [{ key: 'withdrawn', id: 41, label: 'Withdrawn', colour: 'info', next: 'None.' }],
      transitions: [
        { name: 'appeal', from: ['approved'], to: 'under-review', by: 'staff', via: 'move' },
        { name: 'withdraw', from: ['submitted'], to: 'withdrawn', by: 'staff', via: 'move' },
      ],
    });
    expect(withAppeal.sort((a, b) => a - b)).toEqual([9, 41]);
    expect(decidedStatuses(undefined).size).toBe(0);
  });

  it('finds a row by name at a status: rows of one name from different statuses are one verb', () => {
    expect(transitionAt(definition, 'approve', 40)?.to).toBe(6);
    expect(transitionAt(definition, 'approve', 2)?.to).toBe(6);
    expect(transitionAt(definition, 'approve', 1)).toBeUndefined();
    expect(transitionsFrom(definition, 40, 'staff').map((row) => row.name)).toEqual(['approve']);
    expect(transitionsFrom(definition, 1, 'applicant', ['submit']).map((row) => row.name)).toEqual(['submit']);
    expect(transitionNames(definition, 'applicant', ['submit'])).toEqual(['submit', 'resubmit']);
  });

  it('reports what does not resolve, with where it is written', () => {
    const problems: string[] = [];
    resolveLifecycle(
      {
        includes: [PLATFORM_LIFECYCLE],
        statuses: [{ key: 'submitted', id: 40, label: 'x', colour: 'info', next: 'x' }],
        transitions: [{ name: 'approve', from: ['limbo'], to: 'approved', by: 'staff', via: 'action' }],
      },
      's/service.json',
      (_file, pointer, message) => problems.push(`${pointer}: ${message}`),
    );
    expect(problems).toEqual([
      "/lifecycle/statuses/0: status 'submitted' is declared twice",
      "/lifecycle/transitions/0/name: rows named 'approve' must share to, by and via",
      "/lifecycle/transitions/0/from/0: names status 'limbo', which no lifecycle declares",
    ]);
  });
});

describe("each service's transition graph, from its table alone", () => {
  const { definitions, problems } = loadServicesDir(new URL('../../services', import.meta.url).pathname);

  it('loads every service', () => {
    expect(problems).toEqual([]);
  });

  it.each(definitions.map((definition) => [definition.key, definition] as const))('%s', (_key, definition) => {
    expect(`\n${transitionGraph(definition)}\n`).toMatchSnapshot();
  });
});
