/**
 * A lifecycle of two chained stages, written into a scaffolded service's JSON the way an analyst
 * edits it (no code): staff first review the application's completeness (`completeness-confirmed`,
 * stage one, from `submitted`), then review it technically (`technical-review`, stage two, reachable
 * only from stage one), and decide from there (approved or rejected, the platform's rows from
 * `submitted` kept too). A status reached only from another status of the service's own: the walk
 * of tests/api/status-reach.test.ts must reach it along its path, as the product does.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const TWO_STAGES = {
  first: { key: 'completeness-confirmed', id: 51, label: 'Complete' },
  second: { key: 'technical-review', id: 52, label: 'Technical Review' },
} as const;

/** The `lifecycle` of the two stages, as service.json holds it. */
export function twoStageLifecycle(): Record<string, unknown> {
  const { first, second } = TWO_STAGES;
  return {
    includes: [{ $ref: '../platform/lifecycle.json' }],
    statuses: [
      { key: first.key, id: first.id, label: first.label, colour: 'info', next: 'The technical review follows.' },
      { key: second.key, id: second.id, label: second.label, colour: 'info', next: 'The authority decides.' },
    ],
    transitions: [
      {
        name: 'confirm-completeness',
        description: 'confirms the application is complete (stage one)',
        from: ['submitted'],
        to: first.key,
        by: 'staff',
        via: 'move',
      },
      {
        name: 'start-technical-review',
        description: 'takes a complete application up for its technical review (stage two)',
        from: [first.key],
        to: second.key,
        by: 'staff',
        via: 'move',
      },
      { name: 'return', from: [first.key], to: 'returned', by: 'staff', via: 'move' },
      { name: 'approve', from: [second.key], to: 'approved', by: 'staff', via: 'move' },
      { name: 'reject', from: [first.key, second.key], to: 'rejected', by: 'staff', via: 'move' },
    ],
  };
}

/** Writes the two-stage lifecycle into `services/<key>/service.json` under `root`. */
export function addTwoStageReview(root: string, key: string): void {
  const file = join(root, 'services', key, 'service.json');
  const service = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  service.lifecycle = twoStageLifecycle();
  writeFileSync(file, `${JSON.stringify(service, null, 2)}\n`);
}
